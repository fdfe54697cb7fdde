export { type BookSlotInput, bookSlot, bookSlotFor } from './booking.ts';
export { mountCalendarRoutes } from './calendar-feed.ts';
export {
  cancelBookingsOfCompanyThatLeft,
  cancelFutureBookingsOfTeacher,
  tellCancellation,
} from './cancellation.ts';
export {
  type BookingChangeOutcome,
  changeBooking,
  growBookingFromLine,
  tellBookingChange,
} from './change.ts';
export { mailBookings } from './events.ts';
export {
  charterAcceptedAt,
  findMeetingFact,
  type MeetingFact,
  meetingFactByAttestationCode,
  meetingFactsByIds,
  nextVisitIdsOfTeacher,
} from './facts.ts';
export {
  confirmMeetingFromLink,
  type MeetingLinkPage,
  type MeetingLinkView,
  meetingLinkPage,
  releaseMeetingFromLink,
} from './links.ts';
export type { MeetingMailDeps } from './mails.ts';
export { assignMeetingToGroup, ownGroupIdOrNull, writeMeetingGroup } from './meeting-group.ts';
export {
  bookingsOfSlot,
  cancelMeeting,
  hasBookedWithCompany,
  keepMeeting,
  listMeetings,
  liveMeetingOfTeacher,
  type MeetingExportRow,
  type MeetingFilter,
  type MeetingListFilter,
  meetingsInBatches,
  slotsBookedBy,
  slotsBookedBySql,
  upcomingMeetingCountsByDepartment,
} from './meetings.ts';
export {
  eraseMeetingTextsOf,
  meetingIdsOfTeacher,
  recruiterMeetingsPersonalData,
  teacherMeetingsPersonalData,
} from './personal-data.ts';
export { sendMeetingReminders } from './reminders.ts';
export {
  cancelBookingsOfDeletedSlot,
  tellSlotChange,
} from './slot-events.ts';
export {
  type CompanyPageSlot,
  type CompanyPageSlots,
  type CompanySlotView,
  companyPageSlots,
  mySlotsWithBookings,
  ownSlotWithBookingsFor,
} from './slot-views.ts';
export {
  LATE_CANCELLATION_MS,
  type MeetingStatistics,
  type MonthBucket,
  meetingStatistics,
} from './statistics.ts';
export {
  type MeetingList,
  type MeetingListInput,
  type MeetingView,
  meetingList,
  meetingListIds,
  meetingRefOf,
  meetingView,
  meetingViewFor,
  meetingViewsByIds,
  meetingViewsFor,
  meetingViewsOf,
} from './views.ts';
