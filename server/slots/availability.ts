import { and, count, gte, lt, sql } from 'drizzle-orm';
import { AVAILABLE_SLOTS_WINDOW_DAYS } from '../../common/constants.ts';
import type { Db } from '../../db/client.ts';
import { slots } from '../../db/schema.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A slot is available while it has seats left; its company is validated, since others' slots are removed. */
export const hasSeatsLeft = sql`${slots.seatsTaken} < ${slots.maxParticipants}`;

/**
 * Slots with seats left that start between now and now + `days` × 24 h (PRODUCT.md, Time), read from the
 * partial covering index `slots_open_starts_idx` alone.
 */
export function availableSlotsCountQuery(db: Db, now: Date, days: number) {
  const end = new Date(now.getTime() + days * DAY_MS);
  return db
    .select({ n: count() })
    .from(slots)
    .where(and(hasSeatsLeft, gte(slots.startsAt, now), lt(slots.startsAt, end)));
}

export async function countAvailableSlots(
  db: Db,
  now: Date,
  days = AVAILABLE_SLOTS_WINDOW_DAYS,
): Promise<number> {
  const [row] = await availableSlotsCountQuery(db, now, days);
  return row?.n ?? 0;
}
