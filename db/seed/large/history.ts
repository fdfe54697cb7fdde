/** Two years of history of the large data set: past slots, their bookings, and searches that found nothing. */
import type { InValue, Transaction } from '@libsql/client';
import { addDays, utcToZonedWallClock } from '../../../common/time.ts';
import { DEPARTMENTS } from '../../reference/departments.ts';
import type { Rng } from '../prng.ts';
import { BulkInsert } from './bulk-insert.ts';
import { DAY_MS, HOUR_MS, TEACHERS } from './constants.ts';
import {
  liveBookings,
  MEETING_COLUMNS,
  randomSlot,
  type SeedCompany,
  SLOT_COLUMNS,
  slotStarts,
} from './slots.ts';

const HISTORY_DAYS = 730;
/** Late: cancelled less than this before the start (server/meetings/statistics.ts). */
const LATE_MS = 48 * HOUR_MS;

const CANCEL_REASONS = [
  null,
  'Sortie annulée par l’établissement.',
  'Grève des transports scolaires.',
  'La classe a un examen blanc ce jour-là.',
  'Intervenant indisponible.',
  null,
] as const;

/**
 * Two years of past slots (issue 13: statistics and exports need history): three quarters booked, held
 * meetings in the past, and about one slot in eight with a cancelled booking beside, a third of those
 * cancelled less than 48 hours before the start. Cancelled bookings hold no seat.
 */
export async function writeHistory(
  tx: Transaction,
  rng: Rng,
  o: { now: Date; nowMs: number; pastSlotCount: number },
  companyList: SeedCompany[],
  firstSlot: number,
  firstTeacher: number,
): Promise<{ pastSlots: number; pastMeetings: number; cancelledMeetings: number }> {
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
export async function writeSearchMisses(
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
