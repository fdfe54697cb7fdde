import type { SubscriberTable } from '../kernel/events.ts';
import { mailBookings } from '../meetings/index.ts';
import { offerFreedSeats } from '../waitlist/index.ts';

/**
 * What follows each event, in the order it runs (ARCHITECTURE.md, One door per rule): a new consequence
 * of something a domain did is one line here, not a call that domain makes into another.
 */
export const SUBSCRIBERS: SubscriberTable = {
  'meeting.booked': [mailBookings],
  'slot.seatsFreed': [offerFreedSeats],
};
