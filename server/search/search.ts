import type { InValue } from '@libsql/client';
import type { SearchInput } from '../../common/search.ts';
import type { Db } from '../../db/client.ts';
import { COMPANY_ROW_COLUMNS, type CompanyRow, companyRowOf } from '../companies/index.ts';
import { availabilityWindow, availableCountOf, hasSeatsLeft, nextAvailableOf } from '../slots/index.ts';

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
 * An FTS5 query from what the user typed: each word a prefix ("soud" finds "soudeur"), all required.
 * Quotes keep FTS5's operators out of user text.
 */
export function ftsQuery(text: string): string | null {
  const words = text
    .normalize('NFKC')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0)
    .slice(0, 8);
  return words.length > 0 ? words.map((word) => `"${word}"*`).join(' AND ') : null;
}

function placeholders(values: readonly unknown[]): string {
  return values.map(() => '?').join(', ');
}

/**
 * The companies matching a search (PRODUCT.md, Discovery), in two queries whatever the number of
 * results: the candidates with their next free slot and their count of available slots (correlated
 * subqueries on `slots_company_starts_idx`), narrowed by the bounding box of the radius on
 * `companies_status_lat_lng_idx`, by the full-text index and by the slot filters; then the rows of the
 * page. The exact distance (haversine) and the sort are done on the candidates, which also give the
 * map's markers (every match, unpaginated).
 */
export async function searchCompanies(db: Db, input: SearchInput, now: Date): Promise<SearchResult> {
  const where: string[] = ["c.status = 'validated'", 'c.lat IS NOT NULL', 'c.lng IS NOT NULL'];
  // The next free slot orders the candidates only when sorting by it; otherwise the page's rows read it.
  const nextSlotSorts = input.sort === 'nextSlot';
  const args: InValue[] = [...(nextSlotSorts ? [now.getTime()] : []), ...availabilityWindow(now)];

  if (input.near) {
    const box = boundingBox(input.near, input.radiusKm);
    where.push('c.lat BETWEEN ? AND ?', 'c.lng BETWEEN ? AND ?');
    args.push(box.minLat, box.maxLat, box.minLng, box.maxLng);
  }
  if (input.sectors?.length) {
    where.push(`c.sector IN (${placeholders(input.sectors)})`);
    args.push(...input.sectors);
  }
  const match = input.text ? ftsQuery(input.text) : null;
  if (input.text && !match)
    return { total: 0, page: input.page, pageSize: input.pageSize, items: [], markers: [] };
  if (match) {
    where.push('c.id IN (SELECT rowid FROM company_search WHERE company_search MATCH ?)');
    args.push(match);
  }

  const slotConditions: string[] = [];
  const slotArgs: InValue[] = [];
  if (input.meetingTypes?.length) {
    slotConditions.push(`s.meeting_type IN (${placeholders(input.meetingTypes)})`);
    slotArgs.push(...input.meetingTypes);
  }
  if (input.publicCategories?.length) {
    slotConditions.push(
      `EXISTS (SELECT 1 FROM json_each(s.public_categories) WHERE value IN (${placeholders(input.publicCategories)}))`,
    );
    slotArgs.push(...input.publicCategories);
  }
  if (input.subjects?.length) {
    slotConditions.push(
      `EXISTS (SELECT 1 FROM json_each(s.subjects) WHERE value IN (${placeholders(input.subjects)}))`,
    );
    slotArgs.push(...input.subjects);
  }
  if (input.to) {
    slotConditions.push('s.starts_at <= ?');
    slotArgs.push(input.to.getTime());
  }
  if (input.withAvailableSlots) slotConditions.push(hasSeatsLeft('s'));
  if (slotConditions.length > 0 || input.from) {
    // Only slots to come count: from the given day, never before now.
    const from = Math.max(now.getTime(), input.from?.getTime() ?? 0);
    where.push(`EXISTS (SELECT 1 FROM slots s WHERE s.company_id = c.id AND s.deleted_at IS NULL AND s.starts_at >= ?
      ${slotConditions.map((condition) => `AND ${condition}`).join(' ')})`);
    args.push(from, ...slotArgs);
  }

  const { rows } = await db.client.execute({
    sql: `SELECT c.id, c.name, c.sector, c.picture_document_id, c.lat, c.lng,
        ${nextSlotSorts ? `${nextAvailableOf('c')} AS next_slot,` : ''}
        ${availableCountOf('c')} AS available
      FROM companies c WHERE ${where.join(' AND ')}`,
    args,
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
  const rowsById = await companyRowsByIds(
    db,
    pageCandidates.map((candidate) => candidate.id),
    nextSlotSorts ? null : now,
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
 * The page's company rows (read cheaply, companies/queries.ts), with their next free slot after
 * `nextSlotAfter` when the candidates did not compute it.
 */
async function companyRowsByIds(
  db: Db,
  ids: number[],
  nextSlotAfter: Date | null,
): Promise<Map<number, CompanyRow & { nextSlotAt: Date | null }>> {
  const rows = new Map<number, CompanyRow & { nextSlotAt: Date | null }>();
  if (ids.length === 0) return rows;
  const nextSlot = nextSlotAfter ? `, ${nextAvailableOf('companies')} AS next_slot` : '';
  const result = await db.client.execute({
    sql: `SELECT ${COMPANY_ROW_COLUMNS}${nextSlot} FROM companies WHERE id IN (${placeholders(ids)})`,
    args: nextSlotAfter ? [nextSlotAfter.getTime(), ...ids] : ids,
  });
  for (const raw of result.rows) {
    const row = companyRowOf(raw);
    rows.set(row.id, { ...row, nextSlotAt: raw.next_slot == null ? null : new Date(Number(raw.next_slot)) });
  }
  return rows;
}

const byName = (a: Candidate, b: Candidate) => a.name.localeCompare(b.name, 'fr') || a.id - b.id;
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
