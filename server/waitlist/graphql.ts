import { z } from 'zod';
import { acceptWaitlistOfferSchema, joinWaitlistSchema } from '../../common/waitlist.ts';
import type { GraphQLModule } from '../kernel/graphql-module.ts';
import { idInput, parseInput } from '../kernel/validation.ts';
import { type SlotView, slotOfHistory } from '../slots/index.ts';
import {
  acceptWaitlistOffer,
  joinWaitlist,
  leaveWaitlist,
  myEntryOnSlot,
  myWaitlist,
  type WaitlistEntryView,
  waitlistLengthOf,
} from './waitlist.ts';

const slotIdSchema = z.object({ slotId: z.coerce.number().int().positive() });

export const waitlistModule: GraphQLModule = {
  typeDefs: /* GraphQL */ `
    enum WaitlistStatus {
      waiting
      offered
    }
    "A teacher's group in the line of a full slot (docs/decisions/0041)."
    type WaitlistEntry {
      id: ID!
      slot: Slot!
      groupSize: Int!
      publicCategory: PublicCategory!
      "Rank among those waiting on the slot, from 1; 0 while seats are offered to this entry."
      position: Int!
      status: WaitlistStatus!
      "Until when the offered seats are held; null while waiting."
      offerExpiresAt: DateTime
      createdAt: DateTime!
    }
    extend type Slot {
      "Teachers in its line (waiting, or holding an offer)."
      waitlistLength: Int!
      "The caller's place in its line (teachers); null otherwise."
      myWaitlistEntry: WaitlistEntry
    }
    extend type Query {
      "The teacher's open entries on slots to come, soonest slot first."
      myWaitlist: [WaitlistEntry!]!
    }
    extend type Mutation {
      "Teacher, on a slot whose seats left are fewer than the group (else slot_not_full)."
      joinWaitlist(slotId: ID!, groupSize: Int!, publicCategory: PublicCategory): WaitlistEntry!
      "Its teacher; an offer in hand is declined and passes to the next. False if already closed."
      leaveWaitlist(id: ID!): Boolean!
      "Its teacher, while the offer stands (else waitlist_offer_expired): the held seats become the booking."
      acceptWaitlistOffer(id: ID!, acceptCharter: Boolean!): Meeting!
    }
  `,
  resolvers: {
    Query: {
      myWaitlist: (_root, _args, c) => myWaitlist(c.var.viewer, c.var.deps),
    },
    Mutation: {
      joinWaitlist: (_root, args, c) => {
        const { slotId } = parseInput(slotIdSchema, args);
        return joinWaitlist(c.var.viewer, { ...parseInput(joinWaitlistSchema, args), slotId }, c.var.deps);
      },
      leaveWaitlist: (_root, args, c) => leaveWaitlist(c.var.viewer, parseInput(idInput, args), c.var.deps),
      acceptWaitlistOffer: (_root, args, c) => {
        const { id } = parseInput(idInput, args);
        const { acceptCharter } = parseInput(acceptWaitlistOfferSchema, args);
        return acceptWaitlistOffer(c.var.viewer, { id, acceptCharter }, c.var.deps);
      },
    },
    WaitlistEntry: {
      slot: (entry: WaitlistEntryView, _args, c) => slotOfHistory(entry.slotId, c.var.deps),
    },
    Slot: {
      waitlistLength: (slot: SlotView, _args, c) => waitlistLengthOf(slot.id, c.var.deps),
      myWaitlistEntry: (slot: SlotView, _args, c) => myEntryOnSlot(c.var.viewer, slot.id, c.var.deps),
    },
  },
};
