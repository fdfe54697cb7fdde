export { legalData as data } from '../layout/legal-data.ts';
