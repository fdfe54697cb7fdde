import { clientIp } from '../http/session.ts';
import type { GraphQLModule } from '../kernel/graphql-module.ts';
import { connectionTestAccess } from './access.ts';

export const connectionTestModule: GraphQLModule = {
  typeDefs: /* GraphQL */ `
    "A check's token: the camera's publishes a camera, the microphone's a microphone, the others nothing."
    type ConnectionCheckToken {
      "signalling, udp, tcp, turn, camera or microphone."
      check: String!
      token: String!
    }
    "A test room of one's own, for « Tester ma connexion » (/test-connexion)."
    type ConnectionTestAccess {
      "The LiveKit server the rooms use (wss://…)."
      serverUrl: String!
      "One token per check, each joining the test room as a participant of its own; good for a few minutes."
      tokens: [ConnectionCheckToken!]!
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
