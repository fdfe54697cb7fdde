export {
  jobIdsOf,
  jobLabelsOf,
  jobLabelsOfCompanies,
  jobLabelsOfCompany,
  listJobs,
  setCompanyJobs,
} from './jobs.ts';
