import { and, asc, eq, inArray, isNull, ne } from 'drizzle-orm';
import {
  type ClassRecordFilter,
  classClash,
  currentSchoolYear,
  isPrescriber,
  schoolYearDays,
  schoolYearOf,
} from '../../common/classes.ts';
import type { MeetingType, Sector } from '../../common/constants.ts';
import { SECTOR_LABELS } from '../../common/constants.ts';
import { meetingHeld } from '../../common/slots.ts';
import { compareFrench } from '../../common/text.ts';
import { utcToZonedWallClock } from '../../common/time.ts';
import type { DbOrTx } from '../../db/client.ts';
import { classMeetings } from '../../db/schema/classes.ts';
import { findUserById } from '../accounts/index.ts';
import { jobLabelsOfCompanies } from '../jobs/index.ts';
import type { Deps } from '../kernel/context.ts';
import { AppError } from '../kernel/errors.ts';
import type { Viewer } from '../kernel/viewer.ts';
import { requireKind } from '../permissions.ts';
import { type ClassGroupRow, findOwnGroup, groupsOfTeacher } from './groups.ts';

/**
 * The class record (« Mes classes », docs/decisions/0045): a teacher's groups and what their meetings
 * make of them. Only held meetings count (common/slots.ts `meetingHeld`, the one definition): an encounter
 * is a held meeting, a group's hours are the durations of its held meetings. A meeting belongs to the school
 * year and the days of its start in its slot's zone.
 */

/** Where a group's meeting stands: held (it counts), to come, cancelled, or the group was absent. */
export type EncounterState = 'held' | 'upcoming' | 'cancelled' | 'absent';

export interface Encounter {
  meetingId: number;
  groupId: number | null;
  startsAt: string;
  endsAt: string;
  timeZone: string;
  /** Its civil day in the slot's zone, "YYYY-MM-DD". */
  day: string;
  companyId: number;
  companyName: string;
  sector: Sector;
  /** The jobs its company presents, sorted in French. */
  jobs: string[];
  meetingType: MeetingType;
  durationMinutes: number;
  state: EncounterState;
}

export interface GroupSummary {
  group: ClassGroupRow;
  encountersCount: number;
  hours: number;
  /** The sectors of its held encounters, distinct, sorted by their French labels. */
  sectors: Sector[];
  /** Prescribers: the hours of its held encounters within the chosen period; null for school teachers. */
  periodHours: number | null;
}

export interface ClassRecord {
  schoolYear: string;
  /** School years the teacher has groups in, and the current one, latest first. */
  schoolYears: string[];
  groups: GroupSummary[];
  /** Prescribers see their hours over a period (from/to, both included; the school year by default). */
  prescriber: boolean;
  period: { from: string; to: string };
}

export interface GroupRecord {
  group: ClassGroupRow;
  encounters: Encounter[];
  encountersCount: number;
  hours: number;
  sectors: Sector[];
  jobs: string[];
  /** The teacher's meetings of the group's school year in no group, not cancelled: what can be attached. */
  unfiled: Encounter[];
  /** The group's upcoming meetings that clash with another of its own (common/classes.ts classClash). */
  clashingIds: number[];
}

type FactRow = Pick<
  typeof classMeetings.$inferSelect,
  | 'id'
  | 'groupId'
  | 'status'
  | 'startsAt'
  | 'endsAt'
  | 'timeZone'
  | 'absentAt'
  | 'durationMinutes'
  | 'meetingType'
  | 'companyId'
  | 'companyName'
  | 'companySector'
>;

const COLUMNS = {
  id: classMeetings.id,
  groupId: classMeetings.groupId,
  status: classMeetings.status,
  startsAt: classMeetings.startsAt,
  endsAt: classMeetings.endsAt,
  timeZone: classMeetings.timeZone,
  absentAt: classMeetings.absentAt,
  durationMinutes: classMeetings.durationMinutes,
  meetingType: classMeetings.meetingType,
  companyId: classMeetings.companyId,
  companyName: classMeetings.companyName,
  companySector: classMeetings.companySector,
};

const hoursOf = (minutes: number) => Math.round((minutes / 60) * 100) / 100;

function stateOf(row: FactRow, now: Date): EncounterState {
  if (row.status === 'cancelled') return 'cancelled';
  if (meetingHeld(row, now)) return 'held';
  return row.absentAt !== null ? 'absent' : 'upcoming';
}

function encounterOf(row: FactRow, jobs: Map<number, string[]>, now: Date): Encounter {
  return {
    meetingId: row.id,
    groupId: row.groupId,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    timeZone: row.timeZone,
    day: utcToZonedWallClock(row.startsAt, row.timeZone).date,
    companyId: row.companyId,
    companyName: row.companyName,
    sector: row.companySector,
    jobs: [...(jobs.get(row.companyId) ?? [])].sort(compareFrench),
    meetingType: row.meetingType,
    durationMinutes: row.durationMinutes,
    state: stateOf(row, now),
  };
}

async function encountersOf(db: DbOrTx, rows: FactRow[], now: Date): Promise<Encounter[]> {
  const jobs = await jobLabelsOfCompanies(db, [...new Set(rows.map((row) => row.companyId))]);
  return rows.map((row) => encounterOf(row, jobs, now));
}

/** The upcoming encounters of one group that clash with another of them: one class, two places at once. */
function clashingIds(encounters: Encounter[]): number[] {
  const upcoming = encounters.filter((encounter) => encounter.state === 'upcoming');
  return upcoming
    .filter((encounter) => upcoming.some((other) => other !== encounter && classClash(encounter, other)))
    .map((encounter) => encounter.meetingId);
}

/** Held encounters' count, hours, distinct sectors (sorted by label) and jobs (sorted in French). */
function tally(encounters: Encounter[]) {
  const held = encounters.filter((encounter) => encounter.state === 'held');
  const sectors = [...new Set(held.map((encounter) => encounter.sector))].sort((a, b) =>
    compareFrench(SECTOR_LABELS[a], SECTOR_LABELS[b]),
  );
  const jobs = [...new Set(held.flatMap((encounter) => encounter.jobs))].sort(compareFrench);
  const minutes = held.reduce((sum, encounter) => sum + encounter.durationMinutes, 0);
  return { encountersCount: held.length, hours: hoursOf(minutes), sectors, jobs };
}

/** The meetings filed in these groups, soonest first. */
async function factsOfGroups(db: DbOrTx, teacherId: number, groupIds: number[]): Promise<FactRow[]> {
  if (groupIds.length === 0) return [];
  return db
    .select(COLUMNS)
    .from(classMeetings)
    .where(and(eq(classMeetings.teacherId, teacherId), inArray(classMeetings.groupId, groupIds)))
    .orderBy(asc(classMeetings.startsAt), asc(classMeetings.id));
}

/** Counts and hours of each group (ClassGroup's fields), for groups the caller may read. */
export async function groupTallies(
  db: DbOrTx,
  groups: Pick<ClassGroupRow, 'id' | 'teacherId'>[],
  now: Date,
): Promise<Map<number, { encountersCount: number; hours: number }>> {
  const result = new Map<number, { encountersCount: number; hours: number }>();
  for (const teacherId of new Set(groups.map((group) => group.teacherId))) {
    const ids = groups.filter((group) => group.teacherId === teacherId).map((group) => group.id);
    const rows = await factsOfGroups(db, teacherId, ids);
    for (const id of ids) {
      const held = rows.filter((row) => row.groupId === id && meetingHeld(row, now));
      const minutes = held.reduce((sum, row) => sum + row.durationMinutes, 0);
      result.set(id, { encountersCount: held.length, hours: hoursOf(minutes) });
    }
  }
  return result;
}

/** The ids of a group's meetings, soonest first (ClassGroup.meetings). */
export async function meetingIdsOfGroup(
  group: Pick<ClassGroupRow, 'id' | 'teacherId'>,
  deps: Pick<Deps, 'db'>,
) {
  const rows = await factsOfGroups(deps.db, group.teacherId, [group.id]);
  return rows.map((row) => row.id);
}

/** The school year and period a record is read over: the asked ones, or the current school year's. */
function periodOf(filter: ClassRecordFilter, now: Date) {
  const schoolYear = filter.schoolYear ?? currentSchoolYear(now);
  const days = schoolYearDays(schoolYear);
  return { schoolYear, from: filter.from ?? days.first, to: filter.to ?? days.last };
}

/** « Mes classes »: the teacher's groups of a school year, each with its encounters, hours and sectors. */
export async function classRecordFor(
  viewer: Viewer | null,
  filter: ClassRecordFilter,
  deps: Pick<Deps, 'db' | 'clock'>,
): Promise<ClassRecord> {
  const teacher = requireKind(viewer, 'teacher');
  const now = deps.clock.now();
  const { schoolYear, from, to } = periodOf(filter, now);
  const [profile, allGroups] = await Promise.all([
    findUserById(deps.db, teacher.id),
    groupsOfTeacher(deps.db, teacher.id),
  ]);
  const prescriber = isPrescriber(profile?.profileType);
  const groups = allGroups.filter((group) => group.schoolYear === schoolYear);
  const encounters = await encountersOf(
    deps.db,
    await factsOfGroups(
      deps.db,
      teacher.id,
      groups.map((group) => group.id),
    ),
    now,
  );
  const schoolYears = [...new Set([currentSchoolYear(now), ...allGroups.map((group) => group.schoolYear)])]
    .sort()
    .reverse();
  return {
    schoolYear,
    schoolYears,
    prescriber,
    period: { from, to },
    groups: groups.map((group) => {
      const own = encounters.filter((encounter) => encounter.groupId === group.id);
      const { encountersCount, hours, sectors } = tally(own);
      const inPeriod = own.filter((encounter) => encounter.day >= from && encounter.day <= to);
      return {
        group,
        encountersCount,
        hours,
        sectors,
        periodHours: prescriber ? tally(inPeriod).hours : null,
      };
    }),
  };
}

/** A group's page: its meetings, its counts, what its encounters showed, and the meetings it could take. */
export async function groupRecordFor(
  viewer: Viewer | null,
  groupId: number,
  deps: Pick<Deps, 'db' | 'clock'>,
): Promise<GroupRecord> {
  const teacher = requireKind(viewer, 'teacher');
  const now = deps.clock.now();
  const group = await findOwnGroup(deps.db, teacher.id, groupId);
  if (!group) throw new AppError('NOT_FOUND');
  const { first, last } = schoolYearDays(group.schoolYear);
  const [filed, loose] = await Promise.all([
    factsOfGroups(deps.db, teacher.id, [group.id]),
    deps.db
      .select(COLUMNS)
      .from(classMeetings)
      .where(
        and(
          eq(classMeetings.teacherId, teacher.id),
          isNull(classMeetings.groupId),
          ne(classMeetings.status, 'cancelled'),
        ),
      )
      .orderBy(asc(classMeetings.startsAt), asc(classMeetings.id)),
  ]);
  const [encounters, candidates] = await Promise.all([
    encountersOf(deps.db, filed, now),
    encountersOf(deps.db, loose, now),
  ]);
  return {
    group,
    encounters,
    ...tally(encounters),
    unfiled: candidates.filter((encounter) => encounter.day >= first && encounter.day <= last),
    clashingIds: clashingIds(encounters),
  };
}

/**
 * The export's lines (`GET /exports/my-groups.csv`): the held encounters of the teacher's groups, soonest
 * first, within a school year (the meeting's) and a period when asked.
 */
export async function groupEncountersForExport(
  viewer: Viewer | null,
  filter: ClassRecordFilter,
  deps: Pick<Deps, 'db' | 'clock'>,
): Promise<{ encounter: Encounter; group: ClassGroupRow }[]> {
  const teacher = requireKind(viewer, 'teacher');
  const now = deps.clock.now();
  const groups = await groupsOfTeacher(deps.db, teacher.id);
  const byId = new Map(groups.map((group) => [group.id, group]));
  const rows = await factsOfGroups(deps.db, teacher.id, [...byId.keys()]);
  const encounters = await encountersOf(
    deps.db,
    rows.filter((row) => meetingHeld(row, now)),
    now,
  );
  return encounters.flatMap((encounter) => {
    const group = encounter.groupId === null ? undefined : byId.get(encounter.groupId);
    if (!group) return [];
    if (filter.schoolYear && schoolYearOf(encounter.day) !== filter.schoolYear) return [];
    if (filter.from && encounter.day < filter.from) return [];
    if (filter.to && encounter.day > filter.to) return [];
    return [{ encounter, group }];
  });
}

/** ClassGroup.encountersCount and ClassGroup.hours of one group. */
export async function groupTally(
  group: Pick<ClassGroupRow, 'id' | 'teacherId'>,
  deps: Pick<Deps, 'db' | 'clock'>,
): Promise<{ encountersCount: number; hours: number }> {
  return (
    (await groupTallies(deps.db, [group], deps.clock.now())).get(group.id) ?? { encountersCount: 0, hours: 0 }
  );
}
