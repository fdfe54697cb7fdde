export { type MeetingDetailsView, meetingDetailsFor } from './meeting-page.ts';
