import type { Db } from '../../db/client.ts';
import type { Pause } from '../kernel/background.ts';
import type { Clock } from '../kernel/clock.ts';
import type { Config } from '../kernel/config.ts';
import type { Logger } from '../kernel/logger.ts';
import type { WebhookPoster } from '../kernel/ports/webhooks.ts';
import { enqueueMail } from '../mail/index.ts';
import { webhookMails } from './mails.ts';
import {
  claimDueDeliveries,
  endpointById,
  hasDueDelivery,
  keyContactOfEndpoint,
  pauseEndpoint,
  recordAttempt,
  releaseDeliveries,
  type WebhookDeliveryRow,
} from './queries.ts';
import { nextAttemptAfter, WEBHOOK_TIMEOUT_MS } from './schedule.ts';
import { signDelivery, unsealSigningSecret } from './secrets.ts';

export interface WebhookSendingDeps {
  db: Db;
  clock: Clock;
  log: Logger;
  config: Pick<Config, 'JWT_SECRET' | 'PUBLIC_URL'>;
  poster: WebhookPoster;
}

export interface WebhookReport {
  delivered: number;
  retried: number;
  failed: number;
}

/** A claim's lease: longer than one endpoint's share of a batch can take, a timeout each. */
const LEASE_MS = 10 * 60_000;
const BATCH = 50;
/** The public guide the paused endpoint's e-mail links to (issue 37's developers' page). */
const GUIDE_PATH = '/developpeurs';

type Outcome = { ok: true; status: number } | { ok: false; status: number | null; error: string };

/**
 * Sends what is due, until nothing is (docs/decisions/0097): each claim's deliveries by endpoint, the
 * endpoints side by side, each endpoint's in the order of their events. A POST waits `timeoutMs` at most; an
 * endpoint that fails keeps the rest of its share for its next try, so that a partner that is down costs one
 * timeout a run and holds back no other endpoint. 2xx: delivered; anything else is tried again later, for
 * 24 hours; then the delivery fails, its endpoint is paused and its key's contact told, in one write.
 */
export async function sendDueWebhooks(
  deps: WebhookSendingDeps,
  options: { timeoutMs?: number; pause?: Pause } = {},
): Promise<WebhookReport> {
  const { db, clock } = deps;
  const report: WebhookReport = { delivered: 0, retried: 0, failed: 0 };
  const pause = options.pause ?? (async () => {});
  while (await hasDueDelivery(db, clock.now())) {
    const claimed = await claimDueDeliveries(db, { now: clock.now(), batch: BATCH, leaseMs: LEASE_MS });
    if (claimed.length === 0) break;
    const byEndpoint = Map.groupBy(claimed, (delivery) => delivery.endpointId);
    await Promise.all(
      [...byEndpoint].map(([endpointId, deliveries]) =>
        sendToEndpoint(deps, endpointId, deliveries, report, options.timeoutMs ?? WEBHOOK_TIMEOUT_MS),
      ),
    );
    await pause();
  }
  return report;
}

async function sendToEndpoint(
  deps: WebhookSendingDeps,
  endpointId: number,
  deliveries: WebhookDeliveryRow[],
  report: WebhookReport,
  timeoutMs: number,
): Promise<void> {
  const endpoint = await endpointById(deps.db, endpointId);
  // Deleted meanwhile: its deliveries went with it.
  if (!endpoint) return;
  const secret = await unsealSigningSecret(deps.config.JWT_SECRET, endpoint.secretSealed);
  for (const [index, delivery] of deliveries.entries()) {
    const now = deps.clock.now();
    const outcome: Outcome = secret
      ? await attempt(deps.poster, { url: endpoint.url, secret, delivery, now, timeoutMs })
      : { ok: false, status: null, error: 'Secret de signature illisible : recréez le point de réception' };
    const attemptedAt = deps.clock.now();
    const attempts = delivery.attempts + 1;
    const common = {
      attempts,
      attemptedAt,
      responseCode: outcome.status,
      durationMs: attemptedAt.getTime() - now.getTime(),
    };
    if (outcome.ok) {
      await recordAttempt(deps.db, delivery.id, {
        ...common,
        status: 'delivered',
        nextAttemptAt: null,
        lastError: null,
      });
      report.delivered++;
      continue;
    }
    const next = nextAttemptAfter(attempts, attemptedAt, delivery.retryUntil);
    const about = { deliveryId: delivery.id, endpointId, attempts, error: outcome.error };
    if (next) {
      await recordAttempt(deps.db, delivery.id, { ...common, nextAttemptAt: next, lastError: outcome.error });
      // The endpoint's later events wait for its next try rather than meet the same failure now.
      await releaseDeliveries(
        deps.db,
        deliveries.slice(index + 1).map((later) => later.id),
        next,
      );
      deps.log.warn('webhook failed, will retry', { ...about, nextAttemptAt: next.toISOString() });
      report.retried++;
      return;
    }
    await failForGood(deps, delivery, common, outcome.error);
    deps.log.error('webhook failed for 24 hours: endpoint paused', about);
    report.failed++;
    return;
  }
}

/**
 * One POST, signed for this attempt (Standard Webhooks: `webhook-id` the delivery's, the same at every
 * attempt; `webhook-timestamp` now, in seconds; `webhook-signature` `v1,` and the HMAC-SHA256 of
 * `id.timestamp.body` under the secret).
 */
async function attempt(
  poster: WebhookPoster,
  {
    url,
    secret,
    delivery,
    now,
    timeoutMs,
  }: {
    url: string;
    secret: string;
    delivery: WebhookDeliveryRow;
    now: Date;
    timeoutMs: number;
  },
): Promise<Outcome> {
  const timestamp = Math.floor(now.getTime() / 1000);
  const answer = await poster.post({
    url,
    headers: {
      'content-type': 'application/json',
      'user-agent': 'PasserelleIndustrie-Webhooks/1.0',
      'webhook-id': delivery.id,
      'webhook-timestamp': String(timestamp),
      'webhook-signature': await signDelivery(secret, delivery.id, timestamp, delivery.payload),
    },
    body: delivery.payload,
    timeoutMs,
  });
  if ('error' in answer) return { ok: false, status: null, error: answer.error };
  if (answer.status >= 200 && answer.status < 300) return { ok: true, status: answer.status };
  return { ok: false, status: answer.status, error: `Réponse ${answer.status}` };
}

/** The delivery fails, its endpoint is paused (its other pending deliveries with it) and its contact told. */
async function failForGood(
  deps: WebhookSendingDeps,
  delivery: WebhookDeliveryRow,
  common: Record<string, unknown>,
  error: string,
): Promise<void> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    await recordAttempt(tx, delivery.id, {
      ...common,
      status: 'failed',
      nextAttemptAt: null,
      lastError: error,
    });
    const paused = await pauseEndpoint(tx, delivery.endpointId, now, 'Point de réception mis en pause');
    const contact = paused ? await keyContactOfEndpoint(tx, delivery.endpointId) : null;
    const endpoint = contact ? await endpointById(tx, delivery.endpointId) : null;
    if (!contact || !endpoint) return;
    await enqueueMail(
      tx,
      webhookMails.webhookEndpointPaused,
      {
        to: contact.contactEmail,
        data: {
          keyName: contact.name,
          url: endpoint.url,
          lastError: error,
          guideUrl: `${deps.config.PUBLIC_URL}${GUIDE_PATH}`,
        },
      },
      now,
    );
  });
}

/** The sending as a step of a delivery loop (server/events' createOutbox), after the outbox's. */
export function sendingStep(deps: WebhookSendingDeps) {
  return async (pause: Pause) => {
    await sendDueWebhooks(deps, { pause });
  };
}
