import { z } from 'zod';
import { optionalGroupId } from '../../common/classes.ts';
import { type ClassGroupRow, groupById, meetingIdsOfGroup } from '../classes/index.ts';
import type { GraphQLModule } from '../kernel/graphql-module.ts';
import { parseInput } from '../kernel/validation.ts';
import { assignMeetingToGroup } from './meeting-group.ts';
import { type MeetingView, meetingViewsByIds } from './views.ts';

const assignSchema = z.object({ meetingId: z.coerce.number().int().positive(), groupId: optionalGroupId });

/**
 * What the meetings know of a teacher's groups (docs/decisions/0045): a group's meetings, a meeting's group
 * (its teacher alone sees it), filing a meeting in a group, and booking straight into one
 * (`BookingInput.groupId`, checked by the booking itself). The record (encounters, hours) is the classes'.
 */
export const meetingGroupsModule: GraphQLModule = {
  typeDefs: /* GraphQL */ `
    extend type ClassGroup {
      "Its meetings, soonest first, cancelled ones included."
      meetings: [Meeting!]!
    }
    extend type Meeting {
      "The teacher's group it is filed in: its teacher alone sees it (null for the company and the operators)."
      group: ClassGroup
    }
    extend input BookingInput {
      "One of the teacher's groups (BAD_USER_INPUT on groupId otherwise); none when absent or null."
      groupId: ID
    }
    extend type Mutation {
      "The meeting's teacher files it in one of their groups; null takes it out. NOT_FOUND for anyone else's meeting."
      assignMeetingToGroup(meetingId: ID!, groupId: ID): Meeting!
    }
  `,
  resolvers: {
    Mutation: {
      assignMeetingToGroup: (_root, args, c) =>
        assignMeetingToGroup(c.var.viewer, parseInput(assignSchema, args), c.var.deps),
    },
    ClassGroup: {
      meetings: async (group: ClassGroupRow, _args, c) =>
        meetingViewsByIds(c.var.viewer, await meetingIdsOfGroup(group, c.var.deps), c.var.deps),
    },
    Meeting: {
      group: async (meeting: MeetingView, _args, c) => groupById(meeting.groupId, c.var.deps),
    },
  },
};
