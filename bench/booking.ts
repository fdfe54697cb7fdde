import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PublicCategory } from '../common/constants.ts';
import { openDb, prepareConnection } from '../db/client.ts';
import { AppError } from '../server/errors.ts';
// booking.ts directly: the domain index pulls in the mail templates (.tsx), which plain Node cannot load.
import { bookSlot } from '../server/meetings/booking.ts';
import { budget, LARGE_DB_URL } from './support.ts';

const WORKERS = 100;
const SECONDS = 10;
const SLOTS = 1_000;
const TEACHERS = 1_000;

/**
 * Booking throughput: 100 concurrent async workers calling the use case in-process for 10 s over 1,000
 * future slots, on a copy of the large data set (bookings would otherwise use up its seats run after run).
 */
export async function benchBooking(): Promise<boolean> {
  const dir = mkdtempSync(join(tmpdir(), 'passerelle-bench-booking-'));
  const source = LARGE_DB_URL.slice('file:'.length);
  const path = join(dir, 'booking.db');
  for (const suffix of ['', '-wal']) {
    if (existsSync(source + suffix)) copyFileSync(source + suffix, path + suffix);
  }
  const db = openDb(`file:${path}`);
  try {
    await prepareConnection(db);
    const now = new Date();
    const candidates = await db.client.execute({
      sql: `SELECT id, public_categories AS categories FROM slots
            WHERE starts_at > ? AND max_participants - seats_taken >= 3 ORDER BY id LIMIT ?`,
      args: [now.getTime() + 3_600_000, SLOTS],
    });
    const slotChoices = candidates.rows.map((r) => ({
      id: Number(r.id),
      categories: JSON.parse(String(r.categories)) as PublicCategory[],
    }));
    const teacherRows = await db.client.execute({
      sql: `SELECT id FROM users WHERE kind = 'teacher' ORDER BY id LIMIT ?`,
      args: [TEACHERS],
    });
    const teachers = teacherRows.rows.map((r) => Number(r.id));
    if (slotChoices.length < SLOTS || teachers.length < TEACHERS) {
      throw new Error(`large data set too small: ${slotChoices.length} slots, ${teachers.length} teachers`);
    }

    const outcomes = { confirmed: 0, slot_full: 0, already_booked: 0, errors: 0 };
    const latencies: number[] = [];
    let firstError: unknown;
    let i = 0;
    const deadline = performance.now() + SECONDS * 1000;
    const started = performance.now();
    const worker = async () => {
      while (performance.now() < deadline) {
        const k = i++;
        // Every slot is hit in turn, and no (slot, teacher) pair repeats within the first million attempts.
        const slot = slotChoices[(k * 7) % SLOTS] as (typeof slotChoices)[number];
        const teacherId = teachers[Math.floor(k / SLOTS) % TEACHERS] as number;
        const t0 = performance.now();
        try {
          await bookSlot(
            db,
            {
              teacherId,
              slotId: slot.id,
              participantsCount: 1 + (k % 3),
              publicCategory: slot.categories[0] as PublicCategory,
              acceptCharter: true,
            },
            new Date(),
          );
          outcomes.confirmed++;
        } catch (e) {
          if (e instanceof AppError && (e.code === 'slot_full' || e.code === 'already_booked'))
            outcomes[e.code]++;
          else {
            outcomes.errors++;
            firstError ??= e;
          }
        }
        latencies.push(performance.now() - t0);
      }
    };
    await Promise.all(Array.from({ length: WORKERS }, worker));
    const elapsed = (performance.now() - started) / 1000;

    const overbooked = await db.client.execute(
      'SELECT count(*) AS n FROM slots WHERE seats_taken > max_participants',
    );
    const mismatched = await db.client.execute(`SELECT count(*) AS n FROM slots s
      WHERE s.seats_taken <> (SELECT coalesce(sum(participants_count), 0) FROM meetings m
                              WHERE m.slot_id = s.id AND m.status <> 'cancelled')`);
    latencies.sort((a, b) => a - b);
    const pct = (p: number) =>
      latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] ?? 0;
    const attempts = latencies.length;
    const bookingsPerSecond = Math.round(outcomes.confirmed / elapsed);
    const overbookedCount = Number(overbooked.rows[0]?.n);
    const mismatchedCount = Number(mismatched.rows[0]?.n);

    console.log(
      `\nBooking, IN-PROCESS use case (bookSlot on a file copy of the large data set, ${WORKERS} concurrent workers, ` +
        `${SLOTS} slots, ${SECONDS} s); the HTTP figure comes with the bookSlot mutation.`,
    );
    console.table([
      {
        attempts,
        'attempts/s': Math.round(attempts / elapsed),
        'bookings/s': bookingsPerSecond,
        'p50 ms': Number(pct(0.5).toFixed(2)),
        'p99 ms': Number(pct(0.99).toFixed(2)),
        confirmed: outcomes.confirmed,
        slot_full: outcomes.slot_full,
        already_booked: outcomes.already_booked,
        errors: outcomes.errors,
      },
    ]);
    if (firstError) console.error('first error:', firstError);
    return [
      budget(
        'booking ≥ 300 bookings/s (in-process)',
        bookingsPerSecond >= 300,
        `${bookingsPerSecond} bookings/s`,
      ),
      budget('booking: no errors', outcomes.errors === 0, `${outcomes.errors}`),
      budget(
        'booking: no overbooked slot, seats = live participants',
        overbookedCount === 0 && mismatchedCount === 0,
        `${overbookedCount} overbooked, ${mismatchedCount} mismatched`,
      ),
    ].every(Boolean);
  } finally {
    db.client.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
