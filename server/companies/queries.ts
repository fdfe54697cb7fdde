import type { Row } from '@libsql/client';
import { type Column, getTableColumns } from 'drizzle-orm';
import { companies } from '../../db/schema/companies.ts';

export type CompanyRow = typeof companies.$inferSelect;

/*
 * Company rows read cheaply: @libsql/client builds each row property by property (index and name, for each
 * of the 27 columns) and drizzle then maps every value; for a page of search results that was half of a
 * search's time. Here each row is one JSON array made by SQLite, read with JSON.parse and mapped by the
 * table's own column definitions, so it stays in step with the schema. JSON holds integers and text
 * exactly, not every REAL (SQLite writes 15 digits): REAL columns (the coordinates) are read apart.
 */
const COLUMNS = Object.entries(getTableColumns(companies)) as [keyof CompanyRow, Column][];
const JSON_EXACT = new Set(['SQLiteText', 'SQLiteInteger', 'SQLiteTimestamp', 'SQLiteBoolean']);
const IN_JSON = COLUMNS.filter(([, column]) => JSON_EXACT.has(column.columnType));
const APART = COLUMNS.filter(([, column]) => !JSON_EXACT.has(column.columnType));

/** What to SELECT from `companies` for companyRowOf: the row as one JSON array, the REAL columns apart. */
export const COMPANY_ROW_COLUMNS = `json_array(${IN_JSON.map(([, column]) => `"${column.name}"`).join(', ')}) AS row${APART.map(([, column]) => `, "${column.name}"`).join('')}`;

const fromDriver = (column: Column, value: unknown) =>
  value === null || value === undefined ? null : column.mapFromDriverValue(value);

/** A company row from a result that selected COMPANY_ROW_COLUMNS, as drizzle would return it. */
export function companyRowOf(raw: Row): CompanyRow {
  const values = JSON.parse(String(raw.row)) as unknown[];
  const row: Record<string, unknown> = {};
  for (const [index, [key, column]] of IN_JSON.entries()) row[key] = fromDriver(column, values[index]);
  for (const [key, column] of APART) row[key] = fromDriver(column, raw[column.name]);
  return row as CompanyRow;
}
