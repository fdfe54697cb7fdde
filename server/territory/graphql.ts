import { holidayZoneOf } from '../../common/holidays.ts';
import type { GraphQLModule } from '../kernel/graphql-module.ts';
import { allDepartments } from './departments.ts';

export const territoryModule: GraphQLModule = {
  typeDefs: /* GraphQL */ `
    type Department {
      code: String!
      name: String!
      regionCode: String!
      timeZone: String!
      active: Boolean!
      "The territorial chamber (CST) that runs the platform there."
      chamber: String
      "Its school-holiday zone: A, B, C, Corse, or its overseas academy's name (La Réunion…)."
      holidayZone: String
    }
    extend type Query {
      "Public: every department, active or not."
      departments: [Department!]!
    }
  `,
  resolvers: {
    Query: {
      departments: (_root, _args, c) => allDepartments(c.var.deps),
    },
    Department: {
      holidayZone: (department: { code: string }) => holidayZoneOf(department.code),
    },
  },
};
