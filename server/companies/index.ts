export { companyContactFor, companyFor, contactOptInFor, myCompany } from './companies.ts';
export { companyJobOffers, type JobOffers } from './job-offers.ts';
export { changeCompanyStatus, listPendingCompanies, listRecentlyValidatedCompanies } from './moderation.ts';
export { myCompanyProfile } from './profile.ts';
export {
  COMPANY_ROW_COLUMNS,
  type CompanyContact,
  type CompanyRow,
  companyContact,
  companyRowOf,
  findCompaniesByIds,
  findCompanyById,
  setPictureDocument,
} from './queries.ts';
