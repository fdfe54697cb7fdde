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
  hasMeetings,
  listMeetings,
  liveBookingCounts,
  liveMeetingOfTeacher,
  type MeetingFact,
  type MeetingListFilter,
  meetingsInBatches,
  meetingsOfSlot,
  postponeBookingsOfSlot,
  slotIdsWithMeetings,
  upcomingMeetingCountsByDepartment,
} from './meetings.ts';
export { LATE_CANCELLATION_MS, type MeetingStatistics, meetingStatistics } from './statistics.ts';
export { type MeetingView, meetingViewFor, meetingViewsFor } from './views.ts';
