import { z } from 'zod';
import { duplicateSlotSchema, slotInputSchema, slotState } from '../../common/slots.ts';
import { utcToZonedWallClock } from '../../common/time.ts';
import { type CompanyRow, findCompanyById } from '../companies/index.ts';
import type { GraphQLModule } from '../graphql/module.ts';
import { requireKind } from '../http/authorization.ts';
import { deliverQueuedMail } from '../http/background.ts';
import type { GqlContext } from '../http/context.ts';
import { liveMeetingOfTeacher, meetingsOfSlot } from '../meetings/index.ts';
import { parseInput } from '../validation.ts';
import { countAvailableSlots } from './availability.ts';
import {
  createSlot,
  deleteSlot,
  duplicateSlot,
  findSlotById,
  listCompanySlots,
  type SlotDeps,
  type SlotRow,
  upcomingSlotsOfCompany,
  updateSlot,
} from './slots.ts';

const daysSchema = z.object({ days: z.number().int().min(1).max(365) });
const idSchema = z.object({ id: z.coerce.number().int().positive() });
const periodSchema = z.object({ period: z.enum(['upcoming', 'past']).default('upcoming') });

function slotDeps(c: GqlContext): SlotDeps {
  const { db, clock, config } = c.var.deps;
  return { db, now: clock.now(), publicUrl: config.PUBLIC_URL };
}

/** The recruiter's company id; FORBIDDEN for anyone else. */
function recruiterCompany(c: GqlContext): { userId: number; companyId: number } {
  const viewer = requireKind(c, 'recruiter');
  if (!viewer.companyId) throw new Error(`recruiter ${viewer.id} has no company`);
  return { userId: viewer.id, companyId: viewer.companyId };
}

/** Its company's recruiters and the admins see who booked a slot. */
function seesBookings(c: GqlContext, slot: SlotRow): boolean {
  const viewer = c.var.viewer;
  return viewer?.kind === 'admin' || (viewer?.kind === 'recruiter' && viewer.companyId === slot.companyId);
}

/**
 * A slot's dates are for logged-in people (visitors see counts only, PRODUCT.md, Discovery): teachers see
 * validated companies' slots, recruiters their own company's, admins every slot.
 */
async function visibleSlot(c: GqlContext, id: number): Promise<SlotRow | null> {
  const viewer = c.var.viewer;
  if (!viewer) return null;
  const slot = await findSlotById(c.var.deps.db, id);
  if (!slot) return null;
  if (viewer.kind === 'admin' || seesBookings(c, slot)) return slot;
  if (viewer.kind !== 'teacher') return null;
  const company = await findCompanyById(c.var.deps.db, slot.companyId);
  return company?.status === 'validated' ? slot : null;
}

export const slotsModule: GraphQLModule = {
  typeDefs: /* GraphQL */ `
    type Speaker {
      name: String!
      firstname: String!
      email: String!
      phone: String!
      role: String!
    }
    type Slot {
      id: ID!
      company: Company!
      startsAt: DateTime!
      endsAt: DateTime!
      "The IANA zone of the company's department: the slot's date and time are shown in it."
      timeZone: String!
      "Wall-clock date in the slot's zone, YYYY-MM-DD."
      date: String!
      "Wall-clock start in the slot's zone, HH:MM."
      time: String!
      durationMinutes: Int!
      meetingType: MeetingType!
      publicCategories: [PublicCategory!]!
      subjects: [SlotSubject!]!
      maxParticipants: Int!
      seatsTaken: Int!
      seatsLeft: Int!
      state: SlotState!
      speaker: Speaker!
      description: String
      videoLink: String
      "Where a company visit happens: the address the slot gives, else the company's."
      place: String
      "Its company's recruiters and admins only; empty for anyone else."
      meetings: [Meeting!]!
      "The caller's live booking of this slot (teachers); null otherwise."
      myMeeting: Meeting
    }
    input SpeakerInput {
      name: String!
      firstname: String!
      email: String!
      phone: String!
      role: String!
    }
    "date YYYY-MM-DD and time HH:MM are wall-clock in the company's time zone."
    input SlotInput {
      date: String!
      time: String!
      durationMinutes: Int!
      meetingType: MeetingType!
      publicCategories: [PublicCategory!]!
      subjects: [SlotSubject!]
      maxParticipants: Int!
      speaker: SpeakerInput!
      description: String
      videoLink: String
    }
    extend type Company {
      "Upcoming slots (not started): teachers, its recruiters and admins; empty for anyone else."
      slots: [Slot!]!
    }
    extend type Query {
      "Public: slots with seats left starting within \`days\` (from now to now + days × 24 h)."
      availableSlotsCount(days: Int = 15): Int!
      "Teachers (validated companies), its company's recruiters, admins; null for anyone else."
      slot(id: ID!): Slot
      "The recruiter's slots: not ended yet (soonest first) or ended (latest first)."
      mySlots(period: Period = upcoming): [Slot!]!
    }
    extend type Mutation {
      createSlot(input: SlotInput!): Slot!
      "Moving a booked slot (date, time, duration) postpones its meetings and tells the teachers."
      updateSlot(id: ID!, input: SlotInput!): Slot!
      "Cancels its live bookings and tells the teachers."
      deleteSlot(id: ID!): Boolean!
      "Copies the slot onto other dates (YYYY-MM-DD), at the same time in its zone."
      duplicateSlot(id: ID!, dates: [String!]!): [Slot!]!
    }
  `,
  resolvers: {
    Query: {
      availableSlotsCount: (_root, args, c) => {
        const { days } = parseInput(daysSchema, args);
        return countAvailableSlots(c.var.deps.db, c.var.deps.clock.now(), days);
      },
      slot: (_root, args, c) => visibleSlot(c, parseInput(idSchema, args).id),
      mySlots: (_root, args, c) => {
        const { companyId } = recruiterCompany(c);
        const { period } = parseInput(periodSchema, args);
        return listCompanySlots(c.var.deps.db, companyId, period, c.var.deps.clock.now());
      },
    },
    Mutation: {
      createSlot: (_root, args, c) => {
        const { companyId } = recruiterCompany(c);
        return createSlot(slotDeps(c), companyId, parseInput(slotInputSchema, args.input));
      },
      updateSlot: async (_root, args, c) => {
        const { companyId } = recruiterCompany(c);
        const { id } = parseInput(idSchema, args);
        const slot = await updateSlot(slotDeps(c), companyId, id, parseInput(slotInputSchema, args.input));
        deliverQueuedMail(c);
        return slot;
      },
      deleteSlot: async (_root, args, c) => {
        const { companyId, userId } = recruiterCompany(c);
        await deleteSlot(slotDeps(c), companyId, parseInput(idSchema, args).id, userId);
        deliverQueuedMail(c);
        return true;
      },
      duplicateSlot: (_root, args, c) => {
        const { companyId } = recruiterCompany(c);
        const { id } = parseInput(idSchema, args);
        const { dates } = parseInput(duplicateSlotSchema, args);
        return duplicateSlot(slotDeps(c), companyId, id, dates);
      },
    },
    Company: {
      slots: (company: CompanyRow, _args, c) => {
        const viewer = c.var.viewer;
        const allowed =
          viewer?.kind === 'admin' ||
          (viewer?.kind === 'teacher' && company.status === 'validated') ||
          (viewer?.kind === 'recruiter' && viewer.companyId === company.id);
        return allowed ? upcomingSlotsOfCompany(c.var.deps.db, company.id, c.var.deps.clock.now()) : [];
      },
    },
    Slot: {
      company: (slot: SlotRow, _args, c) => findCompanyById(c.var.deps.db, slot.companyId),
      date: (slot: SlotRow) => utcToZonedWallClock(slot.startsAt, slot.timeZone).date,
      time: (slot: SlotRow) => utcToZonedWallClock(slot.startsAt, slot.timeZone).time,
      seatsLeft: (slot: SlotRow) => Math.max(slot.maxParticipants - slot.seatsTaken, 0),
      state: (slot: SlotRow) => slotState(slot.seatsTaken, slot.maxParticipants),
      speaker: (slot: SlotRow) => ({
        name: slot.speakerName,
        firstname: slot.speakerFirstname,
        email: slot.speakerEmail,
        phone: slot.speakerPhone,
        role: slot.speakerRole,
      }),
      place: async (slot: SlotRow, _args, c) => {
        if (slot.meetingType !== 'CompanyVisit') return null;
        if (slot.placeLabel) return slot.placeLabel;
        return (await findCompanyById(c.var.deps.db, slot.companyId))?.label ?? null;
      },
      meetings: (slot: SlotRow, _args, c) =>
        seesBookings(c, slot) ? meetingsOfSlot(c.var.deps.db, slot.id) : [],
      myMeeting: (slot: SlotRow, _args, c) => {
        const viewer = c.var.viewer;
        return viewer?.kind === 'teacher' ? liveMeetingOfTeacher(c.var.deps.db, slot.id, viewer.id) : null;
      },
    },
  },
};
