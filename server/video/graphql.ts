import { z } from 'zod';
import type { GraphQLModule } from '../graphql/module.ts';
import { parseInput } from '../validation.ts';
import { videoRoomAccess } from './access.ts';

const slotIdSchema = z.object({ slotId: z.coerce.number().int().positive() });

export const videoModule: GraphQLModule = {
  typeDefs: /* GraphQL */ `
    enum VideoRole { host participant }
    type VideoRoomAccess {
      "The LiveKit server to connect to (wss://…)."
      serverUrl: String!
      "Good until the room closes."
      token: String!
      roomName: String!
      role: VideoRole!
      opensAt: DateTime!
      closesAt: DateTime!
    }
    extend type Query {
      "The slot's company's recruiters (host) and its booked teachers (participant), while the room is open."
      videoRoomAccess(slotId: ID!): VideoRoomAccess!
    }
  `,
  resolvers: {
    Query: {
      videoRoomAccess: (_root, args, c) =>
        videoRoomAccess(c.var.viewer, parseInput(slotIdSchema, args), c.var.deps),
    },
  },
};
