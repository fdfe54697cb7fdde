export { deletionInput, eraseTeacher, requestAccountDeletion } from './deletion.ts';
