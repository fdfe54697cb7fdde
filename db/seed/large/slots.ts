/** The large data set's slots and bookings: how they are drawn, and those of the next 60 days. */
import type { InValue, Transaction } from '@libsql/client';
import {
  type MeetingType,
  PUBLIC_CATEGORIES,
  SLOT_DURATIONS_MINUTES,
  SLOT_SUBJECTS,
} from '../../../common/constants.ts';
import { addDays, dayOfWeek, utcToZonedWallClock, zonedWallClockToUtc } from '../../../common/time.ts';
import type { Rng } from '../prng.ts';
import { BulkInsert } from './bulk-insert.ts';
import { HOUR_MS, TEACHERS } from './constants.ts';

const FUTURE_DAYS = 60;

export interface SeedCompany {
  id: number;
  timeZone: string;
  speaker: { first: string; last: string; email: string; phone: string; role: string };
}

export const SLOT_COLUMNS = [
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

export const MEETING_COLUMNS = [
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

/**
 * Where the slots of the data set start: weekdays between two day offsets from today, 08:00 to 17:00 on
 * the half hour, in each company's zone. A zone conversion per (zone, date, time), not per slot: they
 * repeat a lot.
 */
export function slotStarts(now: Date, fromOffset: number, toOffset: number) {
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
export function randomSlot(rng: Rng, company: SeedCompany, id: number, startsAt: number) {
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
export function liveBookings(
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

export async function writeSlots(
  tx: Transaction,
  rng: Rng,
  o: { now: Date; nowMs: number; slotCount: number },
  companyList: SeedCompany[],
  firstSlot: number,
  firstTeacher: number,
): Promise<{ slots: number; bookedSlots: number; fullSlots: number; meetings: number }> {
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
