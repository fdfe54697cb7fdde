import { desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { waitlistEntries } from '../../db/schema/waitlist.ts';

/** A teacher's places in waiting lines, open or closed, for « Mes données » (docs/decisions/0098). */
export function waitlistPersonalData(db: DbOrTx, teacherId: number) {
  return db
    .select({
      creneau: waitlistEntries.slotId,
      taille: waitlistEntries.groupSize,
      statut: waitlistEntries.status,
      inscritLe: waitlistEntries.createdAt,
      placesProposeesLe: waitlistEntries.offeredAt,
      fermeLe: waitlistEntries.closedAt,
    })
    .from(waitlistEntries)
    .where(eq(waitlistEntries.teacherId, teacherId))
    .orderBy(desc(waitlistEntries.createdAt));
}
