import type { GraphQLModule } from '../kernel/graphql-module.ts';
import { clientIp } from '../http/session.ts';
import { connectionTestAccess } from './access.ts';

export const connectionTestModule: GraphQLModule = {
  typeDefs: /* GraphQL */ `
    "A test room of one's own, for « Tester ma connexion » (/test-connexion)."
    type ConnectionTestAccess {
      "The LiveKit server the rooms use (wss://…)."
      serverUrl: String!
      "Joins the test room only, publishing a camera and a microphone; good for a few minutes."
      token: String!
      roomName: String!
      expiresAt: DateTime!
    }
    extend type Mutation {
      "Anyone, logged in or not, a few times an hour from one address: video_unavailable without LiveKit."
      connectionTestAccess: ConnectionTestAccess!
    }
  `,
  resolvers: {
    Mutation: {
      connectionTestAccess: (_root, _args, c) => connectionTestAccess({ clientIp: clientIp(c) }, c.var.deps),
    },
  },
};
