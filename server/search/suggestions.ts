import { SECTOR_LABELS, type Sector } from '../../common/constants.ts';
import { addDays, mondayOf, utcToZonedWallClock, zonedWallClockToUtc } from '../../common/time.ts';
import type { Db } from '../../db/client.ts';
import type { TeacherReference } from '../accounts/index.ts';
import { findCompaniesByIds, searchableCompanies } from '../companies/index.ts';
import { jobLabelsOfCompanies } from '../jobs/index.ts';
import { nextOpenOf, openCountOf } from '../slots/index.ts';
import { timeZoneOfDepartment } from '../territory/index.ts';
import { criteriaOf, matchingJobs, sectorMatches } from './criteria.ts';
import { boundingBox, type CompanyRow, haversineKm } from './search.ts';

const DAY_MS = 86_400_000;
/** How far suggestions look: a class travels a few dozen kilometres at most. */
export const SUGGESTION_RADIUS_KM = 100;
/** Companies whose next free seats are further away than this are not suggested. */
const SUGGESTION_HORIZON_DAYS = 60;

export type SuggestedCompany = CompanyRow & { distanceKm: number | null; suggestionReasons: string[] };

interface Candidate {
  id: number;
  sector: Sector;
  lat: number;
  lng: number;
  nextSlotAt: number;
  slotsThisWeek: number;
}

/** When the calendar week of `now` ends in `timeZone`: the next Monday at midnight there. */
function endOfWeek(now: Date, timeZone: string): Date {
  const { date } = utcToZonedWallClock(now, timeZone);
  return zonedWallClockToUtc(addDays(mondayOf(date), 7), '00:00', timeZone);
}

/**
 * Companies for the teacher's home (PRODUCT.md, Discovery), ranked by their criteria (sector, jobs), the
 * distance from their reference address and how soon they have free seats; each with why it is
 * suggested ("12 km · aéronautique · 3 créneaux cette semaine", this calendar week in the teacher's zone).
 * Only companies with an open slot in the next 60 days (slots.open's rule, the teacher's own bookings left
 * out: those are not theirs to take) and within 100 km (when the teacher has an address) are considered:
 * three queries in all.
 */
export async function suggestCompanies(
  db: Db,
  teacher: { reference: TeacherReference | null; bookedSlotIds: number[] },
  now: Date,
  limit: number,
): Promise<SuggestedCompany[]> {
  const { reference } = teacher;
  if (!reference) return [];
  const criteria = { ...criteriaOf(reference), point: reference.point };
  const timeZone = timeZoneOfDepartment(reference.departmentCode);
  const source = searchableCompanies(
    criteria.point ? { box: boundingBox(criteria.point, SUGGESTION_RADIUS_KM) } : {},
  );
  if (!source) return [];
  // Their own bookings left out, when they have some; the CTE is materialised so that each company's next
  // slot is looked up once, not again for the WHERE (docs/decisions/0060).
  const except = teacher.bookedSlotIds.length > 0;
  const exceptArgs = except ? [JSON.stringify(teacher.bookedSlotIds)] : [];
  const { rows } = await db.client.execute({
    sql: `WITH near AS MATERIALIZED (SELECT c.id, c.sector, c.lat, c.lng,
        ${nextOpenOf('c', { except })} AS next_slot,
        ${openCountOf('c', { except })} AS this_week
      FROM ${source.from} WHERE ${source.where.join(' AND ')})
      SELECT * FROM near WHERE next_slot < ?`,
    args: [
      now.getTime(),
      ...exceptArgs,
      now.getTime(),
      endOfWeek(now, timeZone).getTime(),
      ...exceptArgs,
      ...source.args,
      now.getTime() + SUGGESTION_HORIZON_DAYS * DAY_MS,
    ],
  });
  const candidates: Candidate[] = rows.map((row) => ({
    id: Number(row.id),
    sector: String(row.sector) as Sector,
    lat: Number(row.lat),
    lng: Number(row.lng),
    nextSlotAt: Number(row.next_slot),
    slotsThisWeek: Number(row.this_week),
  }));
  if (candidates.length === 0) return [];
  const nextSlotFormat = new Intl.DateTimeFormat('fr-FR', { day: 'numeric', month: 'long', timeZone });
  // Their jobs are read only when the teacher has jobs to match them with.
  const jobsOfCompanies =
    criteria.jobs.size > 0
      ? await jobLabelsOfCompanies(
          db,
          candidates.map((c) => c.id),
        )
      : new Map<number, string[]>();
  const jobsMatchingOf = new Map<number, string[]>();
  for (const [companyId, labels] of jobsOfCompanies) {
    const matching = matchingJobs(criteria, labels);
    if (matching.length > 0) jobsMatchingOf.set(companyId, matching);
  }

  const scored = candidates
    .map((candidate) => {
      const distanceKm = criteria.point ? haversineKm(criteria.point, candidate) : null;
      if (distanceKm !== null && distanceKm > SUGGESTION_RADIUS_KM) return null;
      const sectorMatch = sectorMatches(criteria, candidate.sector);
      const jobsMatch = jobsMatchingOf.get(candidate.id) ?? [];
      const daysToNext = (candidate.nextSlotAt - now.getTime()) / DAY_MS;
      const score =
        (sectorMatch ? 3 : 0) +
        (jobsMatch.length > 0 ? 2 : 0) +
        (distanceKm === null ? 0 : 3 * (1 - distanceKm / SUGGESTION_RADIUS_KM)) +
        (daysToNext <= 7 ? 2 : daysToNext <= 30 ? 1 : 0);
      const reasons = [
        ...(distanceKm === null ? [] : [`${distanceKm < 1 ? '< 1' : Math.round(distanceKm)} km`]),
        ...(sectorMatch ? [SECTOR_LABELS[candidate.sector].toLocaleLowerCase('fr')] : []),
        ...(jobsMatch.length > 0 ? [jobsMatch.slice(0, 2).join(', ').toLocaleLowerCase('fr')] : []),
        candidate.slotsThisWeek > 0
          ? `${candidate.slotsThisWeek} créneau${candidate.slotsThisWeek > 1 ? 'x' : ''} cette semaine`
          : `prochain créneau le ${nextSlotFormat.format(candidate.nextSlotAt)}`,
      ];
      return { id: candidate.id, score, distanceKm, reasons };
    })
    .filter((entry) => entry !== null)
    .sort((a, b) => b.score - a.score || (a.distanceKm ?? 0) - (b.distanceKm ?? 0) || a.id - b.id)
    .slice(0, limit);

  const companyRows = await findCompaniesByIds(
    db,
    scored.map((entry) => entry.id),
  );
  const byId = new Map(companyRows.filter((row) => row.status === 'validated').map((row) => [row.id, row]));
  return scored.flatMap((entry) => {
    const row = byId.get(entry.id);
    if (!row) return [];
    const distanceKm = entry.distanceKm === null ? null : Math.round(entry.distanceKm * 10) / 10;
    return [{ ...row, distanceKm, suggestionReasons: entry.reasons }];
  });
}
