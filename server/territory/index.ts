export {
  closedDepartmentAmong,
  type DepartmentRow,
  isDepartmentActive,
  listDepartments,
  setDepartmentActive,
  timeZoneOfDepartment,
} from './departments.ts';
