import { and, desc, eq, isNull, lte, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { partnerKeys } from '../../db/schema/partners.ts';

export type PartnerKeyRow = typeof partnerKeys.$inferSelect;

/** Every key, the latest first: revoked ones stay listed, for the record. */
export function listPartnerKeys(db: DbOrTx): Promise<PartnerKeyRow[]> {
  return db.select().from(partnerKeys).orderBy(desc(partnerKeys.createdAt), desc(partnerKeys.id));
}

export async function insertPartnerKey(
  db: DbOrTx,
  values: Omit<typeof partnerKeys.$inferInsert, 'id' | 'lastUsedAt' | 'revokedAt'>,
): Promise<PartnerKeyRow> {
  const [row] = await db.insert(partnerKeys).values(values).returning();
  if (!row) throw new Error('partner key not inserted');
  return row;
}

/** Revokes the key unless it already is: the row as it now stands, or null for an unknown key. */
export async function revokeKey(db: DbOrTx, id: number, now: Date): Promise<PartnerKeyRow | null> {
  const [revoked] = await db
    .update(partnerKeys)
    .set({ revokedAt: now })
    .where(and(eq(partnerKeys.id, id), isNull(partnerKeys.revokedAt)))
    .returning();
  if (revoked) return revoked;
  const [row] = await db.select().from(partnerKeys).where(eq(partnerKeys.id, id));
  return row ?? null;
}

export async function keyBySecretHash(db: DbOrTx, secretHash: string): Promise<PartnerKeyRow | null> {
  const [row] = await db.select().from(partnerKeys).where(eq(partnerKeys.secretHash, secretHash));
  return row ?? null;
}

/** Sets the key's last use to `now` when the one stored is older than `since` (or none): one write a while. */
export async function touchKey(db: DbOrTx, id: number, now: Date, since: Date): Promise<void> {
  await db
    .update(partnerKeys)
    .set({ lastUsedAt: now })
    .where(
      and(eq(partnerKeys.id, id), or(isNull(partnerKeys.lastUsedAt), lte(partnerKeys.lastUsedAt, since))),
    );
}
