export { type CompanyRow, findCompanyById, jobLabelsOfCompany } from './queries.ts';
