import type { InValue } from '@libsql/client';
import type { SearchInput } from '../../common/search.ts';
import { compareFrench } from '../../common/text.ts';
import type { Db } from '../../db/client.ts';
import { type CompanyRow, companyRowsWith, searchableCompanies } from '../companies/index.ts';
import { availabilityWindow, nextOpenOf, openCountOf, slotCriteriaOf } from '../slots/index.ts';

const EARTH_RADIUS_KM = 6371;
const KM_PER_DEGREE_OF_LATITUDE = 111.32;

export type { CompanyRow };

/** A company in the results: its row, and what the search computed for it. */
export type FoundCompany = CompanyRow & {
  distanceKm: number | null;
  availableSlotsCount: number;
  /** The start of its next slot with seats left, or null. */
  nextSlotAt: Date | null;
};

export interface CompanyMarker {
  id: number;
  name: string;
  lat: number;
  lng: number;
  availableSlotsCount: number;
  sector: CompanyRow['sector'];
  pictureDocumentId: number | null;
}

export interface SearchResult {
  total: number;
  page: number;
  pageSize: number;
  items: FoundCompany[];
  markers: CompanyMarker[];
}

interface Candidate {
  id: number;
  name: string;
  sector: CompanyRow['sector'];
  pictureDocumentId: number | null;
  lat: number;
  lng: number;
  nextSlotAt: number | null;
  available: number;
  distanceKm: number | null;
}

/** Great-circle distance, in km. */
export function haversineKm(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The latitude/longitude box around a point that holds every point within `radiusKm` of it. */
export function boundingBox(center: { lat: number; lng: number }, radiusKm: number) {
  const dLat = radiusKm / KM_PER_DEGREE_OF_LATITUDE;
  const cos = Math.cos((center.lat * Math.PI) / 180);
  const dLng = cos < 1e-6 ? 180 : radiusKm / (KM_PER_DEGREE_OF_LATITUDE * cos);
  return {
    minLat: center.lat - dLat,
    maxLat: center.lat + dLat,
    minLng: center.lng - dLng,
    maxLng: center.lng + dLng,
  };
}

/**
 * `boundingBox` in SQL, around a point the statement reads itself (expressions `lat` and `lng`): the
 * latitudes' are the same; the longitudes' use 1 − x²/2, which is never more than cos x, so they reach a
 * little further (2 % at 45°), never less far. With no point (nulls), every latitude and longitude.
 */
export function boundingBoxSql(center: { lat: string; lng: string }, radiusKm: number) {
  const dLat = radiusKm / KM_PER_DEGREE_OF_LATITUDE;
  const x = `(${center.lat} * ${Math.PI / 180})`;
  const cosAtLeast = `(1 - ${x} * ${x} / 2)`;
  const dLng = `(CASE WHEN ${cosAtLeast} < 1e-6 THEN 180 ELSE ${dLat} / ${cosAtLeast} END)`;
  return {
    minLat: `coalesce(${center.lat} - ${dLat}, -90)`,
    maxLat: `coalesce(${center.lat} + ${dLat}, 90)`,
    minLng: `coalesce(${center.lng} - ${dLng}, -180)`,
    maxLng: `coalesce(${center.lng} + ${dLng}, 180)`,
  };
}

/**
 * The companies matching a search (PRODUCT.md, Discovery), in two queries whatever the number of
 * results: the candidates (the companies domain's searchable companies, narrowed by the slot criteria of
 * the slots domain) with their count of open slots in the next 15 days and, to sort by it, their next open
 * slot (open.ts's rule, on `slots_company_starts_idx`); then the rows of the page. The exact distance
 * (haversine) and the sort are done on the candidates, which also give the map's markers (every match,
 * unpaginated). `except`: slots the teacher already holds a booking on, which are not theirs to take;
 * `holidays`: [from, to) instants whose slots count for nothing (the school holidays of the teacher's zone).
 */
export async function searchCompanies(
  db: Db,
  input: SearchInput,
  now: Date,
  options: { except?: number[]; holidays?: readonly (readonly [number, number])[] } = {},
): Promise<SearchResult> {
  const empty = { total: 0, page: input.page, pageSize: input.pageSize, items: [], markers: [] };
  const source = searchableCompanies({
    ...(input.near ? { box: boundingBox(input.near, input.radiusKm) } : {}),
    ...(input.sectors ? { sectors: input.sectors } : {}),
    ...(input.text ? { text: input.text } : {}),
  });
  if (!source) return empty;
  const except = options.except?.length ? JSON.stringify(options.except) : null;
  const holidays = options.holidays ?? [];
  const exceptArgs = [...(except ? [except] : []), ...holidays.flat()];
  const exclusions = { except: except !== null, holidays: holidays.length };
  // The count reads the next 15 days only: the holidays that start after them need no comparison there.
  const window = availabilityWindow(now);
  const countHolidays = holidays.filter(([from]) => from < window[1]);
  const countExclusions = { except: except !== null, holidays: countHolidays.length };
  const countExceptArgs = [...(except ? [except] : []), ...countHolidays.flat()];
  // The next open slot orders the candidates only when sorting by it; otherwise the page's rows read it.
  const nextSlotSorts = input.sort === 'nextSlot';
  const nextSlotArgs = [...nextSlotRange(input, now), ...exceptArgs];
  const bounded = input.to !== undefined;
  const criteria = slotCriteriaOf('c', input, now, holidays);
  const { rows } = await db.client.execute({
    sql: `SELECT c.id, c.name, c.sector, c.picture_document_id, c.lat, c.lng,
        ${nextSlotSorts ? `${nextOpenOf('c', exclusions, bounded)} AS next_slot,` : ''}
        ${openCountOf('c', countExclusions)} AS available
      FROM ${source.from} WHERE ${[...source.where, ...(criteria ? [criteria.sql] : [])].join(' AND ')}`,
    args: [
      ...(nextSlotSorts ? nextSlotArgs : []),
      ...window,
      ...countExceptArgs,
      ...source.args,
      ...(criteria?.args ?? []),
    ],
  });

  let candidates: Candidate[] = rows.map((row) => ({
    id: Number(row.id),
    name: String(row.name),
    sector: String(row.sector) as CompanyRow['sector'],
    pictureDocumentId: row.picture_document_id == null ? null : Number(row.picture_document_id),
    lat: Number(row.lat),
    lng: Number(row.lng),
    nextSlotAt: row.next_slot == null ? null : Number(row.next_slot),
    available: Number(row.available),
    distanceKm: null,
  }));
  const near = input.near;
  if (near) {
    candidates = candidates
      .map((candidate) => ({ ...candidate, distanceKm: haversineKm(near, candidate) }))
      .filter((candidate) => (candidate.distanceKm ?? 0) <= input.radiusKm);
  }
  candidates.sort(comparator(input.sort));

  const start = (input.page - 1) * input.pageSize;
  const pageCandidates = candidates.slice(start, start + input.pageSize);
  const nextOpen = nextSlotSorts
    ? null
    : {
        sql: nextOpenOf('c', exclusions, bounded),
        args: nextSlotArgs,
      };
  const rowsById = await pageRowsWithNextSlot(
    db,
    pageCandidates.map((candidate) => candidate.id),
    nextOpen,
  );
  return {
    total: candidates.length,
    page: input.page,
    pageSize: input.pageSize,
    items: pageCandidates.flatMap((candidate) => {
      const row = rowsById.get(candidate.id);
      return row
        ? [
            {
              ...row,
              distanceKm: candidate.distanceKm === null ? null : Math.round(candidate.distanceKm * 10) / 10,
              availableSlotsCount: candidate.available,
              nextSlotAt: candidate.nextSlotAt === null ? row.nextSlotAt : new Date(candidate.nextSlotAt),
            },
          ]
        : [];
    }),
    markers: candidates.map(({ id, name, sector, pictureDocumentId, lat, lng, available }) => ({
      sector,
      pictureDocumentId,
      id,
      name,
      lat,
      lng,
      availableSlotsCount: available,
    })),
  };
}

/**
 * Where a card's next open slot is looked for: within the search's dates when it has some (`from`'s first
 * instant included, `to`'s last too), never before now — the arguments of `nextOpenOf`'s bounds.
 */
function nextSlotRange(input: SearchInput, now: Date): number[] {
  const after = Math.max(now.getTime(), (input.from?.getTime() ?? 0) - 1);
  return input.to ? [after, input.to.getTime() + 1] : [after];
}

/** The page's company rows, with their next open slot when the candidates did not compute it. */
async function pageRowsWithNextSlot(
  db: Db,
  ids: number[],
  nextOpen: { sql: string; args: InValue[] } | null,
): Promise<Map<number, CompanyRow & { nextSlotAt: Date | null }>> {
  const rows = new Map<number, CompanyRow & { nextSlotAt: Date | null }>();
  for (const [id, { row, extra }] of await companyRowsWith(db, ids, nextOpen)) {
    rows.set(id, { ...row, nextSlotAt: extra == null ? null : new Date(Number(extra)) });
  }
  return rows;
}

const byName = (a: Candidate, b: Candidate) => compareFrench(a.name, b.name) || a.id - b.id;
const byDistance = (a: Candidate, b: Candidate) => (a.distanceKm ?? 0) - (b.distanceKm ?? 0) || byName(a, b);
/** Companies with a free slot first, soonest first; the others after, nearest (or by name) first. */
const byNextSlot = (a: Candidate, b: Candidate) => {
  if (a.nextSlotAt !== b.nextSlotAt) {
    if (a.nextSlotAt === null) return 1;
    if (b.nextSlotAt === null) return -1;
    return a.nextSlotAt - b.nextSlotAt;
  }
  return a.distanceKm !== null ? byDistance(a, b) : byName(a, b);
};

function comparator(sort: SearchInput['sort']): (a: Candidate, b: Candidate) => number {
  if (sort === 'distance') return byDistance;
  if (sort === 'name') return byName;
  return byNextSlot;
}
