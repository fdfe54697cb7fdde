export {
  closedDepartmentAmong,
  type DepartmentRow,
  departmentOfPoint,
  isDepartmentActive,
  listDepartments,
  setDepartmentActive,
  timeZoneOfDepartment,
} from './departments.ts';
