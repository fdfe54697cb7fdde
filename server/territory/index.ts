export {
  closedDepartmentAmong,
  type DepartmentRow,
  departmentCodesOfRegion,
  departmentOfPoint,
  isDepartmentActive,
  listDepartments,
  setDepartmentActive,
  timeZoneOfDepartment,
} from './departments.ts';
