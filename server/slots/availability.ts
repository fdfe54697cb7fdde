import type { InStatement } from '@libsql/client';
import { AVAILABLE_SLOTS_WINDOW_DAYS } from '../../common/constants.ts';
import type { Db } from '../../db/client.ts';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/*
 * What an available slot is (PRODUCT.md, Discovery), written once for every query that counts or finds
 * them: seats left, starting in the window. Its company is validated, since others' slots are closed.
 */

/** Slot row `s` has seats left. Alias-free, it is also the partial index's WHERE (slots_open_starts_idx). */
export const hasSeatsLeft = (s?: string) =>
  s ? `${s}.seats_taken < ${s}.max_participants` : 'seats_taken < max_participants';

/** How many slots of company row `c` are available in [?, ?). */
export const availableCountOf = (c: string) =>
  `(SELECT count(*) FROM slots s WHERE s.company_id = ${c}.id AND s.starts_at >= ? AND s.starts_at < ? AND ${hasSeatsLeft('s')})`;

/** When the next available slot of company row `c` after ? starts. */
export const nextAvailableOf = (c: string) =>
  `(SELECT min(s.starts_at) FROM slots s WHERE s.company_id = ${c}.id AND s.starts_at > ? AND ${hasSeatsLeft('s')})`;

/** "The next `days` days" (PRODUCT.md, Time): from now to now + days × 24 h, in milliseconds. */
export function availabilityWindow(now: Date, days = AVAILABLE_SLOTS_WINDOW_DAYS): [number, number] {
  return [now.getTime(), now.getTime() + days * DAY_MS];
}

// Plain SQL, prepared text that never changes: this is the hottest public query (landing page, search
// counts), and building it through the query builder cost more than running it. The condition is the
// partial index's own WHERE, which is what lets SQLite use `slots_open_starts_idx`.
const COUNT_SQL = `SELECT
  (SELECT coalesce(sum(open_slots), 0) FROM slot_open_hours WHERE hour >= ? AND hour < ?)
  + (SELECT count(*) FROM slots WHERE ${hasSeatsLeft()} AND starts_at >= ? AND starts_at < ?)
  + (SELECT count(*) FROM slots WHERE ${hasSeatsLeft()} AND starts_at >= ? AND starts_at < ?) AS n`;

/**
 * Slots with seats left that start between now and now + `days` × 24 h (PRODUCT.md, Time), in one
 * statement: the whole hours inside the window are summed from `slot_open_hours` (kept by triggers), the
 * two partial hours at its edges are counted on the partial covering index `slots_open_starts_idx`.
 */
export function availableSlotsCountStatement(now: Date, days: number): InStatement {
  const [start, end] = availabilityWindow(now, days);
  const firstWholeHour = Math.ceil(start / HOUR_MS);
  const endOfWholeHours = Math.floor(end / HOUR_MS);
  const headEnd = Math.min(firstWholeHour * HOUR_MS, end);
  const tailStart = Math.max(endOfWholeHours * HOUR_MS, headEnd);
  return { sql: COUNT_SQL, args: [firstWholeHour, endOfWholeHours, start, headEnd, tailStart, end] };
}

export async function countAvailableSlots(
  db: Db,
  now: Date,
  days = AVAILABLE_SLOTS_WINDOW_DAYS,
): Promise<number> {
  const { rows } = await db.client.execute(availableSlotsCountStatement(now, days));
  return Number(rows[0]?.n ?? 0);
}

/** Each company's slots with seats left that start between now and now + `days` × 24 h, in one query. */
export async function countAvailableSlotsOfCompanies(
  db: Db,
  companyIds: number[],
  now: Date,
  days = AVAILABLE_SLOTS_WINDOW_DAYS,
): Promise<Map<number, number>> {
  if (companyIds.length === 0) return new Map();
  const ids = [...new Set(companyIds)];
  const { rows } = await db.client.execute({
    sql: `SELECT company_id, count(*) AS n FROM slots
      WHERE company_id IN (${ids.map(() => '?').join(', ')}) AND starts_at >= ? AND starts_at < ?
        AND ${hasSeatsLeft()}
      GROUP BY company_id`,
    args: [...ids, ...availabilityWindow(now, days)],
  });
  return new Map(rows.map((row) => [Number(row.company_id), Number(row.n)]));
}

/** A company's slots with seats left that start between now and now + `days` × 24 h. */
export async function countAvailableSlotsOfCompany(
  db: Db,
  companyId: number,
  now: Date,
  days = AVAILABLE_SLOTS_WINDOW_DAYS,
): Promise<number> {
  return (await countAvailableSlotsOfCompanies(db, [companyId], now, days)).get(companyId) ?? 0;
}

/**
 * How full the slots held in [from, to) were (issue 13, fill rate; docs/decisions/0034): seats taken over
 * seats offered of the slots that ended in the period, deleted and closed slots aside; of these companies
 * only when given (an operator's area). Read from `slots_held_idx` / `slots_company_held_idx` alone.
 */
export async function slotFill(
  db: Db,
  filter: { from: Date; to: Date; companyIds?: number[] | undefined },
): Promise<{ seatsOffered: number; seatsTaken: number }> {
  if (filter.companyIds?.length === 0 || filter.to <= filter.from) return { seatsOffered: 0, seatsTaken: 0 };
  const companies = filter.companyIds
    ? ` AND company_id IN (${filter.companyIds.map(() => '?').join(', ')})`
    : '';
  const { rows } = await db.client.execute({
    sql: `SELECT coalesce(sum(max_participants), 0) AS offered, coalesce(sum(seats_taken), 0) AS taken FROM slots
      WHERE deleted_at IS NULL AND max_participants > 0 AND ends_at >= ? AND ends_at < ?${companies}`,
    args: [filter.from.getTime(), filter.to.getTime(), ...(filter.companyIds ?? [])],
  });
  return { seatsOffered: Number(rows[0]?.offered ?? 0), seatsTaken: Number(rows[0]?.taken ?? 0) };
}
