/** More teachers with the weekly alert, for its benchmark. */
import { SECTORS } from '../../../common/constants.ts';
import type { Db } from '../../client.ts';
import { JOBS } from '../lists/sectors.ts';
import { randomPerson } from '../people.ts';
import { PREFECTURES } from '../prefectures.ts';
import { createRng } from '../prng.ts';
import { BulkInsert, maxId } from './bulk-insert.ts';
import { DAY_MS, EMAIL_DOMAIN } from './constants.ts';

/**
 * The weekly alert's benchmark (bench/weekly-alert.ts): `count` more teachers with the weekly-mail flag, each
 * with their own reference address around a prefecture (weighted as the companies are), one to three
 * sectors and, for a third of them, a job or two. Added to a copy of the large data set, not to it: the
 * other benchmarks keep measuring the same rows.
 */
export async function addWeeklyMailTeachers(db: Db, options: { count: number; now: Date }): Promise<number> {
  const rng = createRng('passerelle-industrie/large/weekly-mail-teachers');
  const placeWeights = PREFECTURES.map(
    ([code, city, postcode, lat, lng]) =>
      [{ code, city, postcode, lat, lng }, code.length === 3 ? 0.3 : 1] as const,
  );
  const tx = await db.client.transaction('write');
  try {
    const firstUser = (await maxId(tx, 'users')) + 1;
    const insert = new BulkInsert(tx, 'users', [
      'id',
      'kind',
      'email',
      'first_name',
      'last_name',
      'department_code',
      'profile_type',
      'sectors',
      'jobs',
      'use_establishment_address',
      'reference_label',
      'reference_zipcode',
      'reference_city',
      'reference_lat',
      'reference_lng',
      'weekly_mail',
      'created_at',
    ]);
    for (let i = 0; i < options.count; i++) {
      const place = rng.weighted(placeWeights);
      const person = randomPerson(rng);
      const spread = place.code.length === 3 ? 0.02 : 0.3;
      const jobs = rng.chance(1 / 3) ? rng.sample(JOBS, rng.int(1, 2)).map(([label]) => label) : [];
      await insert.add([
        firstUser + i,
        'teacher',
        `alerte-${i + 1}@${EMAIL_DOMAIN}`,
        person.firstName,
        person.lastName,
        place.code,
        'teacher',
        JSON.stringify(rng.sample(SECTORS, rng.int(1, 3))),
        JSON.stringify(jobs),
        0,
        `${place.postcode} ${place.city}`,
        place.postcode,
        place.city,
        Math.round((place.lat + rng.float(-spread, spread)) * 1e6) / 1e6,
        Math.round((place.lng + rng.float(-spread, spread)) * 1e6) / 1e6,
        1,
        options.now.getTime() - rng.int(10, 400) * DAY_MS,
      ]);
    }
    await insert.flush();
    await tx.commit();
    return options.count;
  } finally {
    tx.close();
  }
}
