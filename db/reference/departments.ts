import type { DbOrTx } from '../client.ts';
import { departments } from '../schema.ts';
import data from './departments.json' with { type: 'json' };

export interface DepartmentReference {
  code: string;
  name: string;
  /** The product's region numbering: 01–05 overseas, 06–18 mainland regions in alphabetical order. */
  regionCode: string;
  timeZone: string;
}

/**
 * The 101 departments (96 mainland incl. 2A/2B, five overseas). Names and regions come from
 * `@etalab/decoupage-administratif` 6.0.0 (INSEE), regions renumbered to the product's 01–18.
 */
export const DEPARTMENTS: readonly DepartmentReference[] = data;

export const REGIONS: Readonly<Record<string, string>> = {
  '01': 'Guadeloupe',
  '02': 'Martinique',
  '03': 'Guyane',
  '04': 'La Réunion',
  '05': 'Mayotte',
  '06': 'Auvergne-Rhône-Alpes',
  '07': 'Bourgogne-Franche-Comté',
  '08': 'Bretagne',
  '09': 'Centre-Val de Loire',
  '10': 'Corse',
  '11': 'Grand Est',
  '12': 'Hauts-de-France',
  '13': 'Île-de-France',
  '14': 'Normandie',
  '15': 'Nouvelle-Aquitaine',
  '16': 'Occitanie',
  '17': 'Pays de la Loire',
  '18': 'Provence-Alpes-Côte d’Azur',
};

/** A region as people read it (« Auvergne-Rhône-Alpes », not « 06 »); null for none (all of France). */
export function regionName(regionCode: string | null): string | null {
  return regionCode ? (REGIONS[regionCode] ?? regionCode) : null;
}

const byCode = new Map(DEPARTMENTS.map((d) => [d.code, d]));

export function findDepartment(code: string): DepartmentReference | undefined {
  return byCode.get(code);
}

/**
 * Inserts the departments that are missing. Existing rows are left alone: `active` and `chamber` are
 * the operators' choices, and they must survive every restart.
 */
export async function ensureDepartments(db: DbOrTx): Promise<void> {
  await db
    .insert(departments)
    .values(DEPARTMENTS.map(({ code, name, regionCode, timeZone }) => ({ code, name, regionCode, timeZone })))
    .onConflictDoNothing({ target: departments.code });
}
