import { desc, inArray } from 'drizzle-orm';
import { TRANSPORT_STATUS_LABELS } from '../../common/transport.ts';
import type { DbOrTx } from '../../db/client.ts';
import { transportRequests } from '../../db/schema/transport.ts';

/** The transport help asked for these meetings (a teacher's), for « Mes données » (docs/decisions/0098). */
export async function transportPersonalData(db: DbOrTx, meetingIds: number[]) {
  if (meetingIds.length === 0) return [];
  const rows = await db
    .select()
    .from(transportRequests)
    .where(inArray(transportRequests.meetingId, meetingIds))
    .orderBy(desc(transportRequests.createdAt));
  return rows.map((request) => ({
    rendezVous: request.meetingId,
    taille: request.groupSize,
    depart: request.departureLabel,
    commentaire: request.comment,
    statut: TRANSPORT_STATUS_LABELS[request.status],
    reponse: request.answer,
    demandeLe: request.createdAt,
    reponduLe: request.answeredAt,
  }));
}

/** Forgetting a teacher (docs/decisions/0098): the comments they wrote on these meetings' requests go. */
export async function eraseTransportCommentsOf(tx: DbOrTx, meetingIds: number[]): Promise<void> {
  if (meetingIds.length === 0) return;
  await tx
    .update(transportRequests)
    .set({ comment: null })
    .where(inArray(transportRequests.meetingId, meetingIds));
}
