import { z } from 'zod';
import { AVAILABLE_SLOTS_WINDOW_DAYS } from '../../common/constants.ts';
import { visitPlace } from '../../common/meetings.ts';
import { duplicateSlotSchema, slotInputSchema } from '../../common/slots.ts';
import { type CompanyRow, companyById } from '../companies/index.ts';
import type { GraphQLModule } from '../kernel/graphql-module.ts';
import { idInput, parseInput } from '../kernel/validation.ts';
import { availableSlotsCount } from './availability.ts';
import { createSlot, deleteSlot, duplicateSlot, previewSlotUpdate, updateSlot } from './use-cases.ts';
import { companySlotsFor, mySlotViews, type SlotView, slotFor } from './views.ts';

const daysSchema = z.object({ days: z.number().int().min(1).max(365) });
const periodSchema = z.object({ period: z.enum(['upcoming', 'past']).default('upcoming') });

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
      "Where a company visit happens: the address the slot gives, else the company's."
      place: String
      "Open now: not deleted, not started, seats left, its company on the platform in an open department."
      open: Boolean!
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
      "A CompanyVisit's address when it is not the company's; ignored for the other types."
      place: AddressInput
    }
    "One thing a booked group cares about that an edit changes, in French, old → new."
    type SlotChange {
      label: String!
      before: String!
      after: String!
    }
    "What saving an edit would do to the slot's bookings, before it is saved."
    type SlotUpdatePreview {
      "Each thing the teachers who booked will be told of, old → new (both sides are told)."
      changes: [SlotChange!]!
      "Date, time or duration changes: the slot's meetings become reported; each teacher keeps or cancels."
      moved: Boolean!
      seatsTaken: Int!
    }
    extend type Company {
      "Upcoming slots (not started): teachers, its recruiters and admins; empty for anyone else."
      slots: [Slot!]!
    }
    extend type Query {
      "Public: slots with seats left starting within \`days\` (from now to now + days × 24 h)."
      availableSlotsCount(days: Int = ${AVAILABLE_SLOTS_WINDOW_DAYS}): Int!
      "Teachers (validated companies), its company's recruiters, admins; null for anyone else."
      slot(id: ID!): Slot
      "The recruiter's slots: not ended yet (soonest first) or ended (latest first)."
      mySlots(period: Period = upcoming): [Slot!]!
      "Its company's recruiters: what updateSlot with this input would tell the booked groups; refused as it would be."
      slotUpdatePreview(id: ID!, input: SlotInput!): SlotUpdatePreview!
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
        return availableSlotsCount(days, c.var.deps);
      },
      slot: (_root, args, c) => slotFor(c.var.viewer, parseInput(idInput, args).id, c.var.deps),
      mySlots: (_root, args, c) => mySlotViews(c.var.viewer, parseInput(periodSchema, args), c.var.deps),
      slotUpdatePreview: (_root, args, c) => {
        const { id } = parseInput(idInput, args);
        const input = parseInput(slotInputSchema, args.input);
        return previewSlotUpdate(c.var.viewer, { id, input }, c.var.deps);
      },
    },
    Mutation: {
      createSlot: (_root, args, c) =>
        createSlot(c.var.viewer, parseInput(slotInputSchema, args.input), c.var.deps),
      updateSlot: (_root, args, c) => {
        const { id } = parseInput(idInput, args);
        const input = parseInput(slotInputSchema, args.input);
        return updateSlot(c.var.viewer, { id, input }, c.var.deps);
      },
      deleteSlot: async (_root, args, c) => {
        await deleteSlot(c.var.viewer, parseInput(idInput, args), c.var.deps);
        return true;
      },
      duplicateSlot: (_root, args, c) => {
        const { id } = parseInput(idInput, args);
        const { dates } = parseInput(duplicateSlotSchema, args);
        return duplicateSlot(c.var.viewer, { id, dates }, c.var.deps);
      },
    },
    Company: {
      slots: (company: CompanyRow, _args, c) => companySlotsFor(c.var.viewer, company, c.var.deps),
    },
    Slot: {
      company: (slot: SlotView, _args, c) => companyById(slot.companyId, c.var.deps),
      // A visit's place alone (API.md); the company is read only when the slot gives none.
      place: async (slot: SlotView, _args, c) => {
        if (slot.meetingType !== 'CompanyVisit') return null;
        if (slot.place) return visitPlace(slot.place.label, null);
        return visitPlace(null, (await companyById(slot.companyId, c.var.deps))?.label ?? null);
      },
    },
  },
};
