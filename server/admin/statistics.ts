import { SECTOR_LABELS } from '../../common/constants.ts';
import { companyIdsIn } from '../companies/index.ts';
import type { Deps } from '../http/context.ts';
import { meetingStatistics } from '../meetings/index.ts';
import { requireKind, type Viewer } from '../permissions.ts';
import { searchMissesByDepartment } from '../search/index.ts';
import { slotFill } from '../slots/index.ts';
import { areaDepartments } from './area.ts';

const HOUR_MS = 3_600_000;
const MONTH_FORMAT = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Paris',
  year: 'numeric',
  month: '2-digit',
});

/** YYYY-MM of an instant in Europe/Paris. */
const parisMonth = (at: number) => MONTH_FORMAT.format(at).slice(0, 7);

/** Every month of [from, to), in Europe/Paris, so that a month without any booking still shows, at 0. */
function monthsOf(from: Date, to: Date): string[] {
  const months: string[] = [];
  const cursor = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), 1, 12));
  while (cursor.getTime() < to.getTime()) {
    const month = parisMonth(cursor.getTime());
    if (months.at(-1) !== month) months.push(month);
    cursor.setUTCMonth(cursor.getUTCMonth() + 1);
  }
  const last = parisMonth(to.getTime() - 1);
  if (months.at(-1) !== last && last >= (months[0] ?? last)) months.push(last);
  return months;
}

/** Counts per UTC hour gathered into the months of Europe/Paris. */
function perMonth(months: string[], byHour: [number, number][]) {
  const counts = new Map(months.map((month) => [month, 0]));
  for (const [hour, count] of byHour) {
    const month = parisMonth(hour * HOUR_MS);
    counts.set(month, (counts.get(month) ?? 0) + count);
  }
  return [...counts].map(([month, count]) => ({ month, count }));
}

export interface StatisticsInput {
  from?: Date | null | undefined;
  to?: Date | null | undefined;
  departmentCode?: string | null | undefined;
}

/** The period asked, by default the twelve months up to now. */
export function periodOf(input: StatisticsInput, now: Date) {
  const to = input.to ?? now;
  const from = input.from ?? new Date(Date.UTC(to.getUTCFullYear() - 1, to.getUTCMonth(), to.getUTCDate()));
  return { from, to };
}

/**
 * The programme's numbers for an operator's area (issue 13; definitions in docs/decisions/0034): bookings
 * and meetings held per month, pupils reached, fill rate, late cancellations, by sector, department and
 * type, and the searches that found nothing (unmet demand) by department.
 */
export async function statistics(viewer: Viewer | null, input: StatisticsInput, deps: Deps) {
  const operator = requireKind(viewer, 'admin');
  const now = deps.clock.now();
  const { from, to } = periodOf(input, now);
  const departmentCodes = areaDepartments(operator, input.departmentCode);
  const [meetings, fill, unmet] = await Promise.all([
    meetingStatistics(deps.db, { from, to, departmentCodes }, now),
    (async () =>
      slotFill(deps.db, {
        from,
        to: new Date(Math.min(to.getTime(), now.getTime())),
        companyIds: departmentCodes ? await companyIdsIn(deps.db, departmentCodes) : undefined,
      }))(),
    searchMissesByDepartment(deps.db, { from, to, departmentCodes }),
  ]);
  const months = monthsOf(from, to);
  const share = (part: number, whole: number) => (whole > 0 ? part / whole : 0);
  return {
    from,
    to,
    bookings: meetings.bookings,
    meetingsHeld: meetings.meetingsHeld,
    pupilsReached: meetings.pupilsReached,
    fillRate: share(fill.seatsTaken, fill.seatsOffered),
    lateCancellationRate: share(meetings.cancelledLate, meetings.bookings),
    bookingsPerMonth: perMonth(months, meetings.bookingsByHour),
    meetingsHeldPerMonth: perMonth(months, meetings.heldByHour),
    bySector: meetings.bySector.map((group) => ({ ...group, label: SECTOR_LABELS[group.key] })),
    byDepartment: meetings.byDepartment,
    byMeetingType: meetings.byMeetingType,
    unmetDemand: unmet,
  };
}
