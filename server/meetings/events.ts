import type { Subscriber } from '../kernel/events.ts';
import { tellBothSides } from './mails.ts';

/** Outbox topic of a booking just made: `{ meetingId }`, written by the booking itself (booking.ts). */
export const MEETING_BOOKED_TOPIC = 'meeting.booked';

/**
 * Both sides' e-mails of new bookings, composed from the committed meetings (a burst of bookings shares
 * one run of the delivery loop, so the booking itself never waits for them).
 */
export const mailBookings: Subscriber<'meeting.booked'> = {
  name: 'meetings.mailBookings',
  runs: 'afterCommit',
  handle: (tx, events, context) =>
    tellBothSides(
      tx,
      context,
      'meetingBooked',
      events.map((event) => event.meetingId),
      (meeting) => ({ participantsCount: meeting.participantsCount, message: meeting.message }),
    ),
};
