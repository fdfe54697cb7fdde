export { bookSlot, type Meeting } from './booking.ts';
export { hasCalendarFeed, mountCalendarRoutes } from './calendar-feed.ts';
export { cancelBookings, futureBookingsOfTeacher, tellCompanyOfTeacherDeletion } from './cancellation.ts';
export { announceBookings } from './events.ts';
export { tellBothSides } from './mails.ts';
export {
  cancelMeeting,
  keepMeeting,
  liveBookingCounts,
  liveBookingsOfSlot,
  liveMeetingOfTeacher,
  meetingsOfSlot,
} from './meetings.ts';
export { type MeetingView, meetingView, meetingViews } from './views.ts';
