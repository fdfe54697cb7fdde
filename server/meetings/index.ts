export { bookSlot, bookSlotFor } from './booking.ts';
export { mountCalendarRoutes } from './calendar-feed.ts';
export {
  cancelBookings,
  cancelFutureBookingsOfCompany,
  futureBookingsOfTeacher,
  tellCompanyOfTeacherDeletion,
} from './cancellation.ts';
export { mailBookings } from './events.ts';
export {
  cancelBookingsOfSlot,
  hasBookedWithCompany,
  hasMeetings,
  liveBookingCounts,
  liveMeetingOfTeacher,
  type MeetingFact,
  meetingsOfSlot,
  postponeBookingsOfSlot,
  slotIdsWithMeetings,
} from './meetings.ts';
export { type MeetingView, meetingViewFor, meetingViewsFor } from './views.ts';
