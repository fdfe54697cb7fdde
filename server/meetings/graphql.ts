import { z } from 'zod';
import { bookingChangeSchema, bookingInputSchema } from '../../common/slots.ts';
import { establishmentById, userById } from '../accounts/index.ts';
import { companyById } from '../companies/index.ts';
import type { GqlContext } from '../kernel/context.ts';
import { AppError } from '../kernel/errors.ts';
import type { GraphQLModule } from '../kernel/graphql-module.ts';
import { idInput, parseInput } from '../kernel/validation.ts';
import { requireKind, requireViewer } from '../permissions.ts';
import { type SlotView, slotOfHistory } from '../slots/index.ts';
import { markAbsent, markAbsentSchema } from './absence.ts';
import { bookSlotFor } from './booking.ts';
import { changeBooking } from './change.ts';
import {
  confirmMeetingFromLink,
  meetingLinkInputSchema,
  releaseLinkInputSchema,
  releaseMeetingFromLink,
} from './links.ts';
import { cancelInputSchema, cancelMeeting, keepMeeting, periodSchema } from './meetings.ts';
import { myMeetingOnSlot, slotBookingsFor, slotVideoLinkFor } from './slot-views.ts';
import { type MeetingView, meetingViewFor, meetingViewsFor } from './views.ts';

const slotIdSchema = z.object({ slotId: z.coerce.number().int().positive() });

export const meetingsModule: GraphQLModule = {
  typeDefs: /* GraphQL */ `
    type Meeting {
      id: ID!
      slot: Slot!
      company: Company!
      teacher: Teacher!
      "The stored status, or from the clock: inProgress between start and end, done after the end."
      status: MeetingStatus!
      participantsCount: Int!
      publicCategory: PublicCategory!
      "Where it happens: a visit's address, an intervention's establishment, a webinar's link or room — or, where the platform has no room and the company gave no link, « Lien communiqué par l’entreprise »."
      place: String
      "The teacher's message for the company."
      message: String
      accompanyingAdultName: String
      accompanyingAdultPhone: String
      "The establishment the group comes from."
      establishment: Establishment
      cancelReason: String
      "Who cancelled: teacher, company, or platform (the operators removed the company); null while it stands."
      cancelledBy: String
      createdAt: DateTime!
      "Whether the caller may cancel it now: not cancelled and not started."
      canCancel: Boolean!
      "Whether the caller, its teacher, may change the booking now (changeBooking): not cancelled and not started."
      canChange: Boolean!
      "The meeting as an .ics file (for its teacher and its company, with the session)."
      calendarUrl: String!
      "The company said the group did not come (a no-show)."
      absent: Boolean!
      "When the teacher confirmed their presence from a reminder's « Je confirme »; null until then."
      teacherConfirmedAt: DateTime
      "When one of the company's recruiters confirmed from a reminder's « Je confirme »; null until then."
      companyConfirmedAt: DateTime
      "The attestation's verification code (/attestation/<code>) once the meeting is held, for its teacher and its company's recruiters; null otherwise."
      attestationCode: String
      "A webinar's external link, the one its place gives; null for any other meeting and for a webinar in the platform's room or whose company has not given its link."
      videoLink: String
      "bookSlot's answer only (null elsewhere): the slot's seats left and state just after this booking, as its own write returned them, without reading the slot again. Elsewhere, read slot { seatsLeft state }."
      slotSeats: SlotSeats
    }
    "A slot's seats as a write left them: what its card shows."
    type SlotSeats {
      seatsLeft: Int!
      state: SlotState!
    }
    "What a reminder's « Je confirme » did: the confirmation, new or the one already given."
    type MeetingConfirmation {
      confirmedAt: DateTime!
      alreadyConfirmed: Boolean!
    }
    input BookingInput {
      slotId: ID!
      participantsCount: Int!
      publicCategory: PublicCategory!
      message: String
      accompanyingAdultName: String
      accompanyingAdultPhone: String
      acceptCharter: Boolean!
    }
    "What its teacher changes of a booking; absent fields stay as they are, null or empty clears them."
    input BookingChangeInput {
      participantsCount: Int
      accompanyingAdultName: String
      accompanyingAdultPhone: String
      message: String
      "One of the teacher's groups; null detaches the booking from its group."
      groupId: ID
      "A larger group that the seats left cannot take: false (default) refuses with slot_full, true keeps the booking and puts the difference on the slot's waitlist."
      waitlistIfFull: Boolean
    }
    extend type Slot {
      "An external webinar's link: its company, the operators, the teachers booked on it; null for anyone else."
      videoLink: String
      "Its company's recruiters and the operators only; empty for anyone else."
      meetings: [Meeting!]!
      "The caller's live booking of this slot (teachers); null otherwise."
      myMeeting: Meeting
    }
    extend type Query {
      "A teacher's own meetings, a recruiter's company's: not ended yet (soonest first) or ended (latest first)."
      myMeetings(period: Period = upcoming): [Meeting!]!
      "Its teacher, its company's recruiters, admins; null for anyone else."
      meeting(id: ID!): Meeting
    }
    extend type Mutation {
      "Instantly confirmed; slot_full, already_booked or charter_not_accepted otherwise."
      bookSlot(input: BookingInput!): Meeting!
      "The meeting's teacher, before it starts (meeting_not_changeable after, or once cancelled); its company is told, old → new."
      changeBooking(id: ID!, input: BookingChangeInput!): Meeting!
      "Either side, before the start; both are told."
      cancelMeeting(id: ID!, reason: String): Meeting!
      "The teacher keeps their seat on a moved slot: reported becomes confirmed."
      keepMeeting(id: ID!): Meeting!
      "The company: the group did not come; after the end, within 7 days; the teacher is told."
      markAbsent(meetingId: ID!): Meeting!
      "A reminder's « Je confirme », without a login: the signed token names the meeting and who confirms."
      confirmMeetingFromLink(token: String!): MeetingConfirmation!
      "A reminder's « Je ne peux plus venir », without a login: that side cancels, both are told as usual."
      releaseMeetingFromLink(token: String!, reason: String): Boolean!
    }
  `,
  resolvers: {
    Query: {
      myMeetings: (_root, args, c) => {
        const viewer = requireKind(c.var.viewer, 'teacher', 'recruiter');
        return meetingViewsFor(viewer, parseInput(periodSchema, args), c.var.deps);
      },
      meeting: (_root, args, c) =>
        meetingViewFor(requireViewer(c.var.viewer), parseInput(idInput, args).id, c.var.deps),
    },
    Mutation: {
      bookSlot: (_root, args, c) => {
        const { slotId } = parseInput(slotIdSchema, args.input);
        const input = parseInput(bookingInputSchema, args.input);
        return bookSlotFor(c.var.viewer, { ...input, slotId }, c.var.deps);
      },
      changeBooking: async (_root, args, c) => {
        const { id } = parseInput(idInput, args);
        const change = parseInput(bookingChangeSchema, args.input);
        return (await changeBooking(c.var.viewer, { id, change }, c.var.deps)).meeting;
      },
      cancelMeeting: (_root, args, c) =>
        cancelMeeting(c.var.viewer, parseInput(cancelInputSchema, args), c.var.deps),
      keepMeeting: (_root, args, c) => keepMeeting(c.var.viewer, parseInput(idInput, args), c.var.deps),
      confirmMeetingFromLink: (_root, args, c) =>
        confirmMeetingFromLink(parseInput(meetingLinkInputSchema, args), c.var.deps),
      releaseMeetingFromLink: async (_root, args, c) => {
        await releaseMeetingFromLink(parseInput(releaseLinkInputSchema, args), c.var.deps);
        return true;
      },
      markAbsent: (_root, args, c) =>
        markAbsent(c.var.viewer, parseInput(markAbsentSchema, args), c.var.deps),
    },
    Meeting: {
      slot: async (meeting: MeetingView, _args, c) => {
        // Kept even when its company deleted it: the meeting is then cancelled, and stays in the history.
        const slot = await slotOfHistory(meeting.slotId, c.var.deps);
        if (!slot) throw new Error(`slot ${meeting.slotId} of meeting ${meeting.id} not found`);
        return slot;
      },
      company: async (meeting: MeetingView, _args, c) => {
        const company = await companyById(meeting.company.id, c.var.deps);
        if (!company) throw new AppError('NOT_FOUND');
        return company;
      },
      teacher: async (meeting: MeetingView, _args, c) => {
        const teacher = await userById(meeting.teacher.id, c.var.deps);
        if (!teacher) throw new AppError('NOT_FOUND');
        return teacher;
      },
      establishment: (meeting: MeetingView, _args, c) =>
        establishmentById(meeting.establishmentId, c.var.deps),
      calendarUrl: (meeting: MeetingView, _args, c: GqlContext) =>
        `${c.var.deps.config.PUBLIC_URL}${meeting.calendarUrl}`,
    },
    Slot: {
      meetings: (slot: SlotView, _args, c) => slotBookingsFor(c.var.viewer, slot, c.var.deps),
      myMeeting: (slot: SlotView, _args, c) => myMeetingOnSlot(c.var.viewer, slot, c.var.deps),
      videoLink: (slot: SlotView, _args, c) => slotVideoLinkFor(c.var.viewer, slot, c.var.deps),
    },
  },
};
