export { jobIdsOf, jobLabelsOfCompanies, jobLabelsOfCompany, listJobs, setCompanyJobs } from './jobs.ts';
