export { eraseTeacher } from './deletion.ts';
