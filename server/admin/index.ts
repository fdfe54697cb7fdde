export { AUDIT_PAGE_SIZE, auditEntries, auditTeamChange, recordAudit } from './audit.ts';
export { adminCompanies, adminCompany } from './companies.ts';
export { CONTACT_PAGE_SIZE, contactInbox, contactMessagePage } from './contact.ts';
export { contentForAdmin } from './content.ts';
export { type DepartmentForAdmin, departmentsForAdmin, departmentsOfArea } from './departments.ts';
export { mountExportRoutes } from './exports.ts';
export {
  choiceOf,
  companiesQuery,
  contactQuery,
  dayOf,
  MEETING_FILTER_STATUSES,
  meetingsPeriod,
  meetingsQuery,
  peopleQuery,
  textOf,
} from './list-filters.ts';
export { adminMeetings } from './meetings.ts';
export { recheckCompanyDirectory } from './moderation.ts';
export { operators, ownAccount, regionChoices } from './operators.ts';
export { type CompanyForReview, reviewQueue } from './overview.ts';
export { adminPeople, adminPerson } from './people.ts';
export { type Statistics, type StatisticsPage, statisticsPage } from './statistics.ts';
