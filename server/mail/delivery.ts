import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { outbox } from '../../db/schema/mail.ts';
import type { Logger } from '../http/logger.ts';
import type { Clock } from '../ports/clock.ts';
import type { MailTransport } from '../ports/mail.ts';
import { messageIdOf } from './message-id.ts';
import { MAIL_TOPIC, type OutgoingMail } from './outbox.ts';
import { renderMail } from './templates.ts';

export interface DeliveryDeps {
  db: Db;
  clock: Clock;
  log: Logger;
  transport: MailTransport;
  /** The domain of the e-mails' Message-IDs (mailDomain in message-id.ts). */
  mailDomain: string;
  /**
   * Turns the events other domains recorded in the outbox into e-mails, before each delivery run: a
   * booking records one in its own write and its e-mails are composed from it (meetings/events.ts).
   */
  composeMail?: () => Promise<unknown>;
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

type OutboxRow = typeof outbox.$inferSelect;

/**
 * Sends the outbox's due e-mails, at most `batch` of them; safe to run from several places at once. The
 * batch is claimed in one statement; each e-mail is marked sent as soon as the transport took it, so a
 * crash during a delivery sends again at most the e-mail being handed over, with its Message-ID
 * unchanged (receivers drop the copy). That is a commit per e-mail: marking a batch at once would save
 * commits but send the whole batch again after a crash (docs/decisions/0013, "E-mail delivery").
 */
export async function deliverPendingMail(
  deps: DeliveryDeps,
  options: { batch?: number } = {},
): Promise<DeliveryResult> {
  const now = deps.clock.now();
  const result: DeliveryResult = { sent: 0, failed: 0 };
  for (const row of await claimDue(deps.db, now, options.batch ?? DEFAULT_BATCH)) {
    if (await deliver(deps, row)) {
      await markSent(deps, row);
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

/**
 * Takes the due e-mails for a lease: they are not due again before it ends, so a delivery running at the
 * same time does not find them, and if the process dies between the claim and the outcome they are tried
 * again afterwards instead of being lost. One UPDATE: two deliveries cannot claim the same row.
 */
async function claimDue(db: Db, now: Date, batch: number): Promise<OutboxRow[]> {
  const due = and(eq(outbox.topic, MAIL_TOPIC), eq(outbox.status, 'pending'), lte(outbox.nextAttemptAt, now));
  const claimed = await db
    .update(outbox)
    .set({ attempts: sql`${outbox.attempts} + 1`, nextAttemptAt: new Date(now.getTime() + CLAIM_LEASE_MS) })
    .where(
      and(
        due,
        inArray(
          outbox.id,
          db
            .select({ id: outbox.id })
            .from(outbox)
            .where(due)
            .orderBy(asc(outbox.nextAttemptAt), asc(outbox.id))
            .limit(batch),
        ),
      ),
    )
    .returning();
  return claimed.sort((a, b) => a.id - b.id);
}

async function deliver(deps: DeliveryDeps, row: OutboxRow): Promise<boolean> {
  const mail = row.payload as unknown as OutgoingMail;
  let rendered: ReturnType<typeof renderMail>;
  try {
    rendered = renderMail(mail);
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

async function markSent(deps: DeliveryDeps, row: OutboxRow): Promise<void> {
  await deps.db
    .update(outbox)
    .set({ status: 'sent', sentAt: deps.clock.now(), lastError: null })
    .where(eq(outbox.id, row.id));
  deps.log.info('mail sent', { outboxId: row.id, template: row.payload.template, attempts: row.attempts });
}

async function scheduleRetry(deps: DeliveryDeps, row: OutboxRow, error: unknown): Promise<void> {
  const nextAttemptAt = new Date(deps.clock.now().getTime() + retryDelayMs(row.attempts));
  const lastError = describe(error);
  await deps.db.update(outbox).set({ nextAttemptAt, lastError }).where(eq(outbox.id, row.id));
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
  await deps.db.update(outbox).set({ status: 'failed', lastError }).where(eq(outbox.id, row.id));
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
 * How long a wake waits before its run: the wakes of a burst (bookings arriving together) share one run,
 * whose composition and delivery cost a few commits in all instead of a few per request.
 */
export const WAKE_COALESCE_MS = 100;

export interface Mailer {
  /**
   * Delivers what is due, soon (after WAKE_COALESCE_MS). Wakes during a run share it and make it look
   * once more, so a mail enqueued meanwhile is not left for the timer. Never rejects (on Workers, hand it
   * to waitUntil).
   */
  wake(): Promise<void>;
  /** Waits for the current run (the scheduler's `outbox` job is what looks again later). */
  stop(): Promise<void>;
}

export function createMailer(
  deps: DeliveryDeps,
  options: { batch?: number; coalesceMs?: number } = {},
): Mailer {
  const batch = options.batch ?? DEFAULT_BATCH;
  const coalesceMs = options.coalesceMs ?? WAKE_COALESCE_MS;
  let running: Promise<void> | undefined;
  let again = false;

  async function run(): Promise<void> {
    try {
      await new Promise((resolve) => setTimeout(resolve, coalesceMs));
      while (again) {
        again = false;
        await deliverAllDue(deps, batch);
      }
    } finally {
      running = undefined;
    }
  }

  function wake(): Promise<void> {
    again = true;
    running ??= run();
    return running;
  }

  return {
    wake,
    async stop() {
      await running;
    },
  };
}

async function deliverAllDue(deps: DeliveryDeps, batch: number): Promise<void> {
  try {
    await deps.composeMail?.();
  } catch (error) {
    deps.log.error('mail composition failed', { error: describe(error) });
  }
  try {
    for (;;) {
      const { sent, failed } = await deliverPendingMail(deps, { batch });
      if (sent + failed < batch) return;
    }
  } catch (error) {
    deps.log.error('mail delivery stopped', { error: describe(error) });
  }
}
