export {
  jobIdsOf,
  jobLabelsOf,
  jobLabelsOfCompanies,
  jobLabelsOfCompany,
  jobsOfCompany,
  listJobs,
  setCompanyJobs,
} from './jobs.ts';
