import type { Subscriber } from '../kernel/events.ts';
import { tellBothSides } from './mails.ts';

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
