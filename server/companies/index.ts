export {
  archiveCompany,
  COMPANY_GONE_REASON,
  type CompanyContact,
  companyContact,
  listPendingCompanies,
  listRecentlyValidatedCompanies,
  type ModerationDeps,
  refuseCompany,
  validateCompany,
} from './moderation.ts';
export { companyProfile } from './profile.ts';
export { type CompanyRow, findCompanyById, jobLabelsOfCompany, listJobs } from './queries.ts';
