export { guard } from '../../login-teacher/+guard.ts';
