import type { InValue, Row } from '@libsql/client';
import type { MeetingType, Sector } from '../../common/constants.ts';
import type { Db } from '../../db/client.ts';

const HOUR_MS = 3_600_000;
/** A cancellation less than this before the start is a late one (the class had prepared the visit). */
export const LATE_CANCELLATION_MS = 48 * HOUR_MS;

export interface MeetingStatisticsFilter {
  from: Date;
  to: Date;
  /** Only meetings of companies of these departments; all of France when absent. */
  departmentCodes?: string[] | undefined;
}

export interface HeldGroup<K> {
  key: K;
  meetingsHeld: number;
  pupilsReached: number;
}

export interface MeetingStatistics {
  bookings: number;
  /** Bookings per UTC hour of their making, for the months of the caller's zone. */
  bookingsByHour: [hour: number, count: number][];
  meetingsHeld: number;
  pupilsReached: number;
  heldByHour: [hour: number, count: number][];
  bySector: HeldGroup<Sector>[];
  byDepartment: HeldGroup<string>[];
  byMeetingType: HeldGroup<MeetingType>[];
  /** Meetings to hold in the period that were cancelled, and how many of them late. */
  cancelled: number;
  cancelledLate: number;
}

const placeholders = (values: readonly unknown[]) => values.map(() => '?').join(', ');

/**
 * The meetings' numbers of a period (issue 13), from the meetings' read model: bookings made in the period,
 * meetings held (ended in the period, not cancelled) with the pupils they reached, by sector, department and
 * type, and cancellations. Four queries whatever the period.
 */
export async function meetingStatistics(
  db: Db,
  filter: MeetingStatisticsFilter,
  now: Date,
): Promise<MeetingStatistics> {
  const area = filter.departmentCodes
    ? {
        sql: ` AND company_department_code IN (${placeholders(filter.departmentCodes)})`,
        args: filter.departmentCodes,
      }
    : { sql: '', args: [] as string[] };
  const from = filter.from.getTime();
  const to = filter.to.getTime();
  const heldUntil = Math.min(to, now.getTime());
  const held = `status <> 'cancelled' AND ends_at >= ? AND ends_at < ?${area.sql}`;
  const heldArgs: InValue[] = [from, heldUntil, ...area.args];
  const [bookings, heldRows, groups, cancellations] = await db.client.batch(
    [
      {
        sql: `SELECT created_at / ${HOUR_MS} AS hour, count(*) AS n FROM meeting_facts
          WHERE created_at >= ? AND created_at < ?${area.sql} GROUP BY hour`,
        args: [from, to, ...area.args],
      },
      {
        sql: `SELECT ends_at / ${HOUR_MS} AS hour, count(*) AS n, sum(participants_count) AS pupils
          FROM meeting_facts WHERE ${held} GROUP BY hour`,
        args: heldArgs,
      },
      {
        sql: `SELECT company_sector AS sector, company_department_code AS department, meeting_type AS type,
            count(*) AS n, sum(participants_count) AS pupils
          FROM meeting_facts WHERE ${held} GROUP BY sector, department, type`,
        args: heldArgs,
      },
      {
        sql: `SELECT count(*) AS n, sum(CASE WHEN cancelled_at > starts_at - ${LATE_CANCELLATION_MS} THEN 1 ELSE 0 END) AS late
          FROM meeting_facts WHERE status = 'cancelled' AND starts_at >= ? AND starts_at < ?${area.sql}`,
        args: [from, to, ...area.args],
      },
    ],
    'read',
  );
  const pairs = (rows: Row[]) => rows.map((row): [number, number] => [Number(row.hour), Number(row.n)]);
  const bySector = new Map<Sector, HeldGroup<Sector>>();
  const byDepartment = new Map<string, HeldGroup<string>>();
  const byMeetingType = new Map<MeetingType, HeldGroup<MeetingType>>();
  const add = <K>(map: Map<K, HeldGroup<K>>, key: K, n: number, pupils: number) => {
    const group = map.get(key) ?? { key, meetingsHeld: 0, pupilsReached: 0 };
    group.meetingsHeld += n;
    group.pupilsReached += pupils;
    map.set(key, group);
  };
  for (const row of groups?.rows ?? []) {
    const n = Number(row.n);
    const pupils = Number(row.pupils ?? 0);
    add(bySector, row.sector as Sector, n, pupils);
    if (row.department) add(byDepartment, String(row.department), n, pupils);
    add(byMeetingType, row.type as MeetingType, n, pupils);
  }
  const byCount = <K>(map: Map<K, HeldGroup<K>>) =>
    [...map.values()].sort((a, b) => b.meetingsHeld - a.meetingsHeld);
  const heldList = heldRows?.rows ?? [];
  return {
    bookings: pairs(bookings?.rows ?? []).reduce((sum, [, n]) => sum + n, 0),
    bookingsByHour: pairs(bookings?.rows ?? []),
    meetingsHeld: heldList.reduce((sum, row) => sum + Number(row.n), 0),
    pupilsReached: heldList.reduce((sum, row) => sum + Number(row.pupils ?? 0), 0),
    heldByHour: pairs(heldList),
    bySector: byCount(bySector),
    byDepartment: byCount(byDepartment),
    byMeetingType: byCount(byMeetingType),
    cancelled: Number(cancellations?.rows[0]?.n ?? 0),
    cancelledLate: Number(cancellations?.rows[0]?.late ?? 0),
  };
}
