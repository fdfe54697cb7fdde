import type { InValue, Row } from '@libsql/client';
import { MEETING_TYPES, type MeetingType, type Sector } from '../../common/constants.ts';
import { compareFrench } from '../../common/text.ts';
import { type Db, sqlPlaceholders } from '../../db/client.ts';

const HOUR_MS = 3_600_000;
/** A cancellation less than this before the start is a late one (the class had prepared the visit). */
export const LATE_CANCELLATION_MS = 48 * HOUR_MS;

/** A month of the period, as the caller counts months (Europe/Paris for the operators), cut to the period. */
export interface MonthBucket {
  month: string;
  start: Date;
  end: Date;
}

export interface MeetingStatisticsFilter {
  from: Date;
  to: Date;
  /** The months of [from, to), in order, which together cover it. */
  months: MonthBucket[];
  /** Only meetings of these companies (an operator's area); all of France when absent. */
  companyIds?: number[] | undefined;
}

export interface HeldGroup<K> {
  key: K;
  meetingsHeld: number;
  pupilsReached: number;
}

export interface MeetingStatistics {
  bookings: number;
  bookingsPerMonth: { month: string; count: number }[];
  meetingsHeld: number;
  pupilsReached: number;
  /** Held meetings whose company said the group did not come (issue 11). */
  absent: number;
  meetingsHeldPerMonth: { month: string; count: number }[];
  bySector: HeldGroup<Sector>[];
  byDepartment: HeldGroup<string>[];
  byMeetingType: HeldGroup<MeetingType>[];
  /** Bookings of the slots held in the period that were cancelled, and how many of them late. */
  cancelled: number;
  cancelledLate: number;
}

const monthsTable = (months: MonthBucket[]) => ({
  sql: `WITH months(month, start, stop) AS (VALUES ${months.map(() => '(?, ?, ?)').join(', ')})`,
  args: months.flatMap((m): InValue[] => [m.month, m.start.getTime(), m.end.getTime()]),
});

/**
 * Held, of a live booking `m` of a slot that has ended (common/slots.ts `meetingHeld`, the one definition):
 * its group was not marked absent. An absent group is counted apart, and its pupils reached no one.
 */
const HELD = 'm.absent_at IS NULL';

/** Each meeting type's meetings held and pupils, as columns of a row grouped by company. */
const byTypeColumns = MEETING_TYPES.map(
  (_, i) =>
    `count(*) FILTER (WHERE s.meeting_type = ?) AS n${i},
    coalesce(sum(m.participants_count) FILTER (WHERE s.meeting_type = ?), 0) AS p${i}`,
).join(',\n    ');
const byTypeArgs = MEETING_TYPES.flatMap((type) => [type, type]);

/**
 * The meetings' numbers of a period (issue 13, definitions in docs/decisions/0034): bookings made in each
 * month; meetings held (live bookings of the slots that ended in the period, up to now) with the pupils they
 * reached, per month and by sector, department and type; the cancelled bookings of those slots and how many
 * were cancelled late.
 *
 * The statistics are the one read of this domain that goes to the slots and companies tables themselves
 * rather than through `meeting_facts`: the view joins the teacher and the establishment to every row, and
 * a join order that a view cannot carry is what keeps the page for all of France under its 300 ms (each
 * query reads only indexes of migration 0012; the numbers before and after are in 0034).
 */
export async function meetingStatistics(
  db: Db,
  filter: MeetingStatisticsFilter,
  now: Date,
): Promise<MeetingStatistics> {
  const heldUntil = Math.min(filter.to.getTime(), now.getTime());
  const heldMonths = filter.months
    .filter((m) => m.start.getTime() < heldUntil)
    .map((m) => ({ ...m, end: new Date(Math.min(m.end.getTime(), heldUntil)) }));
  const ids = filter.companyIds;
  if (ids?.length === 0 || filter.months.length === 0) return emptyStatistics(filter.months);
  const inIds = (column: string) => (ids ? ` AND ${column} IN (${sqlPlaceholders(ids)})` : '');
  const idArgs: InValue[] = ids ?? [];
  const from = filter.from.getTime();

  const bookingMonths = monthsTable(filter.months);
  const statements = [
    // The period's months, each a range of the index on created_at; the area's slots, once, as a list
    // each booking is looked up in (`+` keeps SQLite from walking the slots' bookings month after month).
    {
      sql: `${bookingMonths.sql} SELECT month, (SELECT count(*) FROM meetings m
          WHERE m.created_at >= start AND m.created_at < stop${
            ids
              ? ` AND +m.slot_id IN (SELECT id FROM slots WHERE company_id IN (${sqlPlaceholders(ids)}))`
              : ''
          }) AS n
        FROM months`,
      args: [...bookingMonths.args, ...idArgs],
    },
  ];
  if (heldMonths.length > 0) {
    const months = monthsTable(heldMonths);
    statements.push(
      {
        sql: `${months.sql} SELECT month, count(*) FILTER (WHERE ${HELD}) AS n,
            coalesce(sum(m.participants_count) FILTER (WHERE ${HELD}), 0) AS pupils, count(m.absent_at) AS absent
          FROM months
          JOIN slots s ON s.deleted_at IS NULL AND s.ends_at >= start AND s.ends_at < stop${inIds('s.company_id')}
          JOIN meetings m ON m.slot_id = s.id AND m.status <> 'cancelled'
          GROUP BY month`,
        args: [...months.args, ...idArgs],
      },
      // Companies first, each one's held slots on its index, rows grouped by company as they come (no sort
      // of every meeting); then the three groupings of those few thousand rows, in one answer.
      {
        sql: `WITH per_company AS MATERIALIZED (
            SELECT c.department_code AS department, c.sector AS sector,
              ${byTypeColumns}
            FROM companies c CROSS JOIN slots s CROSS JOIN meetings m
            WHERE s.company_id = c.id AND s.deleted_at IS NULL AND s.ends_at >= ? AND s.ends_at < ?
              AND m.slot_id = s.id AND m.status <> 'cancelled' AND ${HELD}${inIds('c.id')}
            GROUP BY c.id
          ),
          totals AS (
            SELECT department, sector, ${MEETING_TYPES.map((_, i) => `n${i}`).join(' + ')} AS n,
              ${MEETING_TYPES.map((_, i) => `p${i}`).join(' + ')} AS pupils
            FROM per_company
          )
          SELECT 'department' AS dimension, department AS key, sum(n) AS n, sum(pupils) AS pupils
            FROM totals WHERE department IS NOT NULL GROUP BY department
          UNION ALL SELECT 'sector', sector, sum(n), sum(pupils) FROM totals GROUP BY sector
          ${MEETING_TYPES.map(
            (_, i) =>
              `UNION ALL SELECT 'type', ?, coalesce(sum(n${i}), 0), coalesce(sum(p${i}), 0) FROM per_company`,
          ).join('\n          ')}`,
        args: [...byTypeArgs, from, heldUntil, ...idArgs, ...MEETING_TYPES],
      },
      {
        sql: `SELECT count(*) AS n,
            count(*) FILTER (WHERE m.cancelled_at > s.starts_at - ${LATE_CANCELLATION_MS}) AS late
          FROM meetings m JOIN slots s ON s.id = m.slot_id
          WHERE m.status = 'cancelled' AND s.ends_at >= ? AND s.ends_at < ?${inIds('s.company_id')}`,
        args: [from, heldUntil, ...idArgs],
      },
    );
  }
  const [bookings, heldRows, groups, cancellations] = await db.client.batch(statements, 'read');

  const counts = (rows: Row[] | undefined) =>
    new Map((rows ?? []).map((row) => [String(row.month), Number(row.n)]));
  const bookingCounts = counts(bookings?.rows);
  const heldCounts = counts(heldRows?.rows);
  const perMonth = (months: MonthBucket[], found: Map<string, number>) =>
    months.map(({ month }) => ({ month, count: found.get(month) ?? 0 }));
  const sum = (values: number[]) => values.reduce((total, n) => total + n, 0);

  const grouped = (dimension: string) =>
    (groups?.rows ?? [])
      .filter((row) => row.dimension === dimension && Number(row.n) > 0)
      .map((row) => ({
        key: String(row.key),
        meetingsHeld: Number(row.n),
        pupilsReached: Number(row.pupils),
      }))
      .sort((a, b) => b.meetingsHeld - a.meetingsHeld || compareFrench(a.key, b.key));
  return {
    bookings: sum([...bookingCounts.values()]),
    bookingsPerMonth: perMonth(filter.months, bookingCounts),
    meetingsHeld: sum([...heldCounts.values()]),
    pupilsReached: sum((heldRows?.rows ?? []).map((row) => Number(row.pupils))),
    absent: sum((heldRows?.rows ?? []).map((row) => Number(row.absent))),
    meetingsHeldPerMonth: perMonth(filter.months, heldCounts),
    bySector: grouped('sector') as HeldGroup<Sector>[],
    byDepartment: grouped('department'),
    byMeetingType: grouped('type') as HeldGroup<MeetingType>[],
    cancelled: Number(cancellations?.rows[0]?.n ?? 0),
    cancelledLate: Number(cancellations?.rows[0]?.late ?? 0),
  };
}

function emptyStatistics(months: MonthBucket[]): MeetingStatistics {
  const zero = months.map(({ month }) => ({ month, count: 0 }));
  return {
    bookings: 0,
    bookingsPerMonth: zero,
    meetingsHeld: 0,
    pupilsReached: 0,
    absent: 0,
    meetingsHeldPerMonth: zero,
    bySector: [],
    byDepartment: [],
    byMeetingType: [],
    cancelled: 0,
    cancelledLate: 0,
  };
}
