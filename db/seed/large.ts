/**
 * The benchmark data set: 5,000 validated companies over every department and 100,000 slots over the
 * next 60 days, a quarter of them booked (a tenth full), with the bookings that account for every seat;
 * and two years of history for the statistics and the exports (issue 13): 100,000 past slots, three
 * quarters of them booked, some bookings cancelled (some late), and the searches that found nothing.
 * Written with multi-row INSERTs in one transaction: a few seconds, where row-by-row takes minutes.
 */
import type { Transaction } from '@libsql/client';
import type { Db } from '../client.ts';
import { BulkInsert, maxId } from './large/bulk-insert.ts';
import { activateDepartments, addRecruiters, writeCompanies, writeJobs } from './large/companies.ts';
import { ESTABLISHMENTS, TEACHERS } from './large/constants.ts';
import { writeHistory, writeSearchMisses } from './large/history.ts';
import { weightedPrefectures } from './large/places.ts';
import { writeSlots } from './large/slots.ts';
import { addTeachers, writeEstablishments } from './large/teachers.ts';
import { createRng, type Rng } from './prng.ts';

export interface LargeCounts {
  departmentsActivated: number;
  companies: number;
  recruiters: number;
  establishments: number;
  teachers: number;
  slots: number;
  bookedSlots: number;
  fullSlots: number;
  meetings: number;
  pastSlots: number;
  pastMeetings: number;
  cancelledMeetings: number;
  searchMissDays: number;
}

/**
 * Written into the file (`PRAGMA user_version`) by the seed: a data set made by an older seed is made
 * again (bench/support.ts) instead of being measured as if it had the history.
 */
export const LARGE_DATA_VERSION = 2;

export interface LargeOptions {
  now: Date;
  passwordHash: string;
  companies?: number;
  slots?: number;
  pastSlots?: number;
}

const USER_COLUMNS = [
  'id',
  'kind',
  'email',
  'password_hash',
  'first_name',
  'last_name',
  'phone',
  'department_code',
  'company_id',
  'job_title',
  'profile_type',
  'school_levels',
  'establishment_id',
  'sectors',
  'jobs',
  'weekly_mail',
  'created_at',
];

/**
 * Fills an empty database (departments loaded) with the benchmark data. Ids are given explicitly so that
 * rows can reference each other without reading anything back.
 */
export async function seedLarge(db: Db, options: LargeOptions): Promise<LargeCounts> {
  const companyCount = options.companies ?? 5_000;
  const slotCount = options.slots ?? 100_000;
  const pastSlotCount = options.pastSlots ?? 100_000;
  const nowMs = options.now.getTime();
  const root = createRng('passerelle-industrie/large/v1');
  const tx = await db.client.transaction('write');
  try {
    const counts = await writeLarge(tx, root, {
      nowMs,
      now: options.now,
      passwordHash: options.passwordHash,
      companyCount,
      slotCount,
      pastSlotCount,
    });
    await tx.execute(`PRAGMA user_version = ${LARGE_DATA_VERSION}`);
    await tx.commit();
    return counts;
  } finally {
    tx.close();
  }
}

async function writeLarge(
  tx: Transaction,
  root: Rng,
  o: {
    now: Date;
    nowMs: number;
    passwordHash: string;
    companyCount: number;
    slotCount: number;
    pastSlotCount: number;
  },
): Promise<LargeCounts> {
  const placeWeights = weightedPrefectures();
  const jobsBySector = await writeJobs(tx);

  const firstCompany = (await maxId(tx, 'companies')) + 1;
  const firstUser = (await maxId(tx, 'users')) + 1;
  const firstEstablishment = (await maxId(tx, 'establishments')) + 1;
  const firstSlot = (await maxId(tx, 'slots')) + 1;

  const { companyList, touched } = await writeCompanies(tx, root.fork('companies'), {
    nowMs: o.nowMs,
    companyCount: o.companyCount,
    firstCompany,
    placeWeights,
    jobsBySector,
  });
  const userInsert = new BulkInsert(tx, 'users', USER_COLUMNS);
  await addRecruiters(userInsert, companyList, { firstUser, nowMs: o.nowMs, passwordHash: o.passwordHash });
  const establishmentDepartments = await writeEstablishments(tx, root.fork('establishments'), {
    nowMs: o.nowMs,
    firstEstablishment,
    placeWeights,
  });
  const firstTeacher = firstUser + companyList.length;
  await addTeachers(userInsert, root.fork('teachers'), {
    nowMs: o.nowMs,
    passwordHash: o.passwordHash,
    firstTeacher,
    firstEstablishment,
    establishmentDepartments,
  });
  await userInsert.flush();
  const activate = await activateDepartments(tx, touched);

  const slotCounts = await writeSlots(tx, root.fork('slots'), o, companyList, firstSlot, firstTeacher);
  const historyCounts = await writeHistory(
    tx,
    root.fork('history'),
    o,
    companyList,
    firstSlot + o.slotCount,
    firstTeacher,
  );
  const searchMissDays = await writeSearchMisses(tx, root.fork('search-misses'), o.now, touched);
  return {
    departmentsActivated: activate.length,
    companies: companyList.length,
    recruiters: companyList.length,
    establishments: ESTABLISHMENTS,
    teachers: TEACHERS,
    ...slotCounts,
    ...historyCounts,
    searchMissDays,
  };
}
