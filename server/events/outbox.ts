import { and, asc, desc, eq, gt, inArray, lte, notInArray, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { preparedOn } from '../../db/prepared.ts';
import { outbox } from '../../db/schema/events.ts';

/**
 * The outbox table, which only this folder writes (docs/decisions/0043, 0078): rows are recorded in the
 * transaction of the change they report, one per handler (an after-commit subscriber, or the sender of the
 * e-mails), then each is delivered, retried and set aside on its own.
 */
export type OutboxRow = typeof outbox.$inferSelect;

/** The columns a pending row is written with, by either way of recording one below. */
const INSERT_PENDING =
  'INSERT INTO outbox (topic, subscriber, payload, status, attempts, next_attempt_at, created_at)';

/**
 * Records rows of `topic` in the caller's transaction, one per payload and handler, in one statement whose
 * text is the same whatever their number: payloads and handlers travel as JSON arrays. A multi-row INSERT
 * built by drizzle cost a tenth of a burst of bookings' e-mails to build (docs/decisions/0070).
 */
export async function recordOutbox(
  tx: DbOrTx,
  topic: string,
  handlers: readonly string[],
  payloads: object[],
  now: Date,
): Promise<void> {
  if (payloads.length === 0 || handlers.length === 0) return;
  await tx.run(sql`${sql.raw(INSERT_PENDING)}
    SELECT ${topic}, handler.value, payload.value, 'pending', 0, ${now.getTime()}, ${now.getTime()}
    FROM json_each(${JSON.stringify(payloads)}) AS payload, json_each(${JSON.stringify(handlers)}) AS handler
    ORDER BY payload.key, handler.key`);
}

/** The INSERT that records rows of `topic` in a batch of plain SQL, when the batch's previous write did. */
export function recordOutboxStatement(
  topic: string,
  handlers: readonly string[],
  payloadJson: string,
): string {
  const names = JSON.stringify(handlers).replaceAll("'", "''");
  return `${INSERT_PENDING}
SELECT '${topic}', handler.value, ${payloadJson}, 'pending', 0, :now, :now
FROM json_each('${names}') AS handler
WHERE changes() = 1
ORDER BY handler.key`;
}

/**
 * Takes up to `batch` due rows for a lease, oldest due first, whatever their topic but those `waiting`
 * (e-mails without a transport): they are not due again before the lease ends, so a delivery running at the
 * same time does not find them, and if the process dies between the claim and the outcome they are tried
 * again afterwards instead of being lost. One UPDATE: two deliveries cannot claim the same row.
 */
export async function claimDue(
  db: Db,
  { now, batch, leaseMs, waiting }: { now: Date; batch: number; leaseMs: number; waiting: readonly string[] },
): Promise<OutboxRow[]> {
  const due = and(
    eq(outbox.status, 'pending'),
    lte(outbox.nextAttemptAt, now),
    waiting.length > 0 ? notInArray(outbox.topic, [...waiting]) : undefined,
  );
  const claimed = await db
    .update(outbox)
    .set({
      attempts: sql`${outbox.attempts} + 1`,
      lastAttemptAt: now,
      nextAttemptAt: new Date(now.getTime() + leaseMs),
    })
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

/** Whether anything is due now, but the `waiting` topics: asked after every change, built once (db/prepared.ts). */
export async function hasDue(db: Db, now: Date, waiting: readonly string[]): Promise<boolean> {
  const query = preparedOn(db, `outboxHasDue:${waiting.join(',')}`, (db) =>
    db
      .select({ id: outbox.id })
      .from(outbox)
      .where(
        and(
          eq(outbox.status, 'pending'),
          lte(outbox.nextAttemptAt, sql.placeholder('now')),
          waiting.length > 0 ? notInArray(outbox.topic, [...waiting]) : undefined,
        ),
      )
      .limit(1)
      .prepare(),
  );
  return (await query.get({ now: now.getTime() })) !== undefined;
}

/** Acknowledges rows, in the transaction of what handling them wrote when there is one. */
export async function markSent(db: DbOrTx, ids: readonly number[], now: Date): Promise<void> {
  if (ids.length === 1) {
    const query = preparedOn(db, 'outboxSent', (db) =>
      db
        .update(outbox)
        // A placeholder is written as given: the instant in milliseconds, as the column stores it.
        .set({ status: 'sent', sentAt: sql`${sql.placeholder('sentAt')}`, lastError: null })
        .where(eq(outbox.id, sql.placeholder('id')))
        .prepare(),
    );
    await query.run({ id: ids[0], sentAt: now.getTime() });
    return;
  }
  await db
    .update(outbox)
    .set({ status: 'sent', sentAt: now, lastError: null })
    .where(inArray(outbox.id, [...ids]));
}

export async function retryLater(db: Db, id: number, nextAttemptAt: Date, lastError: string): Promise<void> {
  await db.update(outbox).set({ nextAttemptAt, lastError }).where(eq(outbox.id, id));
}

/** Sets a row aside after its last try: it waits for an operator, and nothing behind it waits for it. */
export async function setAside(db: Db, id: number, lastError: string): Promise<void> {
  await db.update(outbox).set({ status: 'failed', lastError }).where(eq(outbox.id, id));
}

/**
 * Hands a row recorded by an earlier version (one row per event, no handler) to today's handlers of its
 * topic, as rows of their own due now; the old row is done. In one transaction.
 */
export async function fanOutLegacy(db: Db, row: OutboxRow, handlers: readonly string[], now: Date) {
  await db.transaction(async (tx) => {
    await recordOutbox(tx, row.topic, handlers, [row.payload], now);
    await markSent(tx, [row.id], now);
  });
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

/** Each topic's rows waiting to be handed on (due or waiting for their next try), and the oldest one's age. */
export async function pendingByTopic(
  db: Db,
): Promise<{ topic: string; pending: number; oldestPendingAt: Date | null }[]> {
  const rows = await db
    .select({
      topic: outbox.topic,
      pending: sql<number>`count(*)`,
      oldest: sql<number | null>`min(${outbox.createdAt})`,
    })
    .from(outbox)
    .where(eq(outbox.status, 'pending'))
    .groupBy(outbox.topic)
    .orderBy(asc(outbox.topic));
  return rows.map((row) => ({
    topic: row.topic,
    pending: Number(row.pending),
    oldestPendingAt: row.oldest === null ? null : new Date(Number(row.oldest)),
  }));
}

/** The rows set aside, the latest first. */
export function setAsideRows(db: Db, limit: number): Promise<OutboxRow[]> {
  return db
    .select()
    .from(outbox)
    .where(eq(outbox.status, 'failed'))
    .orderBy(desc(outbox.lastAttemptAt), desc(outbox.id))
    .limit(limit);
}

/** How many rows were set aside after `since` (their last try). */
export async function setAsideSince(db: Db, since: Date): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)` })
    .from(outbox)
    .where(and(eq(outbox.status, 'failed'), gt(outbox.lastAttemptAt, since)));
  return Number(row?.count ?? 0);
}

/** Puts a row set aside back in the queue, due now, its tries counted anew; false when it was not set aside. */
export async function requeue(db: DbOrTx, id: number, now: Date): Promise<boolean> {
  const result = await db
    .update(outbox)
    .set({ status: 'pending', attempts: 0, nextAttemptAt: now })
    .where(and(eq(outbox.id, id), eq(outbox.status, 'failed')));
  return result.rowsAffected === 1;
}
