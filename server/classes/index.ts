export {
  byYearThenName,
  type ClassGroupRow,
  createGroup,
  deleteGroup,
  findOwnGroup,
  groupsByIds,
  groupsOfTeacher,
  myGroups,
  updateGroup,
} from './groups.ts';
