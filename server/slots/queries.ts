import { and, asc, desc, eq, gt, gte, inArray, isNull, lt, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { preparedOn } from '../../db/prepared.ts';
import { slots } from '../../db/schema/slots.ts';
import { AppError } from '../kernel/errors.ts';
import { onOfferSql, openSlotSql } from './open.ts';

/** The slots table's own reads: the domain's use cases and views call them; other domains never do. */
export type SlotRow = typeof slots.$inferSelect;

/** The company's slot, not deleted; NOT_FOUND for another company's. */
export async function findOwnSlot(db: DbOrTx, companyId: number, slotId: number): Promise<SlotRow> {
  const [slot] = await db
    .select()
    .from(slots)
    .where(and(eq(slots.id, slotId), eq(slots.companyId, companyId), isNull(slots.deletedAt)));
  if (!slot) throw new AppError('NOT_FOUND');
  return slot;
}

/** The slot, unless deleted; `includeDeleted` for the history of the meetings it had. */
export async function findSlotById(
  db: DbOrTx,
  id: number,
  { includeDeleted = false } = {},
): Promise<SlotRow | null> {
  // Read by every slot page and every refused booking: built once (db/prepared.ts).
  const query = preparedOn(db, includeDeleted ? 'slotById:withDeleted' : 'slotById', (db) =>
    db
      .select()
      .from(slots)
      .where(
        includeDeleted
          ? eq(slots.id, sql.placeholder('id'))
          : and(eq(slots.id, sql.placeholder('id')), isNull(slots.deletedAt)),
      )
      .prepare(),
  );
  return (await query.get({ id })) ?? null;
}

/** The slots of these ids (each once, in no order), unless deleted; `includeDeleted` as findSlotById. */
export async function findSlotsByIds(
  db: DbOrTx,
  ids: number[],
  { includeDeleted = false } = {},
): Promise<SlotRow[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  return db
    .select()
    .from(slots)
    .where(
      includeDeleted ? inArray(slots.id, unique) : and(inArray(slots.id, unique), isNull(slots.deletedAt)),
    );
}

/** The company's slots that have not ended (soonest first), or that have (latest first). */
export function listCompanySlots(db: DbOrTx, companyId: number, period: 'upcoming' | 'past', now: Date) {
  return db
    .select()
    .from(slots)
    .where(
      and(
        eq(slots.companyId, companyId),
        isNull(slots.deletedAt),
        period === 'upcoming' ? gt(slots.endsAt, now) : lte(slots.endsAt, now),
      ),
    )
    .orderBy(period === 'upcoming' ? asc(slots.startsAt) : desc(slots.startsAt), asc(slots.id));
}

/** A company's slots on offer (open.ts: listed, not deleted, not started, full ones included), soonest first. */
export function slotsOnOfferOfCompany(db: DbOrTx, companyId: number, now: Date) {
  return db
    .select()
    .from(slots)
    .where(and(eq(slots.companyId, companyId), sql.raw(onOfferSql('slots')), gt(slots.startsAt, now)))
    .orderBy(asc(slots.startsAt), asc(slots.id));
}

/** The company's open slots (open.ts), soonest first, at most `limit`: its home page. */
export function openSlotsOfCompany(db: DbOrTx, companyId: number, now: Date, limit: number) {
  return db
    .select()
    .from(slots)
    .where(and(eq(slots.companyId, companyId), sql.raw(openSlotSql('slots')), gt(slots.startsAt, now)))
    .orderBy(asc(slots.startsAt), asc(slots.id))
    .limit(limit);
}

/** The slots created in [from, to) that are open at `now` (open.ts), soonest first, on `slots_created_idx`. */
export function openSlotsPublishedBetween(db: DbOrTx, period: { from: Date; to: Date }, now: Date) {
  return db
    .select()
    .from(slots)
    .where(
      and(
        gte(slots.createdAt, period.from),
        lt(slots.createdAt, period.to),
        sql.raw(openSlotSql('slots')),
        gt(slots.startsAt, now),
      ),
    )
    .orderBy(asc(slots.startsAt), asc(slots.id));
}

/** What a list of open slots is narrowed to: the companies (undefined: all), a start before `to`, a page. */
export interface OpenSlotFilter {
  companyIds?: number[] | undefined;
  to?: Date | undefined;
  page: number;
  pageSize: number;
}

/** Open slots (open.ts) starting after `from`, soonest first, one page and the total. */
export async function openSlotsPage(db: DbOrTx, filter: OpenSlotFilter, from: Date) {
  if (filter.companyIds?.length === 0) return { total: 0, items: [] };
  const where = and(
    sql.raw(openSlotSql('slots')),
    gt(slots.startsAt, from),
    filter.to ? lt(slots.startsAt, filter.to) : undefined,
    filter.companyIds ? inArray(slots.companyId, filter.companyIds) : undefined,
  );
  const [items, [count]] = await Promise.all([
    db
      .select()
      .from(slots)
      .where(where)
      .orderBy(asc(slots.startsAt), asc(slots.id))
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize),
    db.select({ n: sql<number>`count(*)` }).from(slots).where(where),
  ]);
  return { total: Number(count?.n ?? 0), items };
}

/** Whether the company has a slot to come (deleted ones aside). */
export async function hasUpcomingSlot(db: DbOrTx, companyId: number, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: slots.id })
    .from(slots)
    .where(and(eq(slots.companyId, companyId), gt(slots.startsAt, now), isNull(slots.deletedAt)))
    .limit(1);
  return Boolean(row);
}

/** Whether the company has ever published a slot still standing, past or to come (its first steps). */
export async function hasStandingSlot(db: DbOrTx, companyId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: slots.id })
    .from(slots)
    .where(and(eq(slots.companyId, companyId), isNull(slots.deletedAt)))
    .limit(1);
  return Boolean(row);
}

/** All of a company's slots still standing, latest first: the operators' view of a company. */
export function slotsOfCompany(db: DbOrTx, companyId: number, limit: number) {
  return db
    .select()
    .from(slots)
    .where(and(eq(slots.companyId, companyId), isNull(slots.deletedAt)))
    .orderBy(desc(slots.startsAt), desc(slots.id))
    .limit(limit);
}

/** The company's latest slot by creation, deleted ones included (a speaker is worth prefilling still). */
export async function latestSlotOfCompany(db: DbOrTx, companyId: number): Promise<SlotRow | null> {
  const [slot] = await db
    .select()
    .from(slots)
    .where(eq(slots.companyId, companyId))
    .orderBy(desc(slots.createdAt), desc(slots.id))
    .limit(1);
  return slot ?? null;
}

/** A company's slots not deleted that have not started, soonest first: what its company and operators see. */
export function slotsToComeOfCompany(db: DbOrTx, companyId: number, now: Date) {
  return db
    .select()
    .from(slots)
    .where(and(eq(slots.companyId, companyId), isNull(slots.deletedAt), gt(slots.startsAt, now)))
    .orderBy(asc(slots.startsAt), asc(slots.id));
}
