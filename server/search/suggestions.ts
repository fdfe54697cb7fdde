import { SECTOR_LABELS, type Sector } from '../../common/constants.ts';
import { formatDayMonth } from '../../common/format.ts';
import { compareFrench } from '../../common/text.ts';
import { addDays, mondayOf, utcToZonedWallClock, zonedWallClockToUtc } from '../../common/time.ts';
import type { Db } from '../../db/client.ts';
import { type TeacherReference, teacherPointSql, teacherReference } from '../accounts/index.ts';
import { searchableCompanies } from '../companies/index.ts';
import { jobLabelsOf } from '../jobs/index.ts';
import { slotsBookedBySql } from '../meetings/index.ts';
import { nextOpenOf, openStartsOf } from '../slots/index.ts';
import { timeZoneOfDepartment } from '../territory/index.ts';
import { criteriaOf, matchingJobs, sectorMatches } from './criteria.ts';
import { boundingBoxSql, type CompanyRow, haversineKm } from './search.ts';

const DAY_MS = 86_400_000;
/** How far suggestions look: a class travels a few dozen kilometres at most. */
export const SUGGESTION_RADIUS_KM = 100;
/** Companies whose next free seats are further away than this are not suggested. */
const SUGGESTION_HORIZON_DAYS = 60;

/** A suggested company as its card shows it, with why it is suggested. */
export interface SuggestionCard {
  id: number;
  name: string;
  sector: Sector;
  city: string | null;
  pictureDocumentId: number | null;
  distanceKm: number | null;
  suggestionReasons: string[];
}

/** A suggested company's whole row, as the API gives it. */
export type SuggestedCompany = CompanyRow & Pick<SuggestionCard, 'distanceKm' | 'suggestionReasons'>;

interface Candidate extends Pick<SuggestionCard, 'id' | 'name' | 'sector' | 'city' | 'pictureDocumentId'> {
  lat: number;
  lng: number;
  nextSlotAt: number;
  /** When its open slots of the next days start: those before the end of the teacher's week count. */
  weekStarts: number[];
  /** Its job labels, read only when the teacher has jobs to match them with. */
  jobLabels: string[];
}

/** A candidate as the query gives it: its card, place, next free seats, and job labels when matched. */
type CandidateTuple = [
  id: number,
  name: string,
  sector: Sector,
  city: string | null,
  pictureDocumentId: number | null,
  lat: number,
  lng: number,
  nextSlotAt: number,
  weekStarts: number[],
  jobLabels: string[] | null,
];

/** When the calendar week of `now` ends in `timeZone`: the next Monday at midnight there. */
function endOfWeek(now: Date, timeZone: string): Date {
  const { date } = utcToZonedWallClock(now, timeZone);
  return zonedWallClockToUtc(addDays(mondayOf(date), 7), '00:00', timeZone);
}

/** Longer than any calendar week left, a change of time included. */
const WEEK_WINDOW_DAYS = 8;

/**
 * The candidates, in one statement that finds what it measures from itself: the teacher's point and jobs
 * (accounts' `teacherPointSql`) and their own bookings (meetings' `slotsBookedBySql`, left out: those are
 * not theirs to take). So it needs no read before it, and goes with the rest of the home page's reads
 * (docs/decisions/0073). The box holds the 100 km around the point; `near` is materialised so that each
 * company's next slot is looked up once, not again for the WHERE (docs/decisions/0060).
 */
const CANDIDATES_SQL = (() => {
  const source = searchableCompanies({});
  if (!source) throw new Error('searchable companies without a text filter are never none');
  const box = boundingBoxSql({ lat: 'teacher.lat', lng: 'teacher.lng' }, SUGGESTION_RADIUS_KM);
  // Their bookings read once into `own`: as a subquery in each slot's lookup, they were read again for
  // each candidate (a third of the statement's time).
  const own = { except: 'SELECT slot_id FROM own' };
  const where = [
    ...source.where,
    `c.lat BETWEEN ${box.minLat} AND ${box.maxLat}`,
    `c.lng BETWEEN ${box.minLng} AND ${box.maxLng}`,
  ];
  return `WITH own AS MATERIALIZED (${slotsBookedBySql}), teacher AS MATERIALIZED (${teacherPointSql}),
    near AS MATERIALIZED (SELECT c.id, c.name, c.sector, c.city, c.picture_document_id, c.lat, c.lng,
        ${nextOpenOf('c', own)} AS next_slot,
        ${openStartsOf('c', own)} AS week_starts,
        CASE WHEN json_array_length(teacher.jobs) > 0 THEN ${jobLabelsOf('c')} END AS job_labels
      FROM teacher, ${source.from} WHERE ${where.join(' AND ')})
    SELECT json_group_array(json_array(id, name, sector, city, picture_document_id, lat, lng, next_slot,
      json(week_starts), json(job_labels))) AS candidates FROM near WHERE next_slot < ?`;
})();

async function suggestionCandidates(db: Db, teacherId: number, now: Date): Promise<Candidate[]> {
  const at = now.getTime();
  const { rows } = await db.client.execute({
    sql: CANDIDATES_SQL,
    args: [
      teacherId,
      at,
      teacherId,
      at,
      at,
      at + WEEK_WINDOW_DAYS * DAY_MS,
      at + SUGGESTION_HORIZON_DAYS * DAY_MS,
    ],
  });
  // Hundreds of candidates come as one JSON value: converting each row's values costs more than the query.
  const tuples = JSON.parse(String(rows[0]?.candidates ?? '[]')) as CandidateTuple[];
  return tuples.map((tuple): Candidate => {
    const [id, name, sector, city, pictureDocumentId, lat, lng, nextSlotAt, weekStarts, jobLabels] = tuple;
    return {
      id,
      name,
      sector,
      city,
      pictureDocumentId,
      lat,
      lng,
      nextSlotAt,
      weekStarts,
      jobLabels: jobLabels ?? [],
    };
  });
}

/**
 * Companies for the teacher's home (PRODUCT.md, Discovery), ranked by their criteria (sector, jobs), the
 * distance from their reference address and how soon they have free seats; each with why it is
 * suggested ("12 km · aéronautique · 3 créneaux cette semaine", this calendar week in the teacher's zone).
 * Only companies with an open slot in the next 60 days (slots.open's rule, the teacher's own bookings left
 * out) and within 100 km (when the teacher has an address) are considered: the candidates and the
 * teacher's reference are read together, in one round trip on Workers with the rest of the page's reads.
 * The reference comes back with the cards: the home page says from it what the suggestions lack.
 */
export async function suggestCompanies(
  db: Db,
  teacherId: number,
  now: Date,
  limit: number,
): Promise<{ reference: TeacherReference | null; cards: SuggestionCard[] }> {
  const [reference, candidates] = await Promise.all([
    teacherReference(db, teacherId),
    suggestionCandidates(db, teacherId, now),
  ]);
  return { reference, cards: reference ? rank(reference, candidates, now, limit) : [] };
}

/** The candidates scored for the teacher, the best `limit` kept, each with why. */
function rank(
  reference: TeacherReference,
  candidates: Candidate[],
  now: Date,
  limit: number,
): SuggestionCard[] {
  const criteria = { ...criteriaOf(reference), point: reference.point };
  const timeZone = timeZoneOfDepartment(reference.departmentCode);
  const weekEnd = endOfWeek(now, timeZone).getTime();
  if (candidates.length === 0) return [];

  const scored = candidates
    .map((candidate) => {
      const distanceKm = criteria.point ? haversineKm(criteria.point, candidate) : null;
      if (distanceKm !== null && distanceKm > SUGGESTION_RADIUS_KM) return null;
      const sectorMatch = sectorMatches(criteria, candidate.sector);
      const jobsMatch = matchingJobs(criteria, candidate.jobLabels);
      const daysToNext = (candidate.nextSlotAt - now.getTime()) / DAY_MS;
      const score =
        (sectorMatch ? 3 : 0) +
        (jobsMatch.length > 0 ? 2 : 0) +
        (distanceKm === null ? 0 : 3 * (1 - distanceKm / SUGGESTION_RADIUS_KM)) +
        (daysToNext <= 7 ? 2 : daysToNext <= 30 ? 1 : 0);
      return { candidate, score, distanceKm, sectorMatch, jobsMatch };
    })
    .filter((entry) => entry !== null)
    .sort(
      (a, b) =>
        b.score - a.score || (a.distanceKm ?? 0) - (b.distanceKm ?? 0) || a.candidate.id - b.candidate.id,
    )
    .slice(0, limit);

  // Why, worded for the suggestions kept only.
  return scored.map(({ candidate, distanceKm, sectorMatch, jobsMatch }) => {
    const slotsThisWeek = candidate.weekStarts.filter((start) => start < weekEnd).length;
    return {
      id: candidate.id,
      name: candidate.name,
      sector: candidate.sector,
      city: candidate.city,
      pictureDocumentId: candidate.pictureDocumentId,
      distanceKm: distanceKm === null ? null : Math.round(distanceKm * 10) / 10,
      suggestionReasons: [
        ...(distanceKm === null ? [] : [`${distanceKm < 1 ? '< 1' : Math.round(distanceKm)} km`]),
        ...(sectorMatch ? [SECTOR_LABELS[candidate.sector].toLocaleLowerCase('fr')] : []),
        ...(jobsMatch.length > 0
          ? [jobsMatch.sort(compareFrench).slice(0, 2).join(', ').toLocaleLowerCase('fr')]
          : []),
        slotsThisWeek > 0
          ? `${slotsThisWeek} créneau${slotsThisWeek > 1 ? 'x' : ''} cette semaine`
          : `prochain créneau le ${formatDayMonth(candidate.nextSlotAt, timeZone)}`,
      ],
    };
  });
}
