export { type MeetingsListData as Data, meetingsListData as data } from '../layout/meetings-data.ts';
