import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';

/** `expression` contains `text`, case aside for ASCII (SQLite's LIKE), its % and _ taken literally. */
export function containsText(expression: SQLWrapper, text: string): SQL {
  return sql`${expression} LIKE ${`%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`} ESCAPE '\\'`;
}
