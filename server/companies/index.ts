export { companyContactFor, companyFor, contactOptInFor, myCompany } from './companies.ts';
export { companyJobOffers, type JobOffers } from './job-offers.ts';
export { changeCompanyStatus, listPendingCompanies } from './moderation.ts';
export { myCompanyProfile } from './profile.ts';
export {
  COMPANY_ROW_COLUMNS,
  type CompanyContact,
  type CompanyListFilter,
  type CompanyRow,
  companiesInBatches,
  companyContact,
  companyCountsByDepartment,
  companyIdsIn,
  companyRowOf,
  findCompaniesByIds,
  findCompanyById,
  listCompanies,
  setPictureDocument,
} from './queries.ts';
export { type Box, companyRowsSql, ftsQuery, searchableCompanies } from './search-sql.ts';
