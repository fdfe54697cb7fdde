import { seatsLeft } from '../../common/slots.ts';
import type { slots } from '../../db/schema/slots.ts';

/*
 * What an open slot is (PRODUCT.md, Third wave; docs/decisions/0043), written once, here: not deleted, not
 * started, seats left, of a validated company that is not archived, in an active department. The company's
 * and the department's part is the slot's `listed` flag, which this domain keeps (its subscribers to the
 * companies' and the departments' events). Every reader — search (list and map), suggestions, the landing
 * and company counts, the company page, the weekly alert, the booking, the waitlist — asks this rule, in
 * SQL or in TypeScript; none writes it again.
 */

type SlotState = Pick<
  typeof slots.$inferSelect,
  'deletedAt' | 'listed' | 'startsAt' | 'seatsTaken' | 'maxParticipants'
>;

/**
 * Slot row `s` is on offer: not deleted, listed, whatever its seats — what the company page lists to a
 * teacher and what a waitlist can be joined on. Without its start, which the caller bounds.
 */
export const onOfferSql = (s: string) => `${s}.deleted_at IS NULL AND ${s}.listed = 1`;

/**
 * Slot row `s` is open, but for its start, which the caller bounds (after now, or in a window that starts
 * now): the terms of the partial index `slots_open_starts_idx`, which is what lets SQLite use it.
 */
export const openSlotSql = (s: string) => `${onOfferSql(s)} AND ${s}.seats_taken < ${s}.max_participants`;

/** Slot row `s` is open at the instant given as the next `?` argument. */
export const openSlotAtSql = (s: string) => `${openSlotSql(s)} AND ${s}.starts_at > ?`;

/** The slot is on offer at `now`: not deleted, listed, not started (full or not). */
export function isOnOffer(slot: Omit<SlotState, 'seatsTaken' | 'maxParticipants'>, now: Date): boolean {
  return slot.deletedAt === null && slot.listed && slot.startsAt.getTime() > now.getTime();
}

/** The slot is open at `now`: on offer, with seats left. */
export function isOpenSlot(slot: SlotState, now: Date): boolean {
  return isOnOffer(slot, now) && seatsLeft(slot) > 0;
}
