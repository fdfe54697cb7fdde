import { endSessionsOfCompanyThatLeft } from '../accounts/index.ts';
import { auditTeamChange } from '../admin/index.ts';
import { mailOperatorsOfSignUp } from '../companies/index.ts';
import type { SubscriberTable } from '../kernel/events.ts';
import {
  cancelBookingsOfCompanyThatLeft,
  cancelBookingsOfDeletedSlot,
  mailBookings,
  tellBookingChange,
  tellCancellation,
  tellSlotChange,
} from '../meetings/index.ts';
import { closeSlotsOfCompanyThatLeft, relistOnCompanyStatus, relistOnDepartment } from '../slots/index.ts';
import { mailJoinRequestsOnValidation } from '../teams/index.ts';
import { closeTransportOfCancelledMeeting } from '../transport/index.ts';
import { closeLineOfDeletedSlot, holdFreedSeats, replaceLineRequestOfBooking } from '../waitlist/index.ts';
import {
  webhooksOfBooking,
  webhooksOfBookingChange,
  webhooksOfCancellation,
  webhooksOfCompanyStatus,
  webhooksOfSlotChange,
  webhooksOfSlotDeletion,
  webhooksOfSlotPublished,
} from '../webhooks/index.ts';

/**
 * What follows each change, in the order it runs (ARCHITECTURE.md, One door per rule; docs/decisions/0043):
 * a new consequence of something a domain did is one line here and one function in the domain that reacts,
 * never a call the domain that changed makes. In-transaction subscribers run in the change's own write;
 * after-commit ones from the outbox, once. The partners' webhooks (`webhooksOf…`) come last, after commit: they
 * only queue deliveries, sent apart (server/webhooks/sending.ts).
 */
export const SUBSCRIBERS: SubscriberTable = {
  'meeting.booked': [mailBookings, webhooksOfBooking],
  'meeting.cancelled': [tellCancellation, closeTransportOfCancelledMeeting, webhooksOfCancellation],
  // A booking's change: its request for more seats on the line replaced (in its write), its company told.
  'meeting.changed': [replaceLineRequestOfBooking, tellBookingChange, webhooksOfBookingChange],
  'slot.published': [webhooksOfSlotPublished],
  'slot.changed': [tellSlotChange, webhooksOfSlotChange],
  'slot.deleted': [cancelBookingsOfDeletedSlot, closeLineOfDeletedSlot, webhooksOfSlotDeletion],
  'slot.seatsFreed': [holdFreedSeats],
  'company.signedUp': [mailOperatorsOfSignUp],
  // A company that leaves: its bookings cancelled by the platform before its slots close (which would
  // cancel them as deleted slots' instead), its recruiters' sessions ended. A company validated: the
  // requests to join it that waited are e-mailed to its admins.
  'company.statusChanged': [
    cancelBookingsOfCompanyThatLeft,
    closeSlotsOfCompanyThatLeft,
    endSessionsOfCompanyThatLeft,
    relistOnCompanyStatus,
    mailJoinRequestsOnValidation,
    webhooksOfCompanyStatus,
  ],
  // A company's team changed: the operators' audit log records it in the change's write.
  'company.teamChanged': [auditTeamChange],
  'department.toggled': [relistOnDepartment],
};
