export { type ClassGroupRow, findOwnGroup } from './groups.ts';
