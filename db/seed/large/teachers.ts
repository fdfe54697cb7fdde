/** The large data set's establishments and its teachers. */
import type { Transaction } from '@libsql/client';
import { SECTORS } from '../../../common/constants.ts';
import { STREETS } from '../lists/places.ts';
import { mobile, randomPerson } from '../people.ts';
import type { Rng } from '../prng.ts';
import { BulkInsert } from './bulk-insert.ts';
import { DAY_MS, EMAIL_DOMAIN, ESTABLISHMENTS, TEACHERS } from './constants.ts';
import type { WeightedPlaces } from './places.ts';

const ESTABLISHMENT_TYPES = [
  'Collège',
  'Lycée professionnel',
  'Lycée général et technologique',
  'Mission locale',
  'Agence France Travail',
] as const;

/** The establishments, from id `firstEstablishment` on: the department of each, in order. */
export async function writeEstablishments(
  tx: Transaction,
  establishmentRng: Rng,
  o: { nowMs: number; firstEstablishment: number; placeWeights: WeightedPlaces },
): Promise<string[]> {
  const establishmentInsert = new BulkInsert(tx, 'establishments', [
    'id',
    'name',
    'type',
    'label',
    'zipcode',
    'city',
    'department_code',
    'lat',
    'lng',
    'created_at',
  ]);
  const establishmentDepartments: string[] = [];
  for (let i = 0; i < ESTABLISHMENTS; i++) {
    const place = establishmentRng.weighted(o.placeWeights);
    const type = establishmentRng.pick(ESTABLISHMENT_TYPES);
    establishmentDepartments.push(place.code);
    const spread = place.overseas ? 0.02 : 0.1;
    await establishmentInsert.add([
      o.firstEstablishment + i,
      `${type} ${place.city} ${i + 1}`,
      type,
      `${establishmentRng.int(1, 80)} ${establishmentRng.pick(STREETS)}, ${place.postcode} ${place.city}`,
      place.postcode,
      place.city,
      place.code,
      Math.round((place.lat + establishmentRng.float(-spread, spread)) * 1e6) / 1e6,
      Math.round((place.lng + establishmentRng.float(-spread, spread)) * 1e6) / 1e6,
      o.nowMs - 500 * DAY_MS,
    ]);
  }
  await establishmentInsert.flush();
  return establishmentDepartments;
}

/** The teachers, from id `firstTeacher` on, each working in one of the establishments. */
export async function addTeachers(
  userInsert: BulkInsert,
  teacherRng: Rng,
  o: {
    nowMs: number;
    passwordHash: string;
    firstTeacher: number;
    firstEstablishment: number;
    establishmentDepartments: readonly string[];
  },
): Promise<void> {
  for (let i = 0; i < TEACHERS; i++) {
    const establishment = teacherRng.int(0, ESTABLISHMENTS - 1);
    const person = randomPerson(teacherRng);
    const sectors = teacherRng.sample(SECTORS, teacherRng.int(1, 3));
    await userInsert.add([
      o.firstTeacher + i,
      'teacher',
      `enseignant-${i + 1}@${EMAIL_DOMAIN}`,
      o.passwordHash,
      person.firstName,
      person.lastName,
      mobile(teacherRng),
      o.establishmentDepartments[establishment] ?? null,
      null,
      null,
      teacherRng.weighted([
        ['teacher', 7],
        ['prescriber', 2],
        ['employmentPartner', 1],
      ] as const),
      JSON.stringify(teacherRng.pick([['college'], ['lycee'], ['college', 'lycee']])),
      o.firstEstablishment + establishment,
      JSON.stringify(sectors),
      JSON.stringify([]),
      teacherRng.chance(0.3) ? 1 : 0,
      o.nowMs - teacherRng.int(10, 400) * DAY_MS,
    ]);
  }
}
