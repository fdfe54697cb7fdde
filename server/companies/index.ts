export { companyContactFor, companyFor, contactOptInFor, myCompany } from './companies.ts';
export { companyJobOffers, type JobOffers } from './job-offers.ts';
export { changeCompanyStatus, listPendingCompanies, listRecentlyValidatedCompanies } from './moderation.ts';
export { myCompanyProfile } from './profile.ts';
export {
  type CompanyContact,
  type CompanyRow,
  companyContact,
  findCompaniesByIds,
  findCompanyById,
} from './queries.ts';
