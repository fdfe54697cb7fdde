export { type BookSlotInput, bookSlot, type Meeting } from './booking.ts';
export { meetingCalendarEvent, meetingPlace } from './calendar-events.ts';
export { CALENDAR_ROUTES, hasCalendarFeed, mountCalendarRoutes } from './calendar-feed.ts';
export {
  type CancellationDeps,
  cancelBookings,
  type FutureBooking,
  futureBookingsOfTeacher,
  tellCompanyOfTeacherDeletion,
} from './cancellation.ts';
export { announceBookings, MEETING_BOOKED_TOPIC } from './events.ts';
export { tellBothSides } from './mails.ts';
export {
  cancelMeeting,
  findMeetingFor,
  keepMeeting,
  listMyMeetings,
  liveBookingCounts,
  liveBookingsOfSlot,
  liveMeetingOfTeacher,
  type MeetingDeps,
  type MeetingViewer,
  meetingsOfSlot,
} from './meetings.ts';
export { type MeetingView, meetingView, meetingViews } from './views.ts';
