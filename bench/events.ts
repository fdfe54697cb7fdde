import { sql } from 'drizzle-orm';
import { createDeps } from '../server/main/deps.ts';
import { budget, copyOfLargeDatabase, ensureLargeDatabase } from './support.ts';

const EVENTS = 1_000;
/** Where the poisoned row sits among the others: early, with most of the queue behind it. */
const POISONED_AT = 10;
/** The budget: a thousand bookings' e-mails composed, rendered and handed over within this (2 cores). */
const CLEAR_BUDGET_S = 10;

/**
 * The events' delivery (issue 34, docs/decisions/0078): 1,000 bookings' `meeting.booked` events queued on a
 * copy of the large data set, one of them poisoned (a payload of an older shape its subscriber cannot take),
 * then delivered by the outbox's loop as the Node server runs it: claims of 20, both sides' e-mails
 * composed and handed to the transport (memory, as on localhost without SMTP). Printed: the time until
 * nothing is due, the rows' outcomes, and whether anything behind the poisoned row waited for it.
 */
export async function benchEvents(): Promise<boolean> {
  const copy = copyOfLargeDatabase('events');
  const deps = createDeps({
    DATABASE_URL: copy.url,
    LOG_LEVEL: 'silent',
    SEED: 'none',
    NODE_ENV: 'development',
  });
  try {
    const now = deps.clock.now();
    const { rows } = await deps.db.client.execute({
      sql: `SELECT id FROM meetings WHERE status = 'confirmed' ORDER BY id LIMIT ${EVENTS - 1}`,
      args: [],
    });
    const ids = rows.map((row) => Number(row.id));
    await deps.db.transaction(async (tx) => {
      for (const [i, meetingId] of ids.entries()) {
        if (i === POISONED_AT) {
          await deps.events.publish(tx, 'meeting.booked', { meetingId: { legacy: meetingId } } as never, now);
        }
        await deps.events.publish(tx, 'meeting.booked', { meetingId }, now);
      }
    });

    const started = performance.now();
    await deps.outbox.wake();
    const seconds = (performance.now() - started) / 1000;

    const [found] = await deps.db.all<{
      sent: number;
      retrying: number;
      failed: number;
      mails: number;
      waiting: number;
    }>(sql`
        SELECT
          (SELECT count(*) FROM outbox WHERE topic = 'meeting.booked' AND status = 'sent') AS sent,
          (SELECT count(*) FROM outbox WHERE topic = 'meeting.booked' AND status = 'pending') AS retrying,
          (SELECT count(*) FROM outbox WHERE topic = 'meeting.booked' AND status = 'failed') AS failed,
          (SELECT count(*) FROM outbox WHERE topic = 'mail' AND status = 'sent') AS mails,
          (SELECT count(*) FROM outbox WHERE status = 'pending' AND next_attempt_at <= ${Date.now()}) AS waiting`);
    const counts = found ?? { sent: 0, retrying: 0, failed: 0, mails: 0, waiting: 0 };
    console.log(
      `\nEvents' delivery: ${EVENTS} meeting.booked events, one poisoned (the ${POISONED_AT + 1}th)`,
    );
    console.table([
      {
        'cleared in (s)': Number(seconds.toFixed(2)),
        'events/s': Math.round(EVENTS / seconds),
        'events handed on': counts.sent,
        'poisoned, to retry': counts.retrying,
        'set aside': counts.failed,
        'e-mails sent': counts.mails,
        'still due': counts.waiting,
      },
    ]);
    const unblocked = budget(
      'nothing waits behind a poisoned event',
      counts.sent === EVENTS - 1 && counts.retrying === 1 && counts.waiting === 0,
      `${counts.sent} of ${EVENTS - 1} handed on, ${counts.retrying} to retry, ${counts.waiting} still due`,
    );
    const fast = budget(
      `${EVENTS} events cleared in ≤ ${CLEAR_BUDGET_S} s`,
      seconds <= CLEAR_BUDGET_S,
      `${seconds.toFixed(2)} s`,
    );
    return unblocked && fast;
  } finally {
    await deps.outbox.stop();
    deps.db.client.close();
    copy.remove();
  }
}

if (import.meta.main) {
  await ensureLargeDatabase();
  process.exitCode = (await benchEvents()) ? 0 : 1;
}
