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
