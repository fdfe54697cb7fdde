export { type DepartmentRow, setDepartmentActive } from './activation.ts';
export { listDepartments } from './departments.ts';
