import type { GraphQLModule } from '../kernel/graphql-module.ts';
import { allJobs } from './jobs.ts';

export const jobsModule: GraphQLModule = {
  typeDefs: /* GraphQL */ `
    type Job {
      label: String!
      sector: Sector
    }
    extend type Query {
      "Public: the platform's list of jobs (métiers)."
      jobs: [Job!]!
    }
  `,
  resolvers: {
    Query: {
      jobs: (_root, _args, c) => allJobs(c.var.deps),
    },
  },
};
