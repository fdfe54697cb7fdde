import { and, asc, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { preparedOn } from '../../db/prepared.ts';
import { outbox } from '../../db/schema/events.ts';

/**
 * The outbox table, which only this folder writes (docs/decisions/0043): rows are recorded in the
 * transaction of the change they report, then handed on after it, to subscribers (once) or to the mail
 * transport (with retries).
 */
export type OutboxRow = typeof outbox.$inferSelect;

/** The columns a pending row is written with, by either way of recording one below. */
const INSERT_PENDING = 'INSERT INTO outbox (topic, payload, status, attempts, next_attempt_at, created_at)';

/**
 * Records rows of `topic` in the caller's transaction, in one statement whose text is the same whatever
 * their number: the payloads travel as one JSON array. A multi-row INSERT built by drizzle cost a tenth of
 * a burst of bookings' e-mails to build (docs/decisions/0070).
 */
export async function recordOutbox(tx: DbOrTx, topic: string, payloads: object[], now: Date): Promise<void> {
  if (payloads.length === 0) return;
  await tx.run(sql`${sql.raw(INSERT_PENDING)}
    SELECT ${topic}, value, 'pending', 0, ${now.getTime()}, ${now.getTime()}
    FROM json_each(${JSON.stringify(payloads)}) ORDER BY key`);
}

/** The INSERT that records one row of `topic` in a batch of plain SQL, when the batch's previous write did. */
export function recordOutboxStatement(topic: string, payloadJson: string): string {
  return `${INSERT_PENDING}
SELECT '${topic}', ${payloadJson}, 'pending', 0, :now, :now
WHERE changes() = 1`;
}

/**
 * Takes up to `limit` pending rows of `topic` in the caller's transaction and marks them handled: the
 * transaction that handles them is the one that consumes them, so each is handled once, and a failure
 * leaves them all pending.
 */
export async function takePending(tx: DbOrTx, topic: string, limit: number, now: Date): Promise<OutboxRow[]> {
  const rows = await tx
    .select()
    .from(outbox)
    .where(and(eq(outbox.topic, topic), eq(outbox.status, 'pending')))
    .orderBy(asc(outbox.id))
    .limit(limit);
  if (rows.length === 0) return [];
  await tx
    .update(outbox)
    .set({ status: 'sent', sentAt: now, attempts: 1 })
    .where(
      inArray(
        outbox.id,
        rows.map((row) => row.id),
      ),
    );
  return rows;
}

/** Whether any row of `topic` waits (a read outside any transaction, to skip an empty topic cheaply). */
export async function hasPending(db: Db, topic: string): Promise<boolean> {
  // Asked after every change that may have recorded something: built once (db/prepared.ts).
  const query = preparedOn(db, 'outboxHasPending', (db) =>
    db
      .select({ id: outbox.id })
      .from(outbox)
      .where(and(eq(outbox.topic, sql.placeholder('topic')), eq(outbox.status, 'pending')))
      .limit(1)
      .prepare(),
  );
  return (await query.get({ topic })) !== undefined;
}

/**
 * Takes the due rows of `topic` for a lease: they are not due again before it ends, so a delivery running
 * at the same time does not find them, and if the process dies between the claim and the outcome they are
 * tried again afterwards instead of being lost. One UPDATE: two deliveries cannot claim the same row.
 */
export async function claimDue(
  db: Db,
  topic: string,
  { now, batch, leaseMs }: { now: Date; batch: number; leaseMs: number },
): Promise<OutboxRow[]> {
  const due = and(eq(outbox.topic, topic), eq(outbox.status, 'pending'), lte(outbox.nextAttemptAt, now));
  const claimed = await db
    .update(outbox)
    .set({ attempts: sql`${outbox.attempts} + 1`, nextAttemptAt: new Date(now.getTime() + leaseMs) })
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

export async function markSent(db: Db, id: number, now: Date): Promise<void> {
  const query = preparedOn(db, 'outboxSent', (db) =>
    db
      .update(outbox)
      // A placeholder is written as given: the instant in milliseconds, as the column stores it.
      .set({ status: 'sent', sentAt: sql`${sql.placeholder('sentAt')}`, lastError: null })
      .where(eq(outbox.id, sql.placeholder('id')))
      .prepare(),
  );
  await query.run({ id, sentAt: now.getTime() });
}

export async function retryLater(db: Db, id: number, nextAttemptAt: Date, lastError: string): Promise<void> {
  await db.update(outbox).set({ nextAttemptAt, lastError }).where(eq(outbox.id, id));
}

export async function markFailed(db: Db, id: number, lastError: string): Promise<void> {
  await db.update(outbox).set({ status: 'failed', lastError }).where(eq(outbox.id, id));
}

/** The latest rows of `topic`, newest first (the developers' mail viewer). */
export function latestOfTopic(db: Db, topic: string, limit: number): Promise<OutboxRow[]> {
  return db
    .select()
    .from(outbox)
    .where(eq(outbox.topic, topic))
    .orderBy(desc(outbox.createdAt), desc(outbox.id))
    .limit(limit);
}

export async function findOfTopic(db: Db, topic: string, id: number): Promise<OutboxRow | undefined> {
  const [row] = await db
    .select()
    .from(outbox)
    .where(and(eq(outbox.id, id), eq(outbox.topic, topic)));
  return row;
}
