import { z } from 'zod';
import type { GraphQLModule } from '../graphql/module.ts';
import { parseInput } from '../validation.ts';
import { countAvailableSlots } from './availability.ts';

const daysSchema = z.object({ days: z.number().int().min(1).max(365) });

export const slotsModule: GraphQLModule = {
  typeDefs: /* GraphQL */ `
    extend type Query {
      "Public: slots with seats left starting within \`days\` (from now to now + days × 24 h)."
      availableSlotsCount(days: Int = 15): Int!
    }
  `,
  resolvers: {
    Query: {
      availableSlotsCount: (_root, args, c) => {
        const { days } = parseInput(daysSchema, args);
        return countAvailableSlots(c.var.deps.db, c.var.deps.clock.now(), days);
      },
    },
  },
};
