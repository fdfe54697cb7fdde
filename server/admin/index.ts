export { AUDIT_PAGE_SIZE, auditEntries, auditTeamChange, recordAudit } from './audit.ts';
export { adminCompanies, adminCompany } from './companies.ts';
export { CONTACT_PAGE_SIZE, contactInbox, contactMessagePage, updateContactMessage } from './contact.ts';
export { contentForAdmin, deleteArticle, deleteFaqEntry, upsertArticle, upsertFaqEntry } from './content.ts';
export {
  type DepartmentForAdmin,
  departmentActiveSchema,
  departmentsForAdmin,
  departmentsOfArea,
  setDepartmentActiveFor,
} from './departments.ts';
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
export {
  archiveCompany,
  operatedCompany,
  recheckCompanyDirectory,
  refuseCompany,
  restoreCompany,
  validateCompany,
} from './moderation.ts';
export {
  inviteOperator,
  inviteOperatorSchema,
  operators,
  ownAccount,
  regionChoices,
  removeOperator,
} from './operators.ts';
export { type CompanyForReview, reviewQueue } from './overview.ts';
export { adminPeople, adminPerson, anonymiseTeacherOnRequest, sendAccessLink } from './people.ts';
export { type Statistics, type StatisticsPage, statisticsOfArea, statisticsPage } from './statistics.ts';
