export { bookSlot, bookSlotFor } from './booking.ts';
export { mountCalendarRoutes } from './calendar-feed.ts';
export {
  cancelBookings,
  cancelFutureBookingsOfCompany,
  futureBookingsOfTeacher,
  tellCompanyOfTeacherDeletion,
} from './cancellation.ts';
export { mailBookings } from './events.ts';
export { findMeetingFact, type MeetingFact, meetingFactsByIds } from './facts.ts';
export {
  confirmMeetingFromLink,
  type MeetingLinkPage,
  type MeetingLinkView,
  meetingLinkPage,
  releaseMeetingFromLink,
} from './links.ts';
export {
  cancelBookingsOfSlot,
  hasBookedWithCompany,
  hasMeetings,
  listMeetings,
  liveBookingCounts,
  liveMeetingOfTeacher,
  type MeetingExportRow,
  type MeetingListFilter,
  meetingsInBatches,
  meetingsOfSlot,
  postponeBookingsOfSlot,
  slotIdsWithMeetings,
  upcomingMeetingCountsByDepartment,
} from './meetings.ts';
export { sendMeetingReminders } from './reminders.ts';
export {
  LATE_CANCELLATION_MS,
  type MeetingStatistics,
  type MonthBucket,
  meetingStatistics,
} from './statistics.ts';
export {
  RECENT_TRANSPORT_REQUESTS,
  type TransportHelp,
  type TransportRequestForOperators,
  type TransportRequestView,
  transportRequestsForOperators,
  transportRequestsInBatches,
} from './transport.ts';
export {
  type MeetingDetailsView,
  type MeetingListInput,
  type MeetingView,
  meetingViewFor,
  meetingViewsFor,
} from './views.ts';
