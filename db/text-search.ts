import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';

/** `expression` contains `text`, case aside for ASCII (SQLite's LIKE), its % and _ taken literally. */
export function containsText(expression: SQLWrapper, text: string): SQL {
  return sql`${expression} LIKE ${`%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`} ESCAPE '\\'`;
}

/**
 * The accented letters of French words and the letters they sort as: lower case (SQLite's lower() has
 * folded the ASCII ones), and the capitals French words start with. Kept short: each is one more nested
 * replace() and SQLite's parser has a depth limit.
 */
const FRENCH_FOLDS: readonly (readonly [string, string])[] = (
  [
    ['àâäÀÂ', 'a'],
    ['çÇ', 'c'],
    ['éèêëÉÈÊ', 'e'],
    ['îïÎ', 'i'],
    ['ôöÔ', 'o'],
    ['ùûü', 'u'],
    ['ÿ', 'y'],
    ['œŒ', 'oe'],
    ['æ', 'ae'],
  ] as [string, string][]
).flatMap(([letters, plain]) => [...letters].map((letter) => [letter, plain] as const));

/**
 * The key SQLite sorts `expression` by in French alphabetical order: accents and case folded (SQLite's
 * own order is by character code, « Contrôleur » before « Câbleur », and its lower() folds only ASCII).
 * For lists that SQL pages (LIMIT/OFFSET) and cannot sort afterwards; whole lists read into memory sort
 * with `compareFrench` (common/text.ts). Ties between names equal once folded are left to the next key.
 */
export function frenchOrder(expression: SQLWrapper): SQL {
  let key: SQL = sql`lower(${expression})`;
  for (const [accented, plain] of FRENCH_FOLDS) key = sql`replace(${key}, ${accented}, ${plain})`;
  return key;
}
