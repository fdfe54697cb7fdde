import { and, asc, desc, eq, inArray, lte, notInArray, sql } from 'drizzle-orm';
import type { WebhookEvent } from '../../common/partners.ts';
import { WEBHOOK_DELIVERIES_KEPT } from '../../common/webhooks.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { webhookDeliveries, webhookEndpoints } from '../../db/schema/webhooks.ts';

/** The webhooks' tables, which only this room writes (docs/decisions/0097). */
export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect;
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;

export function endpointsOfKey(db: DbOrTx, partnerKeyId: number): Promise<WebhookEndpointRow[]> {
  return db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.partnerKeyId, partnerKeyId))
    .orderBy(asc(webhookEndpoints.id));
}

export async function endpointById(db: DbOrTx, id: number): Promise<WebhookEndpointRow | null> {
  const [row] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
  return row ?? null;
}

export async function insertEndpoint(
  db: DbOrTx,
  values: typeof webhookEndpoints.$inferInsert,
): Promise<WebhookEndpointRow> {
  const [row] = await db.insert(webhookEndpoints).values(values).returning();
  if (!row) throw new Error('webhook endpoint not inserted');
  return row;
}

/** Deletes a key's endpoint and, with it, its deliveries; false when the key has no such endpoint. */
export async function deleteEndpointOfKey(db: DbOrTx, partnerKeyId: number, id: number): Promise<boolean> {
  const deleted = await db
    .delete(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.partnerKeyId, partnerKeyId)))
    .returning({ id: webhookEndpoints.id });
  return deleted.length === 1;
}

/**
 * The endpoints that hear of `event` now: subscribed to it, not paused, of a key that is not revoked and
 * holds the `webhooks` scope; each with its key's regions (empty: all). Reads `partner_keys`, the partners'
 * table (docs/decisions/0044, its exceptions).
 */
export async function listeningEndpoints(
  db: DbOrTx,
  event: WebhookEvent,
): Promise<{ id: number; regionCodes: string[] }[]> {
  const rows = await db.all<{ id: number; region_codes: string }>(sql`
    SELECT e.id, k.region_codes FROM webhook_endpoints e JOIN partner_keys k ON k.id = e.partner_key_id
    WHERE e.paused_at IS NULL AND k.revoked_at IS NULL
      AND EXISTS (SELECT 1 FROM json_each(k.scopes) WHERE value = 'webhooks')
      AND EXISTS (SELECT 1 FROM json_each(e.events) WHERE value = ${event})
    ORDER BY e.id`);
  return rows.map((row) => ({ id: Number(row.id), regionCodes: JSON.parse(row.region_codes) as string[] }));
}

/** Whom to tell when an endpoint is paused: its key's name and contact (the partners' table, as above). */
export async function keyContactOfEndpoint(
  db: DbOrTx,
  endpointId: number,
): Promise<{ name: string; contactEmail: string } | null> {
  const [row] = await db.all<{ name: string; contact_email: string }>(sql`
    SELECT k.name, k.contact_email FROM partner_keys k JOIN webhook_endpoints e ON e.partner_key_id = k.id
    WHERE e.id = ${endpointId}`);
  return row ? { name: row.name, contactEmail: row.contact_email } : null;
}

export async function insertDeliveries(
  db: DbOrTx,
  rows: (typeof webhookDeliveries.$inferInsert)[],
): Promise<void> {
  if (rows.length > 0) await db.insert(webhookDeliveries).values(rows);
}

/**
 * Keeps an endpoint's newest deliveries, `WEBHOOK_DELIVERIES_KEPT` of them, and any older one still pending
 * (it has its 24 hours of tries to go).
 */
export async function pruneDeliveries(db: DbOrTx, endpointIds: number[]): Promise<void> {
  for (const endpointId of endpointIds) {
    const newest = db
      .select({ id: webhookDeliveries.id })
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, endpointId))
      .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
      .limit(WEBHOOK_DELIVERIES_KEPT);
    await db
      .delete(webhookDeliveries)
      .where(
        and(
          eq(webhookDeliveries.endpointId, endpointId),
          notInArray(webhookDeliveries.id, newest),
          sql`${webhookDeliveries.status} <> 'pending'`,
        ),
      );
  }
}

/** An endpoint's latest deliveries, newest first. */
export function latestDeliveries(
  db: DbOrTx,
  endpointId: number,
  last: number,
): Promise<WebhookDeliveryRow[]> {
  return db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.endpointId, endpointId))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(last);
}

export async function deliveryWithEndpoint(
  db: DbOrTx,
  id: string,
): Promise<{ delivery: WebhookDeliveryRow; endpoint: WebhookEndpointRow } | null> {
  const [row] = await db
    .select({ delivery: webhookDeliveries, endpoint: webhookEndpoints })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(eq(webhookDeliveries.id, id));
  return row ?? null;
}

/**
 * Takes up to `batch` due deliveries for a lease, oldest first: not due again before the lease ends, so
 * that a run at the same time does not send them too, and a run that dies leaves them to be tried again.
 */
export async function claimDueDeliveries(
  db: Db,
  { now, batch, leaseMs }: { now: Date; batch: number; leaseMs: number },
): Promise<WebhookDeliveryRow[]> {
  const due = and(eq(webhookDeliveries.status, 'pending'), lte(webhookDeliveries.nextAttemptAt, now));
  const claimed = await db
    .update(webhookDeliveries)
    .set({ nextAttemptAt: new Date(now.getTime() + leaseMs) })
    .where(
      and(
        due,
        inArray(
          webhookDeliveries.id,
          db
            .select({ id: webhookDeliveries.id })
            .from(webhookDeliveries)
            .where(due)
            .orderBy(asc(webhookDeliveries.nextAttemptAt), asc(webhookDeliveries.id))
            .limit(batch),
        ),
      ),
    )
    .returning();
  return claimed.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id));
}

/** Whether any delivery is due now. */
export async function hasDueDelivery(db: Db, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.status, 'pending'), lte(webhookDeliveries.nextAttemptAt, now)))
    .limit(1);
  return row !== undefined;
}

export async function recordAttempt(
  db: DbOrTx,
  id: string,
  values: Partial<typeof webhookDeliveries.$inferInsert>,
): Promise<void> {
  await db.update(webhookDeliveries).set(values).where(eq(webhookDeliveries.id, id));
}

/** Puts claimed deliveries back, untried, due at `at`. */
export async function releaseDeliveries(db: DbOrTx, ids: string[], at: Date): Promise<void> {
  if (ids.length === 0) return;
  await db.update(webhookDeliveries).set({ nextAttemptAt: at }).where(inArray(webhookDeliveries.id, ids));
}

/**
 * Pauses an endpoint, if it was not: its other pending deliveries fail with it (each can be sent again).
 * True when this call paused it.
 */
export async function pauseEndpoint(db: DbOrTx, id: number, now: Date, reason: string): Promise<boolean> {
  const paused = await db
    .update(webhookEndpoints)
    .set({ pausedAt: now })
    .where(and(eq(webhookEndpoints.id, id), sql`${webhookEndpoints.pausedAt} IS NULL`))
    .returning({ id: webhookEndpoints.id });
  if (paused.length === 0) return false;
  await db
    .update(webhookDeliveries)
    .set({ status: 'failed', nextAttemptAt: null, lastError: reason })
    .where(and(eq(webhookDeliveries.endpointId, id), eq(webhookDeliveries.status, 'pending')));
  return true;
}

/** Queues a delivery again, due now, with 24 hours of tries anew; its endpoint resumes. */
export async function requeueDelivery(
  db: DbOrTx,
  delivery: { id: string; endpointId: number },
  now: Date,
  retryUntil: Date,
): Promise<void> {
  await db
    .update(webhookDeliveries)
    .set({ status: 'pending', attempts: 0, nextAttemptAt: now, retryUntil, lastError: null })
    .where(eq(webhookDeliveries.id, delivery.id));
  await db
    .update(webhookEndpoints)
    .set({ pausedAt: null })
    .where(eq(webhookEndpoints.id, delivery.endpointId));
}
