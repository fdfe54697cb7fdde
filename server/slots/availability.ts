import type { InStatement, InValue } from '@libsql/client';
import { AVAILABLE_SLOTS_WINDOW_DAYS, MEETING_TYPES, type MeetingType } from '../../common/constants.ts';
import { type Db, sqlPlaceholders } from '../../db/client.ts';
import type { Deps } from '../kernel/context.ts';
import { openSlotAtSql, openSlotSql } from './open.ts';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/*
 * The open slots counted (PRODUCT.md, Discovery: « the number of available slots in the next 15 days »),
 * each with the rule of open.ts: for the whole platform (the landing page), for companies (search, the
 * company page, favourites), and the next open slot of a company.
 */

/** "The next `days` days" (PRODUCT.md, Time): from now to now + days × 24 h, in milliseconds. */
export function availabilityWindow(now: Date, days = AVAILABLE_SLOTS_WINDOW_DAYS): [number, number] {
  return [now.getTime(), now.getTime() + days * DAY_MS];
}

/**
 * Leaves out a teacher's own bookings: the slots whose ids are the next `?` argument (a JSON array), or
 * those `except`, a subquery of slot ids, gives (its own arguments in that place).
 */
const exceptSql = (s: string, except: true | string) =>
  ` AND ${s}.id NOT IN (${except === true ? 'SELECT value FROM json_each(?)' : except})`;

/**
 * Leaves out the slots that start in one of `count` instant ranges, each the next two `?` arguments
 * [from, to) (the school holidays of a teacher's zone, docs/decisions/0047): a few comparisons on the row
 * already read, no join.
 */
export const outsideRangesSql = (s: string, count: number) =>
  count > 0
    ? ` AND NOT (${Array.from({ length: count }, () => `(${s}.starts_at >= ? AND ${s}.starts_at < ?)`).join(' OR ')})`
    : '';

/**
 * What a teacher's counts leave out: their own bookings (`except`: the ids as a JSON array argument, or a
 * subquery of them), and `holidays` ranges.
 */
export interface SlotExclusionShape {
  except?: boolean | string;
  /** How many [from, to) ranges follow the `except` argument. */
  holidays?: number;
}

const exclusionsSql = (s: string, options: SlotExclusionShape) =>
  `${options.except ? exceptSql(s, options.except) : ''}${outsideRangesSql(s, options.holidays ?? 0)}`;

/**
 * The open slots of company row `c`, those that start before the window's end (or another end) when
 * `inWindow`, leaving out what `options` says.
 */
const openSlotsOf = (c: string, options: SlotExclusionShape, inWindow: boolean) =>
  `FROM slots s WHERE s.company_id = ${c}.id AND ${openSlotAtSql('s')}${inWindow ? ' AND s.starts_at < ?' : ''}${exclusionsSql('s', options)}`;

/**
 * How many open slots of company row `c` start in the window: arguments [now, end], then the JSON array of
 * slot ids to leave out when `except` (the teacher's own bookings), then the `holidays` ranges.
 */
export const openCountOf = (c: string, options: SlotExclusionShape = {}) =>
  `(SELECT count(*) ${openSlotsOf(c, options, true)})`;

/**
 * When the next open slot of company row `c` starts: arguments [now] (or a later instant after which it
 * starts), the end it starts before when `bounded` (a search's dates), then the exclusions' as above.
 */
export const nextOpenOf = (c: string, options: SlotExclusionShape = {}, bounded = false) =>
  `(SELECT min(s.starts_at) ${openSlotsOf(c, options, bounded)})`;

/**
 * When the open slots of company row `c` that start in the window start, as a JSON array: arguments as
 * `openCountOf`'s. For a count whose end only the caller knows, within the window (the calendar week in the
 * teacher's zone, for a statement that does not read the teacher's zone first).
 */
export const openStartsOf = (c: string, options: SlotExclusionShape = {}) =>
  `(SELECT json_group_array(s.starts_at) ${openSlotsOf(c, options, true)})`;

// Plain SQL, prepared text that never changes: this is the hottest public query (landing page, search
// counts), and building it through the query builder cost more than running it.
const COUNT_SQL = `SELECT
  (SELECT coalesce(sum(open_slots), 0) FROM slot_open_hours WHERE hour >= ? AND hour < ?)
  + (SELECT count(*) FROM slots WHERE ${openSlotSql('slots')} AND starts_at > ? AND starts_at < ?)
  + (SELECT count(*) FROM slots WHERE ${openSlotSql('slots')} AND starts_at >= ? AND starts_at < ?) AS n`;

/**
 * The open slots that start between now and now + `days` × 24 h, in one statement: the whole hours inside
 * the window are summed from `slot_open_hours` (kept by triggers with the same rule, migration 0021), the
 * two partial hours at its edges are counted on the partial covering index `slots_open_starts_idx`.
 */
export function availableSlotsCountStatement(now: Date, days: number): InStatement {
  const [start, end] = availabilityWindow(now, days);
  // The first whole hour after now: a slot starting right now has started.
  const firstWholeHour = Math.floor(start / HOUR_MS) + 1;
  const endOfWholeHours = Math.max(Math.floor(end / HOUR_MS), firstWholeHour);
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

/**
 * Each company's open slots that start between now and now + `days` × 24 h, in one query; `except` leaves
 * out slots a teacher already holds a booking on.
 */
export async function countAvailableSlotsOfCompanies(
  db: Db,
  companyIds: number[],
  now: Date,
  options: { days?: number; except?: number[] } = {},
): Promise<Map<number, number>> {
  if (companyIds.length === 0) return new Map();
  const ids = [...new Set(companyIds)];
  const args: InValue[] = [...ids, ...availabilityWindow(now, options.days)];
  if (options.except) args.push(JSON.stringify(options.except));
  const { rows } = await db.client.execute({
    sql: `SELECT company_id, count(*) AS n FROM slots s
      WHERE company_id IN (${sqlPlaceholders(ids)}) AND ${openSlotAtSql('s')} AND starts_at < ?
        ${options.except ? exceptSql('s', true) : ''}
      GROUP BY company_id`,
    args,
  });
  return new Map(rows.map((row) => [Number(row.company_id), Number(row.n)]));
}

/** A company's open slots that start between now and now + `days` × 24 h. */
export async function countAvailableSlotsOfCompany(
  db: Db,
  companyId: number,
  now: Date,
  days = AVAILABLE_SLOTS_WINDOW_DAYS,
): Promise<number> {
  return (await countAvailableSlotsOfCompanies(db, [companyId], now, { days })).get(companyId) ?? 0;
}

/**
 * How many open slots the company has to come, whatever their date, by meeting type (every type, 0 when
 * none), in one query: what a visitor may know of them (the embeddable « Nos prochaines visites »).
 */
export async function countOpenSlotsByType(
  db: Db,
  companyId: number,
  now: Date,
): Promise<Record<MeetingType, number>> {
  const { rows } = await db.client.execute({
    sql: `SELECT meeting_type, count(*) AS n FROM slots s
      WHERE s.company_id = ? AND ${openSlotAtSql('s')} GROUP BY meeting_type`,
    args: [companyId, now.getTime()],
  });
  const counts = Object.fromEntries(MEETING_TYPES.map((type) => [type, 0])) as Record<MeetingType, number>;
  for (const row of rows) {
    const type = String(row.meeting_type) as MeetingType;
    if (type in counts) counts[type] = Number(row.n);
  }
  return counts;
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
  const companies = filter.companyIds ? ` AND company_id IN (${sqlPlaceholders(filter.companyIds)})` : '';
  const { rows } = await db.client.execute({
    sql: `SELECT coalesce(sum(max_participants), 0) AS offered, coalesce(sum(seats_taken), 0) AS taken FROM slots
      WHERE deleted_at IS NULL AND max_participants > 0 AND ends_at >= ? AND ends_at < ?${companies}`,
    args: [filter.from.getTime(), filter.to.getTime(), ...(filter.companyIds ?? [])],
  });
  return { seatsOffered: Number(rows[0]?.offered ?? 0), seatsTaken: Number(rows[0]?.taken ?? 0) };
}

/** `availableSlotsCount(days)`: the open slots of the next `days` days, all of France. */
export function availableSlotsCount(days: number, deps: Pick<Deps, 'db' | 'clock'>): Promise<number> {
  return countAvailableSlots(deps.db, deps.clock.now(), days);
}

/** Company.availableSlotsCount(days), when the search did not count it already. */
export function availableSlotsCountOfCompany(
  companyId: number,
  days: number,
  deps: Pick<Deps, 'db' | 'clock'>,
): Promise<number> {
  return countAvailableSlotsOfCompany(deps.db, companyId, deps.clock.now(), days);
}
