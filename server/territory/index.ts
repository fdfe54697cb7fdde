export { listDepartments } from './departments.ts';
