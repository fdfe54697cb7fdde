import { z } from 'zod';
import { bookingInputSchema, cancelMeetingSchema, shownMeetingStatus } from '../../common/slots.ts';
import { findEstablishmentById, findUserById } from '../accounts/index.ts';
import { findCompanyById } from '../companies/index.ts';
import { AppError } from '../errors.ts';
import type { GraphQLModule } from '../graphql/module.ts';
import { addressOf } from '../graphql/shapes.ts';
import { requireKind, requireViewer } from '../http/authorization.ts';
import { deliverQueuedMail } from '../http/background.ts';
import type { GqlContext } from '../http/context.ts';
import { findSlotById, type SlotRow } from '../slots/index.ts';
import { parseInput } from '../validation.ts';
import { bookSlot, type Meeting } from './booking.ts';
import { CALENDAR_ROUTES, createCalendarFeed, hasCalendarFeed, revokeCalendarFeed } from './calendar-feed.ts';
import { cancelMeeting, findMeetingFor, keepMeeting, listMyMeetings, type MeetingDeps } from './meetings.ts';

const idSchema = z.object({ id: z.coerce.number().int().positive() });
const slotIdSchema = z.object({ slotId: z.coerce.number().int().positive() });
const periodSchema = z.object({ period: z.enum(['upcoming', 'past']).default('upcoming') });

function meetingDeps(c: GqlContext): MeetingDeps {
  const { db, clock, config } = c.var.deps;
  return { db, now: clock.now(), publicUrl: config.PUBLIC_URL };
}

/** Slots read for this request's meetings: `slot`, `company`, `status` and `canCancel` all need it. */
const slotsRead = new WeakMap<GqlContext, Map<number, Promise<SlotRow>>>();

/** The meeting's slot, kept even when its company deleted it (the meeting is then cancelled); read once. */
function slotOf(c: GqlContext, meeting: Meeting): Promise<SlotRow> {
  let read = slotsRead.get(c);
  if (!read) {
    read = new Map();
    slotsRead.set(c, read);
  }
  let slot = read.get(meeting.slotId);
  if (!slot) {
    slot = findSlotById(c.var.deps.db, meeting.slotId, { includeDeleted: true }).then((row) => {
      if (!row) throw new Error(`slot ${meeting.slotId} of meeting ${meeting.id} not found`);
      return row;
    });
    read.set(meeting.slotId, slot);
  }
  return slot;
}

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
      "The teacher's message for the company."
      message: String
      accompanyingAdultName: String
      accompanyingAdultPhone: String
      "The establishment the group comes from."
      establishment: Establishment
      cancelReason: String
      "Who cancelled: teacher or company; null while the meeting stands."
      cancelledBy: String
      createdAt: DateTime!
      "Whether the caller may cancel it now: not cancelled and not started."
      canCancel: Boolean!
      "The meeting as an .ics file (for its teacher and its company, with the session)."
      calendarUrl: String!
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
    extend type Query {
      "A teacher's own meetings, a recruiter's company's: not ended yet (soonest first) or ended (latest first)."
      myMeetings(period: Period = upcoming): [Meeting!]!
      "Its teacher, its company's recruiters, admins; null for anyone else."
      meeting(id: ID!): Meeting
      "Whether the caller has a private calendar feed URL (it is shown only when made)."
      hasCalendarFeed: Boolean!
    }
    extend type Mutation {
      "Instantly confirmed; slot_full, already_booked or charter_not_accepted otherwise."
      bookSlot(input: BookingInput!): Meeting!
      "Either side, before the start; both are told."
      cancelMeeting(id: ID!, reason: String): Meeting!
      "The teacher keeps their seat on a moved slot: reported becomes confirmed."
      keepMeeting(id: ID!): Meeting!
      "A new private iCalendar feed URL; the previous one stops working."
      createCalendarFeed: String!
      "The feed URL stops working."
      revokeCalendarFeed: Boolean!
    }
  `,
  resolvers: {
    Query: {
      myMeetings: (_root, args, c) => {
        const viewer = requireKind(c, 'teacher', 'recruiter');
        const { period } = parseInput(periodSchema, args);
        return listMyMeetings(c.var.deps.db, viewer, period, c.var.deps.clock.now());
      },
      meeting: async (_root, args, c) => {
        const viewer = requireViewer(c);
        const found = await findMeetingFor(c.var.deps.db, viewer, parseInput(idSchema, args).id);
        return found?.meeting ?? null;
      },
      hasCalendarFeed: (_root, _args, c) =>
        hasCalendarFeed(c.var.deps.db, requireKind(c, 'teacher', 'recruiter').id),
    },
    Mutation: {
      bookSlot: async (_root, args, c) => {
        const teacher = requireKind(c, 'teacher');
        const { slotId } = parseInput(slotIdSchema, args.input);
        const input = parseInput(bookingInputSchema, args.input);
        const meeting = await bookSlot(
          c.var.deps.db,
          { ...input, slotId, teacherId: teacher.id },
          c.var.deps.clock.now(),
        );
        deliverQueuedMail(c);
        return meeting;
      },
      cancelMeeting: async (_root, args, c) => {
        const viewer = requireKind(c, 'teacher', 'recruiter');
        const { id } = parseInput(idSchema, args);
        const { reason } = parseInput(cancelMeetingSchema, args);
        const meeting = await cancelMeeting(meetingDeps(c), viewer, id, reason);
        deliverQueuedMail(c);
        return meeting;
      },
      keepMeeting: (_root, args, c) =>
        keepMeeting(meetingDeps(c), requireKind(c, 'teacher').id, parseInput(idSchema, args).id),
      createCalendarFeed: (_root, _args, c) =>
        createCalendarFeed(
          c.var.deps.db,
          requireKind(c, 'teacher', 'recruiter').id,
          c.var.deps.config.PUBLIC_URL,
        ),
      revokeCalendarFeed: async (_root, _args, c) => {
        await revokeCalendarFeed(c.var.deps.db, requireKind(c, 'teacher', 'recruiter').id);
        return true;
      },
    },
    Meeting: {
      slot: (meeting: Meeting, _args, c) => slotOf(c, meeting),
      company: async (meeting: Meeting, _args, c) => {
        const company = await findCompanyById(c.var.deps.db, (await slotOf(c, meeting)).companyId);
        if (!company) throw new AppError('NOT_FOUND');
        return company;
      },
      teacher: async (meeting: Meeting, _args, c) => {
        const teacher = await findUserById(c.var.deps.db, meeting.teacherId);
        if (!teacher) throw new AppError('NOT_FOUND');
        return teacher;
      },
      status: async (meeting: Meeting, _args, c) => {
        const slot = await slotOf(c, meeting);
        return shownMeetingStatus(meeting.status, slot.startsAt, slot.endsAt, c.var.deps.clock.now());
      },
      establishment: async (meeting: Meeting, _args, c) => {
        const establishment = meeting.establishmentId
          ? await findEstablishmentById(c.var.deps.db, meeting.establishmentId)
          : null;
        return establishment ? { ...establishment, address: addressOf(establishment) } : null;
      },
      cancelledBy: (meeting: Meeting) => {
        if (meeting.status !== 'cancelled' || meeting.cancelledBy === null) return null;
        return meeting.cancelledBy === meeting.teacherId ? 'teacher' : 'company';
      },
      canCancel: async (meeting: Meeting, _args, c) => {
        const viewer = c.var.viewer;
        if (meeting.status === 'cancelled' || !viewer || viewer.kind === 'admin') return false;
        const slot = await slotOf(c, meeting);
        return slot.startsAt.getTime() > c.var.deps.clock.now().getTime();
      },
      calendarUrl: (meeting: Meeting, _args, c) =>
        `${c.var.deps.config.PUBLIC_URL}${CALENDAR_ROUTES.meeting(meeting.id)}`,
    },
  },
};
