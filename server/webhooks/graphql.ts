import { z } from 'zod';
import { webhookEndpointSchema } from '../../common/webhooks.ts';
import type { GqlContext } from '../kernel/context.ts';
import type { GraphQLModule } from '../kernel/graphql-module.ts';
import { idInput, parseInput } from '../kernel/validation.ts';
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  deliveriesOfEndpoint,
  lastDeliveriesSchema,
  myWebhookEndpoints,
  redeliverWebhook,
  type WebhookEndpointView,
} from './use-cases.ts';

const callerOf = (c: GqlContext) => ({ partner: c.var.partner ?? null, viewer: c.var.viewer });
const deliveryIdInput = z.object({ deliveryId: z.string().trim().min(1).max(100) });

/** A partner's signed webhooks (API.md, Partners; docs/decisions/0097). */
export const webhooksModule: GraphQLModule = {
  typeDefs: /* GraphQL */ `
    enum WebhookEvent {
      slot_published
      slot_changed
      slot_deleted
      meeting_booked
      meeting_changed
      meeting_cancelled
      company_validated
    }
    type WebhookEndpoint {
      id: ID!
      url: String!
      events: [WebhookEvent!]!
      "Set when its deliveries failed for 24 hours: nothing is sent until a delivery is sent again."
      pausedAt: DateTime
      "Its latest deliveries, newest first: 1 to 100 (the last 100 are kept)."
      deliveries(last: Int = 20): [WebhookDelivery!]!
    }
    type WebhookDelivery {
      "The webhook-id header of every attempt."
      id: ID!
      event: WebhookEvent!
      "Its last attempt; before the first, when it was queued."
      attemptedAt: DateTime!
      "delivered | failed | pending"
      status: String!
      responseCode: Int
      durationMs: Int
    }
    type CreatedWebhookEndpoint {
      endpoint: WebhookEndpoint!
      "whsec_…: shown this once; it signs every delivery (Standard Webhooks)."
      signingSecret: String!
    }
    extend type Query {
      "A partner key with the webhooks scope: its endpoints."
      myWebhookEndpoints: [WebhookEndpoint!]!
    }
    extend type Mutation {
      "A partner key with the webhooks scope: https to a public host, one event at least."
      createWebhookEndpoint(url: String!, events: [WebhookEvent!]!): CreatedWebhookEndpoint!
      "A partner key with the webhooks scope: one of its endpoints, with its deliveries."
      deleteWebhookEndpoint(id: ID!): Boolean!
      "A partner key (its own deliveries) or a national administrator: sent again now, same webhook-id; a paused endpoint resumes."
      redeliverWebhook(deliveryId: ID!): Boolean!
    }
  `,
  resolvers: {
    Query: {
      myWebhookEndpoints: (_root, _args, c) => myWebhookEndpoints(callerOf(c), c.var.deps),
    },
    WebhookEndpoint: {
      deliveries: (endpoint: WebhookEndpointView, args, c) =>
        deliveriesOfEndpoint(endpoint, parseInput(lastDeliveriesSchema, args), c.var.deps),
    },
    Mutation: {
      createWebhookEndpoint: (_root, args, c) =>
        createWebhookEndpoint(callerOf(c), parseInput(webhookEndpointSchema, args), c.var.deps),
      deleteWebhookEndpoint: (_root, args, c) =>
        deleteWebhookEndpoint(callerOf(c), parseInput(idInput, args), c.var.deps),
      redeliverWebhook: (_root, args, c) =>
        redeliverWebhook(callerOf(c), parseInput(deliveryIdInput, args), c.var.deps),
    },
  },
};
