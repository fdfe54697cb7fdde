import { MEETING_TYPE_LABELS, type MeetingType, SECTOR_LABELS } from '../../common/constants.ts';
import { MAINLAND_TIME_ZONE } from '../../common/format.ts';
import {
  periodProblem,
  STATISTICS_FORM_FIELDS,
  STATISTICS_MESSAGES,
  type StatisticsInput,
  statisticsFormOf,
} from '../../common/statistics.ts';
import { utcToZonedWallClock, zonedWallClockToUtc } from '../../common/time.ts';
import { DEPARTMENTS, findDepartment, regionName } from '../../db/reference/departments.ts';
import { companyIdsIn } from '../companies/index.ts';
import { satisfactionOfHeld } from '../feedback/index.ts';
import type { Deps } from '../kernel/context.ts';
import { AppError, invalidInput } from '../kernel/errors.ts';
import type { Viewer } from '../kernel/viewer.ts';
import { type MonthBucket, meetingStatistics } from '../meetings/index.ts';
import { isOperatorOf, operatorArea, requireKind } from '../permissions.ts';
import { searchMissesByDepartment } from '../search/index.ts';
import { slotFill } from '../slots/index.ts';

export type { StatisticsInput } from '../../common/statistics.ts';

const parisMonth = (at: Date | number) => utcToZonedWallClock(at, MAINLAND_TIME_ZONE).date.slice(0, 7);
const monthStart = (month: string) => zonedWallClockToUtc(`${month}-01`, '00:00', MAINLAND_TIME_ZONE);
function nextMonth(month: string): string {
  const [year, m] = month.split('-').map(Number) as [number, number];
  return m === 12 ? `${year + 1}-01` : `${year}-${String(m + 1).padStart(2, '0')}`;
}

/**
 * The months of Europe/Paris that [from, to) touches, each cut to the period, so that a month without any
 * booking still shows, at 0, and an overseas booking counts in the month it was in Paris.
 */
export function monthsOf(from: Date, to: Date): MonthBucket[] {
  const months: MonthBucket[] = [];
  const last = parisMonth(to.getTime() - 1);
  for (let month = parisMonth(from); month <= last; month = nextMonth(month)) {
    const start = monthStart(month);
    const end = monthStart(nextMonth(month));
    months.push({
      month,
      start: start < from ? from : start,
      end: end > to ? to : end,
    });
  }
  return months;
}

/**
 * The period asked; by default the current month of Europe/Paris and the eleven before it, up to now, so
 * that every bar of the monthly charts is a whole month but the last.
 */
export function periodOf(input: StatisticsInput, now: Date): { from: Date; to: Date } {
  const to = input.to ?? now;
  if (input.from) return { from: input.from, to };
  let month = parisMonth(to.getTime() - 1);
  for (let i = 0; i < 11; i++) {
    const [year, m] = month.split('-').map(Number) as [number, number];
    month = m === 1 ? `${year - 1}-12` : `${year}-${String(m - 1).padStart(2, '0')}`;
  }
  return { from: monthStart(month), to };
}

const departmentName = (code: string) => findDepartment(code)?.name ?? code;

/** The departments an operator may filter on, by code: their region's, or all of France. */
export function statisticsArea(viewer: Viewer | null) {
  const operator = requireKind(viewer, 'admin');
  const region = operator.regionCode;
  const area = operatorArea(operator);
  return {
    regionName: regionName(region),
    departments: DEPARTMENTS.filter((department) => area === undefined || area.includes(department.code)).map(
      (department) => ({ code: department.code, name: department.name }),
    ),
  };
}

/**
 * The programme's numbers for an operator's area (issue 13; what each counts in docs/decisions/0034):
 * bookings and meetings held per month, pupils reached, fill rate, late cancellations; meetings held by
 * sector, department and type; the searches that found nothing (unmet demand) by department. A department
 * outside the operator's area, or unknown, is refused on its field: a regional operator never sees another
 * region, not even as zeros.
 */
export async function statistics(viewer: Viewer | null, input: StatisticsInput, deps: Deps) {
  const operator = requireKind(viewer, 'admin');
  if (input.departmentCode) {
    if (!findDepartment(input.departmentCode)) {
      throw invalidInput({ departmentCode: STATISTICS_MESSAGES.unknownDepartment });
    }
    if (!isOperatorOf(operator, input.departmentCode)) {
      throw invalidInput({ departmentCode: STATISTICS_MESSAGES.outsideArea });
    }
  }
  return statisticsOfArea(operatorArea(operator, input.departmentCode), input, deps);
}

/**
 * The programme's numbers for these departments (undefined: all of France) and the period: who may read
 * them, and which departments, is the caller's question (an operator's area, a partner key's regions).
 */
export async function statisticsOfArea(
  departmentCodes: string[] | undefined,
  input: StatisticsInput,
  deps: Deps,
) {
  const now = deps.clock.now();
  const { from, to } = periodOf(input, now);
  // Checked again once the defaults are in: a start given alone may lie after now, or too far before it.
  const problem = periodProblem(from, to);
  if (problem) throw invalidInput({ [problem.end]: problem.message });
  const heldUntil = new Date(Math.min(to.getTime(), now.getTime()));
  const companyIds = departmentCodes ? await companyIdsIn(deps.db, departmentCodes) : undefined;
  const [meetings, fill, unmet, satisfaction] = await Promise.all([
    meetingStatistics(deps.db, { from, to, months: monthsOf(from, to), companyIds }, now),
    slotFill(deps.db, { from, to: heldUntil, companyIds }),
    searchMissesByDepartment(deps.db, { from, to, departmentCodes }),
    satisfactionOfHeld(deps.db, { from, to: heldUntil, companyIds }),
  ]);
  const share = (part: number, whole: number) => (whole > 0 ? part / whole : 0);
  // The meetings that were to take place: held, or their group absent.
  const due = meetings.meetingsHeld + meetings.absent;
  const withLabel = <K extends string>(
    groups: { key: K; meetingsHeld: number; pupilsReached: number }[],
    label: (key: K) => string,
  ) => groups.map((group) => ({ ...group, label: label(group.key) }));
  return {
    from,
    to,
    departmentCode: input.departmentCode ?? null,
    bookings: meetings.bookings,
    meetingsHeld: meetings.meetingsHeld,
    pupilsReached: meetings.pupilsReached,
    seatsOffered: fill.seatsOffered,
    seatsTaken: fill.seatsTaken,
    fillRate: share(fill.seatsTaken, fill.seatsOffered),
    cancellations: meetings.cancelled,
    lateCancellations: meetings.cancelledLate,
    lateCancellationRate: share(meetings.cancelledLate, due + meetings.cancelled),
    noShows: meetings.absent,
    noShowRate: share(meetings.absent, due),
    satisfactionAnswers: satisfaction.answers,
    satisfaction: satisfaction.averages,
    bookingsPerMonth: meetings.bookingsPerMonth,
    meetingsHeldPerMonth: meetings.meetingsHeldPerMonth,
    bySector: withLabel(meetings.bySector, (key) => SECTOR_LABELS[key]),
    byDepartment: withLabel(meetings.byDepartment, departmentName),
    byMeetingType: withLabel(meetings.byMeetingType, (key: MeetingType) => MEETING_TYPE_LABELS[key]),
    unmetDemand: unmet.map((row) => ({ ...row, departmentName: departmentName(row.departmentCode) })),
  };
}

export type Statistics = Awaited<ReturnType<typeof statistics>>;

/**
 * The statistics page (/admin/statistics): the filters the operator may choose (their area's departments),
 * what the form shows, and the numbers; or, when a filter was refused, its message under the field and no
 * numbers. `input` is null when the page's query did not parse (the page says why, field by field).
 */
export async function statisticsPage(viewer: Viewer | null, input: StatisticsInput | null, deps: Deps) {
  const area = statisticsArea(viewer);
  if (!input) return { area, statistics: null, form: null, fieldErrors: {} };
  try {
    const numbers = await statistics(viewer, input, deps);
    return {
      area,
      statistics: numbers,
      form: statisticsFormOf(numbers, numbers.departmentCode),
      fieldErrors: {},
    };
  } catch (error) {
    const fields =
      error instanceof AppError && error.code === 'BAD_USER_INPUT' ? error.extensions.fields : null;
    if (!fields) throw error;
    const fieldErrors: Record<string, string> = {};
    for (const [field, message] of Object.entries(fields as Record<string, string>)) {
      fieldErrors[STATISTICS_FORM_FIELDS[field as keyof typeof STATISTICS_FORM_FIELDS] ?? field] = message;
    }
    return { area, statistics: null, form: null, fieldErrors };
  }
}

export type StatisticsPage = Awaited<ReturnType<typeof statisticsPage>>;
