import { endSession } from '../accounts/index.ts';
import { clientIp } from '../http/session.ts';
import type { GraphQLModule } from '../kernel/graphql-module.ts';
import { parseInput } from '../kernel/validation.ts';
import { deletionInput, requestAccountDeletion } from './deletion.ts';

export const privacyModule: GraphQLModule = {
  typeDefs: /* GraphQL */ `
    extend type Mutation {
      "Needs the current password: anonymises the account, cancels its future meetings (companies told) and logs out."
      requestAccountDeletion(password: String!): Boolean!
    }
  `,
  resolvers: {
    Mutation: {
      requestAccountDeletion: async (_root, args, c) => {
        const input = { ...parseInput(deletionInput, args), clientIp: clientIp(c) };
        await requestAccountDeletion(c.var.viewer, input, c.var.deps);
        await endSession(c);
        return true;
      },
    },
  },
};
