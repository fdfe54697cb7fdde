import { classGroupInputSchema } from '../../common/classes.ts';
import type { GraphQLModule } from '../kernel/graphql-module.ts';
import { idInput, parseInput } from '../kernel/validation.ts';
import { type ClassGroupRow, createGroup, deleteGroup, myGroups, updateGroup } from './groups.ts';
import { groupTally } from './record.ts';

const updateSchema = idInput.extend({ input: classGroupInputSchema });

/**
 * A teacher's groups (« Mes classes », docs/decisions/0045), with their encounters and hours (the class
 * record). A group's meetings, and a meeting's group, are resolved by the meetings' module, which sits above.
 */
export const classesModule: GraphQLModule = {
  typeDefs: /* GraphQL */ `
    "A teacher's group: a class, or a prescriber's group of beneficiaries."
    type ClassGroup {
      id: ID!
      name: String!
      level: String
      "Two consecutive years, \\"2026-2027\\": 1 September to 31 August."
      schoolYear: String!
      "Its held meetings: done, not cancelled, the group not marked absent."
      encountersCount: Int!
      "The durations of its held meetings, in hours."
      hours: Float!
    }
    input ClassGroupInput {
      name: String!
      level: String
      "createGroup: the current school year (mainland France's) when absent; updateGroup: the group's own."
      schoolYear: String
    }
    extend type Query {
      "The teacher's groups, latest school year first, then by name."
      myGroups: [ClassGroup!]!
    }
    extend type Mutation {
      createGroup(input: ClassGroupInput!): ClassGroup!
      "The teacher's own group; NOT_FOUND for anyone else's."
      updateGroup(id: ID!, input: ClassGroupInput!): ClassGroup!
      "The teacher's own group; its meetings stay, without a group."
      deleteGroup(id: ID!): Boolean!
    }
  `,
  resolvers: {
    Query: {
      myGroups: (_root, _args, c) => myGroups(c.var.viewer, c.var.deps),
    },
    ClassGroup: {
      encountersCount: async (group: ClassGroupRow, _args, c) =>
        (await groupTally(group, c.var.deps)).encountersCount,
      hours: async (group: ClassGroupRow, _args, c) => (await groupTally(group, c.var.deps)).hours,
    },
    Mutation: {
      createGroup: (_root, args, c) =>
        createGroup(c.var.viewer, parseInput(classGroupInputSchema, args.input ?? {}), c.var.deps),
      updateGroup: (_root, args, c) => updateGroup(c.var.viewer, parseInput(updateSchema, args), c.var.deps),
      deleteGroup: (_root, args, c) => deleteGroup(c.var.viewer, parseInput(idInput, args), c.var.deps),
    },
  },
};
