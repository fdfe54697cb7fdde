import type { InStatement, ResultSet } from '@libsql/client';
import { sql } from 'drizzle-orm';
import type { PublicCategory, SlotState } from '../../common/constants.ts';
import { seatsLeft, slotState } from '../../common/slots.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { EventContext } from '../kernel/events.ts';
import { onOfferSql, openSlotSql } from './open.ts';

/*
 * A slot's seats, which only this domain writes (docs/decisions/0043): taken by a booking, held for a
 * waitlist offer, given back. Every write that gives seats back publishes `slot.seatsFreed`, whose
 * in-transaction subscriber (the waitlist) holds them for the first waiting group that fits in that same
 * write: nobody books around the line.
 */

export interface SeatRequest {
  slotId: number;
  seats: number;
  category: PublicCategory;
  now: Date;
}

const argsOf = (request: SeatRequest) => ({
  slot: request.slotId,
  n: request.seats,
  category: request.category,
  now: request.now.getTime(),
});

const OFFERS_CATEGORY = 'EXISTS (SELECT 1 FROM json_each(slots.public_categories) WHERE value = :category)';

/** What a seat statement gives back of the row it changed: its seats after the write. */
const RETURNING_SEATS = 'RETURNING seats_taken, max_participants';

/** A slot's seats left and its card's state, as a write left them. */
export interface SlotSeats {
  seatsLeft: number;
  state: SlotState;
}

/**
 * The seats a booking's statement (below) left, from its own RETURNING row: no second read of the slot.
 * Null when it changed no row (the booking was refused).
 */
export function seatsOf(result: ResultSet | undefined): SlotSeats | null {
  const row = result?.rows[0];
  if (!row) return null;
  const slot = { seatsTaken: Number(row.seats_taken), maxParticipants: Number(row.max_participants) };
  return { seatsLeft: seatsLeft(slot), state: slotState(slot) };
}

/**
 * The booking's first statement (meetings/booking.ts puts it in its one `batch`): takes the seats only if the
 * slot is open (open.ts), offers the group's public and has the seats. It is the only check that counts:
 * whatever the concurrency, the seats taken never exceed the capacity. The next statement of the batch runs
 * only if this one changed its row (`changes() = 1`). It returns the seats it left (`seatsOf`).
 */
export function takeSeatsStatement(request: SeatRequest): InStatement {
  return {
    sql: `UPDATE slots SET seats_taken = seats_taken + :n
WHERE id = :slot AND ${openSlotSql('slots')} AND starts_at > :now AND seats_taken + :n <= max_participants
  AND ${OFFERS_CATEGORY}
${RETURNING_SEATS}`,
    args: argsOf(request),
  };
}

/**
 * The same for the seats a waitlist offer holds: they are already counted in `seats_taken`; the booking gives
 * up the hold, only while the offer stands — `offerStands`, the waitlist's own condition, with its arguments.
 */
export function takeHeldSeatsStatement(
  request: SeatRequest,
  offerStands: { sql: string; args: Record<string, string | number> },
): InStatement {
  return {
    sql: `UPDATE slots SET seats_held = seats_held - :n
WHERE id = :slot AND ${onOfferSql('slots')} AND starts_at > :now AND seats_held >= :n AND ${OFFERS_CATEGORY}
  AND ${offerStands.sql}
${RETURNING_SEATS}`,
    args: { ...argsOf(request), ...offerStands.args },
  };
}

/**
 * More seats for a booking that grows (meetings/change.ts, docs/decisions/0048), or that the line gives it:
 * taken only while the slot is on offer, not started, and has them. The UPDATE is the check, whatever runs
 * beside it: false when the seats are not there.
 */
export async function takeMoreSeats(tx: DbOrTx, slotId: number, seats: number, now: Date): Promise<boolean> {
  const result = await tx.run(
    sql`UPDATE slots SET seats_taken = seats_taken + ${seats}
      WHERE id = ${slotId} AND ${sql.raw(onOfferSql('slots'))} AND starts_at > ${now.getTime()}
        AND seats_taken + ${seats} <= max_participants`,
  );
  return result.rowsAffected === 1;
}

/**
 * Gives back a cancelled booking's seats (or those a smaller group no longer needs), conditionally on
 * nothing: the cancellation or the change that calls it is the one that changed the meeting. The seats go to the waitlist first (`slot.seatsFreed`).
 * Returns how many of them the waitlist took in this same write (held for an offer, or added to a booking
 * that waited for them), so that the company is told the truth about them.
 */
export async function releaseSeats(
  tx: DbOrTx,
  context: EventContext,
  slotId: number,
  seats: number,
): Promise<number> {
  const taken = async () =>
    (await tx.all<{ seats_taken: number }>(sql`SELECT seats_taken FROM slots WHERE id = ${slotId}`))[0]
      ?.seats_taken ?? 0;
  await tx.run(sql`UPDATE slots SET seats_taken = max(seats_taken - ${seats}, 0) WHERE id = ${slotId}`);
  const freed = await taken();
  await context.events.publish(tx, 'slot.seatsFreed', { slotId }, context.now);
  return Math.max(0, (await taken()) - freed);
}

/**
 * Holds `seats` of an open slot for a waitlist offer (docs/decisions/0041): counted in `seats_taken`, so that
 * every check of the seats left holds them, and in `seats_held`, which the booking of the offer gives up.
 * The UPDATE is the check: false when the seats are not there, or the slot is not open.
 */
export async function holdSeats(tx: DbOrTx, slotId: number, seats: number, now: Date): Promise<boolean> {
  const result = await tx.run(
    sql`UPDATE slots SET seats_taken = seats_taken + ${seats}, seats_held = seats_held + ${seats}
      WHERE id = ${slotId} AND ${sql.raw(openSlotSql('slots'))} AND starts_at > ${now.getTime()}
        AND seats_taken + ${seats} <= max_participants`,
  );
  return result.rowsAffected === 1;
}

/** Gives back seats an offer held and did not book (it lapsed, or was declined): to the line first. */
export async function releaseHeldSeats(
  tx: DbOrTx,
  context: EventContext,
  slotId: number,
  seats: number,
): Promise<void> {
  await tx.run(
    sql`UPDATE slots SET seats_taken = max(seats_taken - ${seats}, 0), seats_held = max(seats_held - ${seats}, 0)
      WHERE id = ${slotId}`,
  );
  await context.events.publish(tx, 'slot.seatsFreed', { slotId }, context.now);
}
