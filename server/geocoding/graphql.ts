import { z } from 'zod';
import { clientIp } from '../http/session.ts';
import { AppError } from '../kernel/errors.ts';
import type { GraphQLModule } from '../kernel/graphql-module.ts';
import { parseInput } from '../kernel/validation.ts';
import { ADDRESS_QUERY_LENGTH, suggestAddresses } from './suggestions.ts';

const { min: QUERY_MIN, max: QUERY_MAX } = ADDRESS_QUERY_LENGTH;

const suggestionsSchema = z.object({
  query: z
    .string()
    .trim()
    .min(QUERY_MIN, { error: `Saisissez au moins ${QUERY_MIN} caractères` })
    .max(QUERY_MAX, { error: `${QUERY_MAX} caractères au maximum` }),
  type: z.enum(['address', 'municipality']).nullish(),
});

export const geocodingModule: GraphQLModule = {
  typeDefs: /* GraphQL */ `
    "What a search may be restricted to: house numbers, or communes."
    enum AddressKind { address municipality }
    "How precise a suggestion is: a house number, a street or named place, a commune, a postcode."
    enum AddressSuggestionKind { address street municipality postcode }
    type AddressSuggestion {
      label: String!
      zipcode: String!
      city: String!
      departmentCode: String!
      lat: Float!
      lng: Float!
      kind: AddressSuggestionKind!
    }
    extend type Query {
      "Public: up to 8 French addresses for \`query\` (3–200 characters), best first."
      addressSuggestions(query: String!, type: AddressKind): [AddressSuggestion!]!
    }
  `,
  resolvers: {
    Query: {
      addressSuggestions: async (_root, args, c) => {
        try {
          return await suggestAddresses(
            { ...parseInput(suggestionsSchema, args), clientIp: clientIp(c) },
            c.var.deps,
          );
        } catch (error) {
          // An outage is expected now and then: a warning with the request, not an error with a stack.
          if (error instanceof AppError && error.code === 'geocoding_unavailable') {
            c.var.deps.log.warn('geocoding unavailable', { requestId: c.var.requestId });
          }
          throw error;
        }
      },
    },
  },
};
