export { type ClassGroupRow, findOwnGroup, groupNamesByIds } from './groups.ts';
