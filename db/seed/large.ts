/**
 * The benchmark data set: 5,000 validated companies over every department and 100,000 slots over the
 * next 60 days, a quarter of them booked (a tenth full), with the bookings that account for every seat;
 * and two years of history for the statistics and the exports (issue 13): 100,000 past slots, three
 * quarters of them booked, some bookings cancelled (some late), and the searches that found nothing.
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

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const FUTURE_DAYS = 60;
const HISTORY_DAYS = 730;
/** Late: cancelled less than this before the start (server/meetings/statistics.ts). */
const LATE_MS = 48 * HOUR_MS;
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

interface SeedCompany {
  id: number;
  timeZone: string;
  speaker: { first: string; last: string; email: string; phone: string; role: string };
}

const SLOT_COLUMNS = [
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
] as const;

const MEETING_COLUMNS = [
  'slot_id',
  'teacher_id',
  'establishment_id',
  'status',
  'participants_count',
  'public_category',
  'charter_accepted_at',
  'created_at',
  'cancelled_at',
  'cancelled_by',
  'cancel_reason',
] as const;

const CANCEL_REASONS = [
  null,
  'Sortie annulée par l’établissement.',
  'Grève des transports scolaires.',
  'La classe a un examen blanc ce jour-là.',
  'Intervenant indisponible.',
  null,
] as const;

/**
 * Where the slots of the data set start: weekdays between two day offsets from today, 08:00 to 17:00 on
 * the half hour, in each company's zone. A zone conversion per (zone, date, time), not per slot: they
 * repeat a lot.
 */
function slotStarts(now: Date, fromOffset: number, toOffset: number) {
  const startCache = new Map<string, number>();
  const weekdaysByZone = new Map<string, string[]>();
  const times = Array.from({ length: 19 }, (_, i) => {
    const minutes = 8 * 60 + i * 30;
    return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
  });
  const weekdaysIn = (timeZone: string) => {
    let dates = weekdaysByZone.get(timeZone);
    if (!dates) {
      const today = utcToZonedWallClock(now, timeZone).date;
      dates = [];
      for (let offset = fromOffset; offset < toOffset; offset++) {
        const date = addDays(today, offset);
        if (dayOfWeek(date) !== 0 && dayOfWeek(date) !== 6) dates.push(date);
      }
      weekdaysByZone.set(timeZone, dates);
    }
    return dates;
  };
  return (rng: Rng, timeZone: string): number => {
    const date = rng.pick(weekdaysIn(timeZone));
    const time = rng.pick(times);
    const key = `${timeZone}|${date}|${time}`;
    let startsAt = startCache.get(key);
    if (startsAt === undefined) {
      startsAt = zonedWallClockToUtc(date, time, timeZone).getTime();
      startCache.set(key, startsAt);
    }
    return startsAt;
  };
}

/** A slot of the data set, its bookings left to the caller: the row's values but the seats taken. */
function randomSlot(rng: Rng, company: SeedCompany, id: number, startsAt: number) {
  const type = rng.weighted<MeetingType>([
    ['CompanyVisit', 9],
    ['ClassroomIntervention', 6],
    ['Webinar', 5],
  ]);
  const duration = rng.pick(SLOT_DURATIONS_MINUTES);
  const maxParticipants = rng.int(8, 30);
  const categories = rng.sample(PUBLIC_CATEGORIES, rng.int(1, 3));
  const row = (createdAt: number, seatsTaken: number): InValue[] => [
    id,
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
  ];
  return { maxParticipants, categories, row };
}

/**
 * The live bookings of a booked slot: one or two teachers whose groups take `target` seats. `bookedAt` is
 * drawn once the teachers are, the order in which the first version of this seed drew them, so that the
 * future slots stay those that earlier benchmarks measured.
 */
function liveBookings(
  rng: Rng,
  slot: { id: number; target: number; categories: readonly string[] },
  bookedAtOf: () => number,
  firstTeacher: number,
): InValue[][] {
  const { target } = slot;
  const first = target >= 2 && rng.chance(0.4) ? rng.int(1, target - 1) : target;
  const firstTeacherIndex = rng.int(0, TEACHERS - 1);
  const teachers = [firstTeacherIndex, (firstTeacherIndex + rng.int(1, TEACHERS - 1)) % TEACHERS];
  const bookedAt = bookedAtOf();
  return (first < target ? [first, target - first] : [target]).map((seats, k) => [
    slot.id,
    firstTeacher + (teachers[k] ?? 0),
    null,
    'confirmed',
    seats,
    rng.pick(slot.categories),
    bookedAt,
    bookedAt,
    null,
    null,
    null,
  ]);
}

async function writeSlots(
  tx: Transaction,
  rng: Rng,
  o: { now: Date; nowMs: number; slotCount: number },
  companyList: SeedCompany[],
  firstSlot: number,
  firstTeacher: number,
): Promise<Pick<LargeCounts, 'slots' | 'bookedSlots' | 'fullSlots' | 'meetings'>> {
  const slotInsert = new BulkInsert(tx, 'slots', SLOT_COLUMNS);
  const meetingInsert = new BulkInsert(tx, 'meetings', MEETING_COLUMNS, slotInsert);
  const startOf = slotStarts(o.now, 1, FUTURE_DAYS);

  let bookedSlots = 0;
  let fullSlots = 0;
  let meetingCount = 0;
  for (let i = 0; i < o.slotCount; i++) {
    const company = companyList[rng.int(0, companyList.length - 1)];
    if (!company) throw new Error('seedLarge needs at least one company');
    const startsAt = startOf(rng, company.timeZone);
    const slotId = firstSlot + i;
    const slot = randomSlot(rng, company, slotId, startsAt);
    const createdAt = o.nowMs - rng.int(1, 40 * 24) * HOUR_MS;

    const booking = rng.weighted([
      ['free', 75],
      ['partial', 15],
      ['full', 10],
    ] as const);
    let bookings: InValue[][] = [];
    if (booking !== 'free') {
      bookedSlots++;
      if (booking === 'full') fullSlots++;
      const target = booking === 'full' ? slot.maxParticipants : rng.int(1, slot.maxParticipants - 1);
      bookings = liveBookings(
        rng,
        { id: slotId, target, categories: slot.categories },
        () => Math.min(o.nowMs - HOUR_MS, createdAt + rng.int(1, 72) * HOUR_MS),
        firstTeacher,
      );
    }
    await slotInsert.add(
      slot.row(
        createdAt,
        bookings.reduce((sum, row) => sum + Number(row[4]), 0),
      ),
    );
    for (const row of bookings) await meetingInsert.add(row);
    meetingCount += bookings.length;
  }
  await slotInsert.flush();
  await meetingInsert.flush();
  return { slots: o.slotCount, bookedSlots, fullSlots, meetings: meetingCount };
}

/**
 * Two years of past slots (issue 13: statistics and exports need history): three quarters booked, held
 * meetings in the past, and about one slot in eight with a cancelled booking beside, a third of those
 * cancelled less than 48 hours before the start. Cancelled bookings hold no seat.
 */
async function writeHistory(
  tx: Transaction,
  rng: Rng,
  o: { now: Date; nowMs: number; pastSlotCount: number },
  companyList: SeedCompany[],
  firstSlot: number,
  firstTeacher: number,
): Promise<Pick<LargeCounts, 'pastSlots' | 'pastMeetings' | 'cancelledMeetings'>> {
  const slotInsert = new BulkInsert(tx, 'slots', SLOT_COLUMNS);
  const meetingInsert = new BulkInsert(tx, 'meetings', MEETING_COLUMNS, slotInsert);
  const startOf = slotStarts(o.now, -HISTORY_DAYS, 0);
  /** An instant between `from` and `to`, to the minute. */
  const between = (from: number, to: number) =>
    from + Math.floor(rng.next() * ((to - from) / 60_000)) * 60_000;

  let pastMeetings = 0;
  let cancelledMeetings = 0;
  for (let i = 0; i < o.pastSlotCount; i++) {
    const company = companyList[rng.int(0, companyList.length - 1)];
    if (!company) throw new Error('seedLarge needs at least one company');
    // Slots of the last day may still be running: history is what has started before now.
    const startsAt = Math.min(startOf(rng, company.timeZone), o.nowMs - 2 * HOUR_MS);
    const createdAt = startsAt - rng.int(3, 60) * DAY_MS;
    const slotId = firstSlot + i;
    const slot = randomSlot(rng, company, slotId, startsAt);

    const booking = rng.weighted([
      ['free', 25],
      ['partial', 45],
      ['full', 30],
    ] as const);
    const bookings: InValue[][] = [];
    if (booking !== 'free') {
      const target = booking === 'full' ? slot.maxParticipants : rng.int(1, slot.maxParticipants - 1);
      bookings.push(
        ...liveBookings(
          rng,
          { id: slotId, target, categories: slot.categories },
          () => between(createdAt, startsAt - 2 * HOUR_MS),
          firstTeacher,
        ),
      );
    }
    const seatsTaken = bookings.reduce((sum, row) => sum + Number(row[4]), 0);
    if (rng.chance(0.12)) {
      const teacherId = firstTeacher + rng.int(0, TEACHERS - 1);
      const bookedAt = between(createdAt, startsAt - 3 * DAY_MS);
      const late = rng.chance(1 / 3);
      const cancelledAt = late
        ? between(startsAt - LATE_MS + HOUR_MS, startsAt - HOUR_MS)
        : between(bookedAt + HOUR_MS, startsAt - LATE_MS - HOUR_MS);
      bookings.push([
        slotId,
        teacherId,
        null,
        'cancelled',
        rng.int(1, slot.maxParticipants),
        rng.pick(slot.categories),
        bookedAt,
        bookedAt,
        cancelledAt,
        teacherId,
        rng.pick(CANCEL_REASONS),
      ]);
      cancelledMeetings++;
    }
    await slotInsert.add(slot.row(createdAt, seatsTaken));
    for (const row of bookings) await meetingInsert.add(row);
    pastMeetings += bookings.length;
  }
  await slotInsert.flush();
  await meetingInsert.flush();
  return { pastSlots: o.pastSlotCount, pastMeetings, cancelledMeetings };
}

/**
 * Two years of searches that found nothing in the next 15 days (issue 13, unmet demand): each department
 * has a daily chance of a few, higher where the data set has no company.
 */
async function writeSearchMisses(
  tx: Transaction,
  rng: Rng,
  now: Date,
  withCompanies: ReadonlySet<string>,
): Promise<number> {
  const insert = new BulkInsert(tx, 'search_misses', ['day', 'department_code', 'count']);
  const chances = DEPARTMENTS.map(
    (department) =>
      [department.code, rng.float(0.05, withCompanies.has(department.code) ? 0.4 : 0.9)] as const,
  );
  const today = utcToZonedWallClock(now, 'Europe/Paris').date;
  let rows = 0;
  for (let offset = 1; offset <= HISTORY_DAYS; offset++) {
    const day = addDays(today, -offset);
    for (const [code, chance] of chances) {
      if (!rng.chance(chance)) continue;
      await insert.add([day, code, rng.int(1, 8)]);
      rows++;
    }
  }
  await insert.flush();
  return rows;
}

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
