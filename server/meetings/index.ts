export { type BookSlotInput, bookSlot, type Meeting } from './booking.ts';
export {
  type CancellationDeps,
  cancelBookings,
  type FutureBooking,
  futureBookingsOfTeacher,
  tellCompanyOfTeacherDeletion,
} from './cancellation.ts';
