export { GROUP_EXPORT_HEADER, mountGroupExport } from './export.ts';
export {
  byYearThenName,
  type ClassGroupRow,
  createGroup,
  deleteGroup,
  findOwnGroup,
  groupById,
  groupsByIds,
  groupsOfTeacher,
  myGroups,
  updateGroup,
} from './groups.ts';
export {
  type ClassRecord,
  classRecordFor,
  type Encounter,
  type EncounterState,
  type GroupRecord,
  type GroupSummary,
  groupRecordFor,
  groupTally,
  meetingIdsOfGroup,
} from './record.ts';
export { mountGroupSummary } from './summary.ts';
