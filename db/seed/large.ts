/**
 * The benchmark data set: 5,000 validated companies over every department and 100,000 slots over the
 * next 60 days, a quarter of them booked (a tenth full), with the bookings that account for every seat.
 * Written with multi-row INSERTs in one transaction: a few seconds, where row-by-row takes minutes.
 */
import type { InArgs, InValue, Transaction } from '@libsql/client';
import {
  type MeetingType,
  PUBLIC_CATEGORIES,
  SECTORS,
  type Sector,
  SLOT_DURATIONS_MINUTES,
  SLOT_SUBJECTS,
} from '../../common/constants.ts';
import { addDays, dayOfWeek, utcToZonedWallClock, zonedWallClockToUtc } from '../../common/time.ts';
import type { Db } from '../client.ts';
import { DEPARTMENTS } from '../reference/departments.ts';
import { JOBS, NAF_CODES, SPEAKER_ROLES, STREETS } from './data.ts';
import { landline, mobile, randomPerson, slugify } from './people.ts';
import { PREFECTURES } from './prefectures.ts';
import { createRng, type Rng } from './prng.ts';
import { makeSiret } from './siret.ts';

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
}

export interface LargeOptions {
  now: Date;
  passwordHash: string;
  companies?: number;
  slots?: number;
}

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const FUTURE_DAYS = 60;
const TEACHERS = 1_000;
const ESTABLISHMENTS = 200;
const ROWS_PER_STATEMENT = 500;
const EMAIL_DOMAIN = 'bench.passerelle-industrie.fr';

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
const ESTABLISHMENT_TYPES = [
  'Collège',
  'Lycée professionnel',
  'Lycée général et technologique',
  'Mission locale',
  'Agence France Travail',
] as const;

/**
 * Buffers rows and writes them as multi-row INSERTs on the transaction. A table whose rows reference
 * another's flushes that one first, so foreign keys hold at every statement.
 */
class BulkInsert {
  readonly #tx: Transaction;
  readonly #head: string;
  readonly #placeholders: string;
  readonly #references: BulkInsert | undefined;
  #rows: InValue[][] = [];

  constructor(tx: Transaction, table: string, columns: readonly string[], references?: BulkInsert) {
    this.#tx = tx;
    this.#head = `INSERT INTO ${table} (${columns.join(', ')}) VALUES `;
    this.#placeholders = `(${columns.map(() => '?').join(', ')})`;
    this.#references = references;
  }

  async add(row: InValue[]): Promise<void> {
    this.#rows.push(row);
    if (this.#rows.length >= ROWS_PER_STATEMENT) await this.flush();
  }

  async flush(): Promise<void> {
    if (this.#rows.length === 0) return;
    await this.#references?.flush();
    const rows = this.#rows;
    this.#rows = [];
    const args: InArgs = rows.flat();
    await this.#tx.execute({ sql: this.#head + rows.map(() => this.#placeholders).join(', '), args });
  }
}

/** "de Laon", "d'Évreux", "du Mans", "de La Rochelle", "des Abymes". */
function ofPlace(city: string): string {
  if (city.startsWith('Le ')) return `du ${city.slice(3)}`;
  if (city.startsWith('Les ')) return `des ${city.slice(4)}`;
  if (/^[AEIOUYÉÈÂÎ]/.test(city)) return `d'${city}`;
  return `de ${city}`;
}

async function maxId(tx: Transaction, table: string): Promise<number> {
  const result = await tx.execute(`SELECT coalesce(max(id), 0) AS id FROM ${table}`);
  return Number(result.rows[0]?.id ?? 0);
}

/**
 * Fills an empty database (departments loaded) with the benchmark data. Ids are given explicitly so that
 * rows can reference each other without reading anything back.
 */
export async function seedLarge(db: Db, options: LargeOptions): Promise<LargeCounts> {
  const companyCount = options.companies ?? 5_000;
  const slotCount = options.slots ?? 100_000;
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
    });
    await tx.commit();
    return counts;
  } finally {
    tx.close();
  }
}

async function writeLarge(
  tx: Transaction,
  root: Rng,
  o: { now: Date; nowMs: number; passwordHash: string; companyCount: number; slotCount: number },
): Promise<LargeCounts> {
  const departmentOf = new Map(DEPARTMENTS.map((d) => [d.code, d]));
  const placed = PREFECTURES.map(([code, city, postcode, lat, lng]) => ({
    code,
    city,
    postcode,
    lat,
    lng,
    timeZone: departmentOf.get(code)?.timeZone ?? 'Europe/Paris',
    overseas: code.length === 3,
  }));
  // Overseas departments are smaller, and islands leave little room around their prefecture.
  const placeWeights = placed.map((p) => [p, p.overseas ? 0.3 : 1] as const);

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

  const firstCompany = (await maxId(tx, 'companies')) + 1;
  const firstUser = (await maxId(tx, 'users')) + 1;
  const firstEstablishment = (await maxId(tx, 'establishments')) + 1;
  const firstSlot = (await maxId(tx, 'slots')) + 1;

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
  const userColumns = [
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
  const userInsert = new BulkInsert(tx, 'users', userColumns);
  const companyJobInsert = new BulkInsert(tx, 'company_jobs', ['company_id', 'job_id'], companyInsert);

  const rng = root.fork('companies');
  interface BenchCompany {
    id: number;
    timeZone: string;
    overseas: boolean;
    speaker: { first: string; last: string; email: string; phone: string; role: string };
    slug: string;
  }
  const companyList: BenchCompany[] = [];
  const touched = new Set<string>();
  for (let i = 0; i < o.companyCount; i++) {
    const id = firstCompany + i;
    const place = rng.weighted(placeWeights);
    touched.add(place.code);
    const sector = rng.pick(SECTORS);
    const name = `${rng.pick(NAME_HEADS)} ${rng.pick(NAME_TAILS)} ${ofPlace(place.city)}`;
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
      `${name} est une entreprise industrielle implantée à ${place.city}. Elle ouvre ses ateliers aux classes et aux demandeurs d'emploi.`,
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
    for (const jobId of rng.sample(jobsBySector.get(sector) ?? [], rng.int(2, 4))) {
      await companyJobInsert.add([id, jobId]);
    }
  }
  await companyInsert.flush();
  await companyJobInsert.flush();

  for (const [i, company] of companyList.entries()) {
    await userInsert.add([
      firstUser + i,
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

  const establishmentRng = root.fork('establishments');
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
    const place = establishmentRng.weighted(placeWeights);
    const type = establishmentRng.pick(ESTABLISHMENT_TYPES);
    establishmentDepartments.push(place.code);
    const spread = place.overseas ? 0.02 : 0.1;
    await establishmentInsert.add([
      firstEstablishment + i,
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

  const teacherRng = root.fork('teachers');
  const firstTeacher = firstUser + companyList.length;
  for (let i = 0; i < TEACHERS; i++) {
    const establishment = teacherRng.int(0, ESTABLISHMENTS - 1);
    const person = randomPerson(teacherRng);
    const sectors = teacherRng.sample(SECTORS, teacherRng.int(1, 3));
    await userInsert.add([
      firstTeacher + i,
      'teacher',
      `enseignant-${i + 1}@${EMAIL_DOMAIN}`,
      o.passwordHash,
      person.firstName,
      person.lastName,
      mobile(teacherRng),
      establishmentDepartments[establishment] ?? null,
      null,
      null,
      teacherRng.weighted([
        ['teacher', 7],
        ['prescriber', 2],
        ['employmentPartner', 1],
      ] as const),
      JSON.stringify(teacherRng.pick([['college'], ['lycee'], ['college', 'lycee']])),
      firstEstablishment + establishment,
      JSON.stringify(sectors),
      JSON.stringify([]),
      teacherRng.chance(0.3) ? 1 : 0,
      o.nowMs - teacherRng.int(10, 400) * DAY_MS,
    ]);
  }
  await userInsert.flush();

  const activate = [...touched];
  await tx.execute({
    sql: `UPDATE departments SET active = 1, chamber = coalesce(chamber, 'UIMM ' || name) WHERE code IN (${activate.map(() => '?').join(', ')})`,
    args: activate,
  });

  const slotCounts = await writeSlots(tx, root.fork('slots'), o, companyList, firstSlot, firstTeacher);
  return {
    departmentsActivated: activate.length,
    companies: companyList.length,
    recruiters: companyList.length,
    establishments: ESTABLISHMENTS,
    teachers: TEACHERS,
    ...slotCounts,
  };
}

async function writeSlots(
  tx: Transaction,
  rng: Rng,
  o: { now: Date; nowMs: number; slotCount: number },
  companyList: {
    id: number;
    timeZone: string;
    slug: string;
    speaker: { first: string; last: string; email: string; phone: string; role: string };
  }[],
  firstSlot: number,
  firstTeacher: number,
): Promise<Pick<LargeCounts, 'slots' | 'bookedSlots' | 'fullSlots' | 'meetings'>> {
  const slotInsert = new BulkInsert(tx, 'slots', [
    'id',
    'company_id',
    'starts_at',
    'ends_at',
    'time_zone',
    'duration_minutes',
    'meeting_type',
    'public_categories',
    'subjects',
    'max_participants',
    'seats_taken',
    'speaker_name',
    'speaker_firstname',
    'speaker_email',
    'speaker_phone',
    'speaker_role',
    'description',
    'created_at',
  ]);
  const meetingInsert = new BulkInsert(
    tx,
    'meetings',
    [
      'slot_id',
      'teacher_id',
      'establishment_id',
      'status',
      'participants_count',
      'public_category',
      'charter_accepted_at',
      'created_at',
    ],
    slotInsert,
  );

  // One zone conversion per (zone, date, time) instead of one per slot: they repeat a lot.
  const startCache = new Map<string, number>();
  const weekdaysByZone = new Map<string, string[]>();
  const weekdaysIn = (timeZone: string) => {
    let dates = weekdaysByZone.get(timeZone);
    if (!dates) {
      const today = utcToZonedWallClock(o.now, timeZone).date;
      dates = [];
      for (let offset = 1; offset < FUTURE_DAYS; offset++) {
        const date = addDays(today, offset);
        if (dayOfWeek(date) !== 0 && dayOfWeek(date) !== 6) dates.push(date);
      }
      weekdaysByZone.set(timeZone, dates);
    }
    return dates;
  };
  const times = Array.from({ length: 19 }, (_, i) => {
    const minutes = 8 * 60 + i * 30;
    return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
  });

  let bookedSlots = 0;
  let fullSlots = 0;
  let meetingCount = 0;
  for (let i = 0; i < o.slotCount; i++) {
    const company = companyList[rng.int(0, companyList.length - 1)];
    if (!company) throw new Error('seedLarge needs at least one company');
    const date = rng.pick(weekdaysIn(company.timeZone));
    const time = rng.pick(times);
    const key = `${company.timeZone}|${date}|${time}`;
    let startsAt = startCache.get(key);
    if (startsAt === undefined) {
      startsAt = zonedWallClockToUtc(date, time, company.timeZone).getTime();
      startCache.set(key, startsAt);
    }
    const type = rng.weighted<MeetingType>([
      ['CompanyVisit', 9],
      ['ClassroomIntervention', 6],
      ['Webinar', 5],
    ]);
    const duration = rng.pick(SLOT_DURATIONS_MINUTES);
    const maxParticipants = rng.int(8, 30);
    const categories = rng.sample(PUBLIC_CATEGORIES, rng.int(1, 3));
    const createdAt = o.nowMs - rng.int(1, 40 * 24) * HOUR_MS;
    const slotId = firstSlot + i;

    const booking = rng.weighted([
      ['free', 75],
      ['partial', 15],
      ['full', 10],
    ] as const);
    const bookings: InValue[][] = [];
    if (booking !== 'free') {
      bookedSlots++;
      if (booking === 'full') fullSlots++;
      const target = booking === 'full' ? maxParticipants : rng.int(1, maxParticipants - 1);
      const first = target >= 2 && rng.chance(0.4) ? rng.int(1, target - 1) : target;
      const firstTeacherIndex = rng.int(0, TEACHERS - 1);
      const teachers = [firstTeacherIndex, (firstTeacherIndex + rng.int(1, TEACHERS - 1)) % TEACHERS];
      const bookedAt = Math.min(o.nowMs - HOUR_MS, createdAt + rng.int(1, 72) * HOUR_MS);
      for (const [k, seats] of (first < target ? [first, target - first] : [target]).entries()) {
        const category = rng.pick(categories);
        bookings.push([
          slotId,
          firstTeacher + (teachers[k] ?? 0),
          null,
          'confirmed',
          seats,
          category,
          bookedAt,
          bookedAt,
        ]);
      }
    }
    const seatsTaken = bookings.reduce((sum, row) => sum + Number(row[4]), 0);

    await slotInsert.add([
      slotId,
      company.id,
      startsAt,
      startsAt + duration * 60_000,
      company.timeZone,
      duration,
      type,
      JSON.stringify(categories),
      JSON.stringify(rng.sample(SLOT_SUBJECTS, rng.int(1, 3))),
      maxParticipants,
      seatsTaken,
      company.speaker.last,
      company.speaker.first,
      company.speaker.email,
      company.speaker.phone,
      company.speaker.role,
      'Découverte de nos métiers et de nos ateliers, suivie de questions-réponses.',
      createdAt,
    ]);
    for (const row of bookings) await meetingInsert.add(row);
    meetingCount += bookings.length;
  }
  await slotInsert.flush();
  await meetingInsert.flush();
  return { slots: o.slotCount, bookedSlots, fullSlots, meetings: meetingCount };
}
