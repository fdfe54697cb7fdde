import type { Db } from '../../db/client.ts';
import { claimDue, markFailed, markSent, type OutboxRow, retryLater } from '../events/index.ts';
import { type Pause, sharesTheLoop } from '../kernel/background.ts';
import type { Clock } from '../kernel/clock.ts';
import type { Logger } from '../kernel/logger.ts';
import type { MailTransport } from '../kernel/ports/mail.ts';
import { messageIdOf } from './message-id.ts';
import { MAIL_TOPIC, type OutgoingMail } from './outbox.ts';
import type { MailRenderer } from './registry.ts';
import type { RenderedMail } from './render.ts';

export interface DeliveryDeps {
  db: Db;
  clock: Clock;
  log: Logger;
  transport: MailTransport;
  /** The domain of the e-mails' Message-IDs (mailDomain in message-id.ts). */
  mailDomain: string;
  /** Every template's renderer, from the composition root (server/main/mails.ts), which knows the domains. */
  render: MailRenderer;
}

export interface DeliveryResult {
  sent: number;
  /** Attempts that did not send: rescheduled, or given up for good. */
  failed: number;
}

const MINUTE = 60_000;
export const MAX_ATTEMPTS = 8;
/** The wait after the n-th failed attempt; the last one repeats. About a day and a half in all. */
export const RETRY_DELAYS_MS = [1, 5, 30, 120, 720].map((minutes) => minutes * MINUTE);
/**
 * A claimed mail is not due again before the lease ends: longer than any send, and if the process dies
 * between the claim and the outcome, the mail is tried again afterwards instead of being lost.
 */
export const CLAIM_LEASE_MS = 10 * MINUTE;
const DEFAULT_BATCH = 20;

/**
 * Sends the outbox's due e-mails, at most `batch` of them; safe to run from several places at once. The
 * batch is claimed in one statement; each e-mail is marked sent as soon as the transport took it, so a
 * crash during a delivery sends again at most the e-mail being handed over, with its Message-ID
 * unchanged (receivers drop the copy). That is a commit per e-mail: marking a batch at once would save
 * commits but send the whole batch again after a crash (docs/decisions/0013, "E-mail delivery").
 */
export async function deliverPendingMail(
  deps: DeliveryDeps,
  options: { batch?: number; pause?: Pause } = {},
): Promise<DeliveryResult> {
  const pause = options.pause ?? sharesTheLoop();
  const now = deps.clock.now();
  const result: DeliveryResult = { sent: 0, failed: 0 };
  const claim = { now, batch: options.batch ?? DEFAULT_BATCH, leaseMs: CLAIM_LEASE_MS };
  for (const row of await claimDue(deps.db, MAIL_TOPIC, claim)) {
    await pause();
    if (await deliver(deps, row)) {
      await recordSent(deps, row);
      result.sent++;
    } else {
      result.failed++;
    }
  }
  return result;
}

export function retryDelayMs(failedAttempts: number): number {
  return RETRY_DELAYS_MS.at(Math.min(Math.max(failedAttempts, 1), RETRY_DELAYS_MS.length) - 1) ?? MINUTE;
}

async function deliver(deps: DeliveryDeps, row: OutboxRow): Promise<boolean> {
  const mail = row.payload as unknown as OutgoingMail;
  let rendered: RenderedMail;
  try {
    rendered = deps.render(mail);
  } catch (error) {
    // The payload will not render any better later: retrying would only delay the alert.
    await giveUp(deps, row, error);
    return false;
  }
  try {
    await deps.transport.send({ messageId: messageIdOf(row, deps.mailDomain), to: mail.to, ...rendered });
  } catch (error) {
    if (row.attempts >= MAX_ATTEMPTS) await giveUp(deps, row, error);
    else await scheduleRetry(deps, row, error);
    return false;
  }
  return true;
}

async function recordSent(deps: DeliveryDeps, row: OutboxRow): Promise<void> {
  await markSent(deps.db, row.id, deps.clock.now());
  deps.log.info('mail sent', { outboxId: row.id, template: row.payload.template, attempts: row.attempts });
}

async function scheduleRetry(deps: DeliveryDeps, row: OutboxRow, error: unknown): Promise<void> {
  const nextAttemptAt = new Date(deps.clock.now().getTime() + retryDelayMs(row.attempts));
  const lastError = describe(error);
  await retryLater(deps.db, row.id, nextAttemptAt, lastError);
  deps.log.warn('mail not sent, will retry', {
    outboxId: row.id,
    template: row.payload.template,
    attempts: row.attempts,
    nextAttemptAt: nextAttemptAt.toISOString(),
    error: lastError,
  });
}

async function giveUp(deps: DeliveryDeps, row: OutboxRow, error: unknown): Promise<void> {
  const lastError = describe(error);
  await markFailed(deps.db, row.id, lastError);
  deps.log.error('mail given up', {
    outboxId: row.id,
    template: row.payload.template,
    attempts: row.attempts,
    error: lastError,
  });
}

function describe(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, 1000);
}

/**
 * Sends every due e-mail, a batch at a time, until a batch comes back short: the e-mails step of the outbox's
 * delivery (server/main/deps.ts).
 */
export async function deliverAllDueMail(
  deps: DeliveryDeps,
  { batch = DEFAULT_BATCH, pause = sharesTheLoop() }: { batch?: number; pause?: Pause } = {},
): Promise<void> {
  for (;;) {
    const { sent, failed } = await deliverPendingMail(deps, { batch, pause });
    if (sent + failed < batch) return;
  }
}
