export { type MeetingDetailsData as Data, meetingDetailsData as data } from '../../layout/meetings-data.ts';
