export {
  type CancellationDeps,
  cancelBookings,
  type FutureBooking,
  futureBookingsOfTeacher,
  tellCompanyOfTeacherDeletion,
} from './cancellation.ts';
