import type { GraphQLModule } from '../kernel/graphql-module.ts';
import { idInput, parseInput } from '../kernel/validation.ts';
import { type Operations, operationsOverview, retryFailedDelivery } from './overview.ts';

/** What the operators watch (API.md, Fourth wave): national administrators only, NOT_FOUND for anyone else. */
export const operationsModule: GraphQLModule = {
  typeDefs: /* GraphQL */ `
    "A topic's rows waiting in the outbox, and when the oldest was written."
    type TopicBacklog {
      topic: String!
      pending: Int!
      oldestPendingAt: DateTime
    }
    "A delivery set aside after its last try: an event's subscriber, or an e-mail (subscriber null)."
    type FailedDelivery {
      id: ID!
      topic: String!
      subscriber: String
      error: String!
      attempts: Int!
      createdAt: DateTime!
      lastAttemptAt: DateTime
    }
    "A scheduled job's last run (null before the first) and its next, from its cron. lastOutcome: ok, failed or running."
    type JobRun {
      name: String!
      lastRunAt: DateTime
      lastOutcome: String
      lastError: String
      nextRunAt: DateTime
    }
    type Operations {
      backlog: [TopicBacklog!]!
      failed: [FailedDelivery!]!
      jobs: [JobRun!]!
      "The file database's size in bytes; null on Turso."
      databaseBytes: Float
      mailTransportOk: Boolean!
      "null without a video server configured."
      videoServerOk: Boolean
    }
    extend type Query {
      "National administrators: the outbox's backlog, what was set aside, the jobs' runs, and whether mail and video answer."
      operations: Operations!
    }
    extend type Mutation {
      "National administrators: a delivery set aside goes back in the queue, its tries counted anew (audited)."
      retryFailedDelivery(id: ID!): Boolean!
    }
  `,
  resolvers: {
    Query: {
      operations: (_root, _args, c) => operationsOverview(c.var.viewer, c.var.deps),
    },
    Mutation: {
      retryFailedDelivery: (_root, args, c) =>
        retryFailedDelivery(c.var.viewer, parseInput(idInput, args), c.var.deps),
    },
    Operations: {
      // Without a transport, nothing can be sent: not « ok ».
      mailTransportOk: (operations: Operations) => operations.mailTransportOk === true,
    },
  },
};
