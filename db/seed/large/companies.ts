/** The large data set's companies, their jobs and their recruiters. */
import type { Transaction } from '@libsql/client';
import { SECTORS, type Sector } from '../../../common/constants.ts';
import { elide } from '../../../common/format.ts';
import { SPEAKER_ROLES } from '../lists/companies.ts';
import { STREETS } from '../lists/places.ts';
import { JOBS, NAF_CODES } from '../lists/sectors.ts';
import { landline, mobile, randomPerson, slugify } from '../people.ts';
import type { Rng } from '../prng.ts';
import { makeSiret } from '../siret.ts';
import { BulkInsert } from './bulk-insert.ts';
import { DAY_MS, EMAIL_DOMAIN } from './constants.ts';
import type { WeightedPlaces } from './places.ts';

const NAME_HEADS = [
  'Ateliers',
  'Forges',
  'Mécanique',
  'Usinage',
  'Chaudronnerie',
  'Électronique',
  'Fonderie',
  'Équipements',
  'Industries',
  'Composites',
  'Techniques',
  'Systèmes',
  'Tôlerie',
  'Automatismes',
] as const;
const NAME_TAILS = [
  'du Centre',
  'de la Vallée',
  'des Coteaux',
  'du Plateau',
  'du Val',
  'des Rives',
  'du Canal',
];

export interface BenchCompany {
  id: number;
  timeZone: string;
  overseas: boolean;
  speaker: { first: string; last: string; email: string; phone: string; role: string };
  slug: string;
}

/** The jobs of every sector (those of the demo), by sector: their ids. */
export async function writeJobs(tx: Transaction): Promise<Map<Sector, number[]>> {
  await tx.execute({
    sql: `INSERT OR IGNORE INTO jobs (label, sector) VALUES ${JOBS.map(() => '(?, ?)').join(', ')}`,
    args: JOBS.flat(),
  });
  const jobRows = await tx.execute('SELECT id, sector FROM jobs WHERE sector IS NOT NULL ORDER BY id');
  const jobsBySector = new Map<Sector, number[]>();
  for (const row of jobRows.rows) {
    const sector = row.sector as Sector;
    jobsBySector.set(sector, [...(jobsBySector.get(sector) ?? []), Number(row.id)]);
  }
  return jobsBySector;
}

/** The companies, from id `firstCompany` on, with two to four jobs of their sector each. */
export async function writeCompanies(
  tx: Transaction,
  rng: Rng,
  o: {
    nowMs: number;
    companyCount: number;
    firstCompany: number;
    placeWeights: WeightedPlaces;
    jobsBySector: Map<Sector, number[]>;
  },
): Promise<{ companyList: BenchCompany[]; touched: Set<string> }> {
  const companyInsert = new BulkInsert(tx, 'companies', [
    'id',
    'siret',
    'name',
    'status',
    'naf_code',
    'sector',
    'phone',
    'website',
    'employees_count',
    'creation_date',
    'accepts_interns',
    'description',
    'label',
    'zipcode',
    'city',
    'department_code',
    'lat',
    'lng',
    'contact_name',
    'contact_email',
    'contact_phone',
    'contact_opt_in',
    'created_at',
    'validated_at',
  ]);
  const companyJobInsert = new BulkInsert(tx, 'company_jobs', ['company_id', 'job_id'], companyInsert);
  const companyList: BenchCompany[] = [];
  const touched = new Set<string>();
  for (let i = 0; i < o.companyCount; i++) {
    const id = o.firstCompany + i;
    const place = rng.weighted(o.placeWeights);
    touched.add(place.code);
    const sector = rng.pick(SECTORS);
    const name = `${rng.pick(NAME_HEADS)} ${rng.pick(NAME_TAILS)} ${elide('de', place.city)}`;
    const slug = `${slugify(name)}-${i + 1}`;
    const person = randomPerson(rng);
    const email = `contact-${i + 1}@${EMAIL_DOMAIN}`;
    const phone = mobile(rng, place.code === '974');
    const spread = place.overseas ? 0.02 : 0.12;
    const validatedAt = o.nowMs - rng.int(30, 900) * DAY_MS;
    companyList.push({
      id,
      timeZone: place.timeZone,
      overseas: place.overseas,
      slug,
      speaker: {
        first: person.firstName,
        last: person.lastName,
        email,
        phone,
        role: rng.pick(SPEAKER_ROLES),
      },
    });
    await companyInsert.add([
      id,
      // SIREN stems from 9000…, which the demo (stems 3… to 8…) never uses.
      makeSiret(String(90_000_000 + i), '0001'),
      name,
      'validated',
      rng.pick(NAF_CODES[sector]),
      sector,
      landline(rng, place.overseas ? '0262' : rng.pick(['01', '02', '03', '04', '05'])),
      `https://www.${slug}.fr`,
      rng.int(10, 2000),
      `${rng.int(1900, 2020)}-${String(rng.int(1, 12)).padStart(2, '0')}-${String(rng.int(1, 28)).padStart(2, '0')}`,
      rng.chance(0.7) ? 1 : 0,
      `${name} est une entreprise industrielle implantée à ${place.city}. Elle ouvre ses ateliers aux classes et aux demandeurs d’emploi.`,
      `${rng.int(1, 150)} ${rng.pick(STREETS)}, ${place.postcode} ${place.city}`,
      place.postcode,
      place.city,
      place.code,
      Math.round((place.lat + rng.float(-spread, spread)) * 1e6) / 1e6,
      Math.round((place.lng + rng.float(-spread, spread)) * 1e6) / 1e6,
      `${person.firstName} ${person.lastName}`,
      email,
      phone,
      rng.chance(0.2) ? 1 : 0,
      validatedAt - 3 * DAY_MS,
      validatedAt,
    ]);
    for (const jobId of rng.sample(o.jobsBySector.get(sector) ?? [], rng.int(2, 4))) {
      await companyJobInsert.add([id, jobId]);
    }
  }
  await companyInsert.flush();
  await companyJobInsert.flush();
  return { companyList, touched };
}

/** One recruiter per company, from id `firstUser` on. */
export async function addRecruiters(
  userInsert: BulkInsert,
  companyList: readonly BenchCompany[],
  o: { firstUser: number; nowMs: number; passwordHash: string },
): Promise<void> {
  for (const [i, company] of companyList.entries()) {
    await userInsert.add([
      o.firstUser + i,
      'recruiter',
      company.speaker.email,
      o.passwordHash,
      company.speaker.first,
      company.speaker.last,
      company.speaker.phone,
      null,
      company.id,
      'Responsable des ressources humaines',
      null,
      null,
      null,
      null,
      null,
      0,
      o.nowMs - 400 * DAY_MS,
    ]);
  }
}

/** Activates the departments that have companies. */
export async function activateDepartments(tx: Transaction, touched: ReadonlySet<string>): Promise<string[]> {
  const activate = [...touched];
  await tx.execute({
    sql: `UPDATE departments SET active = 1, chamber = coalesce(chamber, 'UIMM ' || name) WHERE code IN (${activate.map(() => '?').join(', ')})`,
    args: activate,
  });
  return activate;
}
