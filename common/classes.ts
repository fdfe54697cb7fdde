import { z } from 'zod';
import type { MeetingType, ProfileType } from './constants.ts';
import { formatDuration, formatSlotDate, formatSlotHours, MAINLAND_TIME_ZONE, plural } from './format.ts';
import { optionalSingleLineText, singleLineText, TEXT_MAX } from './text.ts';
import { utcToZonedWallClock } from './time.ts';

/**
 * A school year runs from 1 September to 31 August and is named by its two calendar years, "2026-2027"
 * (../shared/PRODUCT.md, « Taking a class out »). Days are civil dates, "YYYY-MM-DD", in the zone where
 * they are read.
 */
export const SCHOOL_YEAR_PATTERN = /^(\d{4})-(\d{4})$/;

/** The school year a civil day belongs to. */
export function schoolYearOf(day: string): string {
  const year = Number(day.slice(0, 4));
  const month = Number(day.slice(5, 7));
  const first = month >= 9 ? year : year - 1;
  return `${first}-${first + 1}`;
}

/** Whether a string names a school year: two consecutive years. */
export function isSchoolYear(value: string): boolean {
  const match = SCHOOL_YEAR_PATTERN.exec(value);
  return match !== null && Number(match[2]) === Number(match[1]) + 1;
}

/** The first and last civil days of a school year. */
export function schoolYearDays(schoolYear: string): { first: string; last: string } {
  const start = Number(schoolYear.slice(0, 4));
  return { first: `${start}-09-01`, last: `${start + 1}-08-31` };
}

/** The school year of an instant, read in mainland France's zone: the default of a new group. */
export function currentSchoolYear(now: Date): string {
  return schoolYearOf(utcToZonedWallClock(now, MAINLAND_TIME_ZONE).date);
}

/** The school year of an instant read in a zone: a meeting's is its start's, in its slot's zone. */
export function schoolYearAt(instant: Date | string, timeZone: string): string {
  return schoolYearOf(utcToZonedWallClock(new Date(instant), timeZone).date);
}

/** "2026-2027" → "2026–2027" as read aloud and printed (an en dash between the two years). */
export function schoolYearLabel(schoolYear: string): string {
  return schoolYear.replace('-', '–');
}

/**
 * Prescribers count their beneficiaries' hours (PRODUCT.md, « Taking a class out »): the profile types of
 * insertion and of the employment partners, not school teachers.
 */
export function isPrescriber(profileType: ProfileType | null | undefined): boolean {
  return profileType === 'prescriber' || profileType === 'employmentPartner';
}

export const CLASS_MESSAGES = {
  invalidSchoolYear: 'Indiquez une année scolaire de la forme 2026-2027 : deux années qui se suivent.',
  unknownGroup: 'Ce groupe n’existe pas ou n’est pas le vôtre : choisissez un de vos groupes.',
  invalidDay: 'Indiquez une date au format JJ/MM/AAAA.',
  periodBackwards: 'La date de fin doit suivre la date de début.',
} as const;

const blankToUndefined = (value: unknown) =>
  typeof value === 'string' ? value.trim() || undefined : (value ?? undefined);

/** A school year field: absent or empty is none (the caller's default), anything else two consecutive years. */
export const schoolYearField = z.preprocess(
  blankToUndefined,
  z
    .string({ error: CLASS_MESSAGES.invalidSchoolYear })
    .refine(isSchoolYear, { error: CLASS_MESSAGES.invalidSchoolYear })
    .optional(),
);

/** A group as the teacher names it (`ClassGroupInput`): the form and the API share it. */
export const classGroupInputSchema = z.object({
  name: singleLineText(TEXT_MAX.groupName),
  level: optionalSingleLineText(TEXT_MAX.groupLevel),
  schoolYear: schoolYearField,
});
export type ClassGroupInput = z.infer<typeof classGroupInputSchema>;

/** A group's id where one may be chosen: empty or absent is none (a booking or a meeting without a group). */
export const optionalGroupId = z.preprocess(
  (value) => (value === '' || value === null ? null : value),
  z.coerce
    .number({ error: CLASS_MESSAGES.unknownGroup })
    .int({ error: CLASS_MESSAGES.unknownGroup })
    .positive({ error: CLASS_MESSAGES.unknownGroup })
    .nullable()
    .optional(),
);

const dayField = z.preprocess(
  blankToUndefined,
  z
    .string({ error: CLASS_MESSAGES.invalidDay })
    .refine((value) => /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), {
      error: CLASS_MESSAGES.invalidDay,
    })
    .optional(),
);

/**
 * What a class record is read over: a school year, and a period of civil days (prescribers' hours, the
 * export's `?from=&to=`), both ends included. Absent: the current school year, and its days.
 */
export const classRecordFilterSchema = z
  .object({ schoolYear: schoolYearField, from: dayField, to: dayField })
  .refine((filter) => !filter.from || !filter.to || filter.from <= filter.to, {
    error: CLASS_MESSAGES.periodBackwards,
    path: ['to'],
  });
export type ClassRecordFilter = z.infer<typeof classRecordFilterSchema>;

/** « Aucune rencontre », « 1 rencontre », « 3 rencontres ». */
export function encountersLabel(count: number): string {
  return plural(count, 'rencontre', 'rencontres', 'Aucune rencontre');
}

/** A group's hours as French reads them: « 0 h », « 1 h 30 », « 45 min ». */
export function hoursLabel(hours: number): string {
  const minutes = Math.round(hours * 60);
  return minutes === 0 ? '0 h' : formatDuration(minutes);
}

/** How long a class needs between two meetings in two places (a visit in another town after a lesson). */
export const TRAVEL_MARGIN_MINUTES = 60;

/** A meeting of a group, as far as where and when the class has to be. */
export interface ClassTime {
  startsAt: Date | string;
  endsAt: Date | string;
  meetingType: MeetingType;
  companyId: number;
}

/** Where the class has to be: a company visit at the company; an intervention or a webinar at school. */
function whereTheClassIs(meeting: ClassTime): string {
  return meeting.meetingType === 'CompanyVisit' ? `company:${meeting.companyId}` : 'school';
}

const ms = (instant: Date | string) => new Date(instant).getTime();

/**
 * One class, two places at once (issue 36): two meetings of a group that overlap, or that follow each other
 * within TRAVEL_MARGIN_MINUTES in two different places. A warning, never a refusal: the teacher knows
 * whether half the class goes, or whether the bus is quick.
 */
export function classClash(a: ClassTime, b: ClassTime): boolean {
  const gapMs = Math.max(ms(a.startsAt) - ms(b.endsAt), ms(b.startsAt) - ms(a.endsAt));
  if (gapMs < 0) return true;
  return gapMs < TRAVEL_MARGIN_MINUTES * 60_000 && whereTheClassIs(a) !== whereTheClassIs(b);
}

/** What the booking form says of a group that already has a meeting then: « 4e B a déjà … ». */
export function classClashWarning(
  groupName: string,
  other: ClassTime & { timeZone: string; companyName: string },
): string {
  const when = `${formatSlotDate(other.startsAt, other.timeZone)}, ${formatSlotHours(other.startsAt, other.endsAt, other.timeZone)}`;
  return `${groupName} a déjà une rencontre le ${when} (${other.companyName}) : vérifiez que le groupe peut être aux deux endroits.`;
}
