import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import type { WebhookEvent } from '../../common/partners.ts';
import { createdAt } from './columns.ts';
import { partnerKeys } from './partners.ts';

/**
 * A partner's webhook endpoint (issue 37, docs/decisions/0097): where the events it chose are POSTed, signed
 * with its own secret (Standard Webhooks). The secret must sign, so it is kept sealed (server/kernel/seal.ts,
 * under the platform's secret), never in clear; it is shown once, when the endpoint is made. `pausedAt`: its
 * deliveries failed for 24 hours, nothing more is sent until a delivery is sent again (« Renvoyer »).
 */
export const webhookEndpoints = sqliteTable(
  'webhook_endpoints',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    partnerKeyId: integer('partner_key_id')
      .notNull()
      .references(() => partnerKeys.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    events: text('events', { mode: 'json' }).$type<WebhookEvent[]>().notNull(),
    secretSealed: text('secret_sealed').notNull(),
    createdAt: createdAt(),
    pausedAt: integer('paused_at', { mode: 'timestamp_ms' }),
  },
  (t) => [index('webhook_endpoints_key_idx').on(t.partnerKeyId)],
);

export type WebhookDeliveryStatus = 'pending' | 'delivered' | 'failed';

/**
 * One event for one endpoint: its id is the `webhook-id` every attempt carries (time-ordered), `payload` the
 * exact body signed and sent. Pending until a 2xx answer (delivered), retried with a growing delay until
 * `retryUntil` (24 hours), then failed. The last 100 of an endpoint are kept (server/webhooks/queries.ts).
 */
export const webhookDeliveries = sqliteTable(
  'webhook_deliveries',
  {
    id: text('id').primaryKey(),
    endpointId: integer('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    event: text('event').$type<WebhookEvent>().notNull(),
    payload: text('payload').notNull(),
    status: text('status').$type<WebhookDeliveryStatus>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /** When it is due (pending); while an attempt is under way, the end of its lease. */
    nextAttemptAt: integer('next_attempt_at', { mode: 'timestamp_ms' }),
    /** The last moment a failed attempt is retried at; later, it fails for good. */
    retryUntil: integer('retry_until', { mode: 'timestamp_ms' }).notNull(),
    responseCode: integer('response_code'),
    durationMs: integer('duration_ms'),
    attemptedAt: integer('attempted_at', { mode: 'timestamp_ms' }),
    /** Why the last attempt failed (a status, a timeout, a refused connection), for the partner and operators. */
    lastError: text('last_error'),
    createdAt: createdAt(),
  },
  (t) => [
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.createdAt),
    index('webhook_deliveries_due_idx').on(t.status, t.nextAttemptAt),
  ],
);
