export { companyContactFor, companyFor, contactOptInFor, myCompany } from './companies.ts';
export {
  checkCompanyInDirectory,
  checkNewCompaniesInDirectory,
  type DirectoryCheck,
  directoryChecksOf,
  directoryConfigured,
} from './directory.ts';
export { companyJobOffers, type JobOffers } from './job-offers.ts';
export { admitRecruiter, logInCompany } from './login.ts';
export { changeCompanyStatus, listPendingCompanies } from './moderation.ts';
export { setPictureDocument } from './picture.ts';
export {
  myCompanyProfile,
  profileGaps,
  updateCompanyAddress,
  updateCompanyContact,
  updateCompanyContactOptIn,
  updateCompanyDescription,
  updateCompanyJobs,
  updateCompanySize,
} from './profile.ts';
export type { CompanyRow } from './queries.ts';
export {
  type CompanyContact,
  type CompanyFilter,
  type CompanyListFilter,
  companiesInBatches,
  companyById,
  companyContact,
  companyCountsByDepartment,
  companyIdsIn,
  companyRowById,
  companyRowBySiret,
  companyRowsByIds,
  listCompanies,
} from './rows.ts';
export { type Box, companyRowsWith, ftsQuery, searchableCompanies } from './search-sql.ts';
export { mailOperatorsOfSignUp, placedAddress, prefillCompanyIdentity, signUpCompany } from './signup.ts';
