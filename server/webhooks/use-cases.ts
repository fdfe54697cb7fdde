import { z } from 'zod';
import type { WebhookEvent } from '../../common/partners.ts';
import {
  WEBHOOK_DELIVERIES_KEPT,
  WEBHOOK_ENDPOINTS_MAX,
  WEBHOOK_MESSAGES,
  type WebhookEndpointInput,
} from '../../common/webhooks.ts';
import type { WebhookDeliveryStatus } from '../../db/schema/webhooks.ts';
import { recordAudit } from '../admin/index.ts';
import type { Deps } from '../kernel/context.ts';
import { AppError, invalidInput } from '../kernel/errors.ts';
import type { PartnerCaller } from '../kernel/partner.ts';
import type { Viewer } from '../kernel/viewer.ts';
import { requireNationalAdmin, requirePartnerScope } from '../permissions.ts';
import {
  deleteEndpointOfKey,
  deliveryWithEndpoint,
  endpointsOfKey,
  insertEndpoint,
  latestDeliveries,
  requeueDelivery,
  type WebhookDeliveryRow,
  type WebhookEndpointRow,
} from './queries.ts';
import { WEBHOOK_RETRY_WINDOW_MS } from './schedule.ts';
import { newSigningSecret, sealSigningSecret } from './secrets.ts';
import { webhookUrlProblem } from './urls.ts';

/** An endpoint as its partner and the operators read it: never its secret. */
export interface WebhookEndpointView {
  id: number;
  url: string;
  events: WebhookEvent[];
  createdAt: Date;
  pausedAt: Date | null;
}

/** A delivery as its partner and the operators read it (API.md: `WebhookDelivery`). */
export interface WebhookDeliveryView {
  id: string;
  event: WebhookEvent;
  status: WebhookDeliveryStatus;
  /** The last attempt's moment; before the first, when it was queued. */
  attemptedAt: Date;
  attempts: number;
  responseCode: number | null;
  durationMs: number | null;
  lastError: string | null;
  nextAttemptAt: Date | null;
}

const endpointView = (row: WebhookEndpointRow): WebhookEndpointView => ({
  id: row.id,
  url: row.url,
  events: row.events,
  createdAt: row.createdAt,
  pausedAt: row.pausedAt,
});

const deliveryView = (row: WebhookDeliveryRow): WebhookDeliveryView => ({
  id: row.id,
  event: row.event,
  status: row.status,
  attemptedAt: row.attemptedAt ?? row.createdAt,
  attempts: row.attempts,
  responseCode: row.responseCode,
  durationMs: row.durationMs,
  lastError: row.lastError,
  nextAttemptAt: row.status === 'pending' ? row.nextAttemptAt : null,
});

/** `deliveries(last:)`: 1 to 100, the deliveries an endpoint keeps. */
export const lastDeliveriesSchema = z.object({
  last: z.coerce.number().int().min(1).max(WEBHOOK_DELIVERIES_KEPT).default(20),
});

/** The partner's endpoints (`myWebhookEndpoints`): a key with the `webhooks` scope. */
export async function myWebhookEndpoints(caller: PartnerCaller, deps: Deps): Promise<WebhookEndpointView[]> {
  const partner = requirePartnerScope(caller.partner, caller.viewer, 'webhooks');
  return (await endpointsOfKey(deps.db, partner.id)).map(endpointView);
}

/**
 * An endpoint's latest deliveries, newest first. Only for an endpoint its caller was given by one of the
 * use cases here (its parent in the API), which checked who may see it.
 */
export async function deliveriesOfEndpoint(
  endpoint: Pick<WebhookEndpointView, 'id'>,
  input: { last: number },
  deps: Pick<Deps, 'db'>,
): Promise<WebhookDeliveryView[]> {
  return (await latestDeliveries(deps.db, endpoint.id, input.last)).map(deliveryView);
}

/**
 * A new endpoint of the partner's key: https to a public host (urls.ts), at least one event, at most
 * `WEBHOOK_ENDPOINTS_MAX` a key. Its signing secret is answered this once; the database keeps it sealed.
 */
export async function createWebhookEndpoint(
  caller: PartnerCaller,
  { url, events }: WebhookEndpointInput,
  deps: Deps,
): Promise<{ endpoint: WebhookEndpointView; signingSecret: string }> {
  const partner = requirePartnerScope(caller.partner, caller.viewer, 'webhooks');
  const problem = webhookUrlProblem(url, { servedOnLocalhost: deps.config.isLocalhost });
  if (problem) throw invalidInput({ url: problem });
  if ((await endpointsOfKey(deps.db, partner.id)).length >= WEBHOOK_ENDPOINTS_MAX) {
    throw invalidInput({ url: WEBHOOK_MESSAGES.tooManyEndpoints(WEBHOOK_ENDPOINTS_MAX) });
  }
  const signingSecret = newSigningSecret();
  const row = await insertEndpoint(deps.db, {
    partnerKeyId: partner.id,
    url,
    events,
    secretSealed: await sealSigningSecret(deps.config.JWT_SECRET, signingSecret),
    createdAt: deps.clock.now(),
  });
  return { endpoint: endpointView(row), signingSecret };
}

/** Deletes one of the partner's endpoints with its deliveries; another key's is NOT_FOUND. */
export async function deleteWebhookEndpoint(
  caller: PartnerCaller,
  input: { id: number },
  deps: Deps,
): Promise<true> {
  const partner = requirePartnerScope(caller.partner, caller.viewer, 'webhooks');
  if (!(await deleteEndpointOfKey(deps.db, partner.id, input.id))) throw new AppError('NOT_FOUND');
  return true;
}

/**
 * « Renvoyer » (docs/decisions/0097): the delivery is sent again as a new attempt, with the same
 * `webhook-id` (a receiver that already has it knows it), due now, with 24 hours of tries anew; its endpoint,
 * if paused, resumes. A partner key, for its own endpoints' (another's is NOT_FOUND); a national
 * administrator for any, audited. Anyone else: FORBIDDEN.
 */
export async function redeliverWebhook(
  caller: PartnerCaller,
  input: { deliveryId: string },
  deps: Deps,
): Promise<true> {
  const partner = caller.partner ? requirePartnerScope(caller.partner, caller.viewer, 'webhooks') : null;
  const admin = partner ? null : requireNationalAdmin(caller.viewer);
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const found = await deliveryWithEndpoint(tx, input.deliveryId);
    if (!found || (partner && found.endpoint.partnerKeyId !== partner.id)) throw new AppError('NOT_FOUND');
    await requeueDelivery(tx, found.delivery, now, new Date(now.getTime() + WEBHOOK_RETRY_WINDOW_MS));
    if (admin) {
      await recordAudit(
        tx,
        admin,
        { action: 'webhook.redelivered', target: `${found.delivery.id} → ${found.endpoint.url}` },
        now,
      );
    }
  });
  return true;
}

/**
 * A partner key's endpoints with their latest deliveries, for `/admin/partners` (a national administrator
 * only, as every partner key's page).
 */
export async function webhookEndpointsOfKey(
  viewer: Viewer | null,
  input: { partnerKeyId: number; last?: number },
  deps: Deps,
): Promise<(WebhookEndpointView & { deliveries: WebhookDeliveryView[] })[]> {
  requireNationalAdmin(viewer);
  const last = input.last ?? WEBHOOK_DELIVERIES_KEPT;
  const endpoints = await endpointsOfKey(deps.db, input.partnerKeyId);
  return Promise.all(
    endpoints.map(async (row) => ({
      ...endpointView(row),
      deliveries: await deliveriesOfEndpoint(row, { last }, deps),
    })),
  );
}
