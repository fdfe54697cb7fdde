import type { InValue, Value } from '@libsql/client';
import type { Sector } from '../../common/constants.ts';
import { type Db, sqlPlaceholders } from '../../db/client.ts';
import { COMPANY_ROW_COLUMNS, type CompanyRow, companyRowOf } from './queries.ts';

/** A box of latitudes and longitudes (search.ts's boundingBox). */
export interface Box {
  minLat: number;
  maxLat: number;
  minLng: number;
  maxLng: number;
}

/** The company side of a search: where its rows come from, as `c`, and which of them qualify. */
export interface CompanySource {
  from: string;
  where: string[];
  args: InValue[];
}

/**
 * An FTS5 query from what the user typed: each word a prefix ("soud" finds "soudeur"), all required.
 * Quotes keep FTS5's operators out of user text. Null when nothing searchable was typed.
 */
export function ftsQuery(text: string): string | null {
  const words = text
    .normalize('NFKC')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0)
    .slice(0, 8);
  return words.length > 0 ? words.map((word) => `"${word}"*`).join(' AND ') : null;
}

/**
 * The companies a search may show, as row `c` (PRODUCT.md, Discovery): validated, placed on the map, within
 * the box on `companies_status_lat_lng_idx`, of the sectors asked, matching the text on the full-text index
 * of names and jobs. Null when the text has nothing searchable in it: no company matches.
 */
export function searchableCompanies(filter: {
  box?: Box;
  sectors?: Sector[];
  text?: string;
}): CompanySource | null {
  const where = ["c.status = 'validated'", 'c.lat IS NOT NULL', 'c.lng IS NOT NULL'];
  const args: InValue[] = [];
  if (filter.box) {
    where.push('c.lat BETWEEN ? AND ?', 'c.lng BETWEEN ? AND ?');
    args.push(filter.box.minLat, filter.box.maxLat, filter.box.minLng, filter.box.maxLng);
  }
  if (filter.sectors?.length) {
    where.push(`c.sector IN (${sqlPlaceholders(filter.sectors)})`);
    args.push(...filter.sectors);
  }
  if (filter.text) {
    const match = ftsQuery(filter.text);
    if (!match) return null;
    where.push('c.id IN (SELECT rowid FROM company_search WHERE company_search MATCH ?)');
    args.push(match);
  }
  return { from: 'companies c', where, args };
}

/**
 * The rows of these companies (read cheaply, queries.ts), each with the value of an extra column of the
 * caller's on row `c` (its `?` arguments given): the search's page, with each company's next open slot.
 */
export async function companyRowsWith(
  db: Db,
  ids: number[],
  extra: { sql: string; args: InValue[] } | null,
): Promise<Map<number, { row: CompanyRow; extra: Value }>> {
  const rows = new Map<number, { row: CompanyRow; extra: Value }>();
  if (ids.length === 0) return rows;
  const result = await db.client.execute({
    sql: `SELECT ${COMPANY_ROW_COLUMNS}${extra ? `, ${extra.sql} AS extra` : ''} FROM companies c WHERE c.id IN (${sqlPlaceholders(ids)})`,
    args: [...(extra?.args ?? []), ...ids],
  });
  for (const raw of result.rows) {
    const row = companyRowOf(raw);
    rows.set(row.id, { row, extra: raw.extra ?? null });
  }
  return rows;
}
