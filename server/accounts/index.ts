export {
  type DormantAccount,
  type DormantCursor,
  dormantAccounts,
  recordSignOfLife,
} from './activity.ts';
export { ensureAdmin } from './admins.ts';
export { anonymiseAccount, anonymisedEmail } from './anonymise.ts';
export {
  createCalendarFeed,
  hasCalendarFeed,
  ownerOfCalendarToken,
  revokeCalendarFeed,
} from './calendar-token.ts';
export { updateContact } from './email-change.ts';
export { logInWithPassword } from './login.ts';
export { withLoginLimits } from './login-limits.ts';
export { endRecruitmentAccess } from './logout.ts';
export { createOperator, listOperators, removeOperatorAccount } from './operators.ts';
export { hashPassword, verifyPassword } from './password.ts';
export { checkPassword } from './password-check.ts';
export { requestPasswordReset, resetPassword, sendPasswordLink } from './password-reset.ts';
export { listPeople, type PeopleFilter, type PeopleQuery, teachersInBatches } from './people.ts';
export { accountPersonalData } from './personal-data.ts';
export {
  changePassword,
  myRecruiterProfile,
  myTeacherProfile,
  updateCriteria,
  updateEstablishment,
  updateName,
  updatePreferences,
  updatePublicProfile,
} from './profile.ts';
export { endSessionsOfCompanyThatLeft, insertRecruiter, revokeRecruitmentAccess } from './recruiters.ts';
export { withRecruitmentTokenOfPassword } from './recruitment-token.ts';
export { endSession, sessionMiddleware, startSession } from './session-middleware.ts';
export {
  createSession,
  generateSessionToken,
  invalidateSession,
  type SessionUser,
  sessionIdOf,
  validateSessionToken,
} from './sessions.ts';
export { signUpTeacher } from './teachers.ts';
export {
  countTeamAdmins,
  detachRecruiter,
  setTeamRole,
  type TeamMemberRow,
  teamMemberOf,
  teamOf,
} from './team.ts';
export { randomToken, sha256Hex } from './tokens.ts';
export {
  contactSenderOf,
  establishmentById,
  establishmentOfTeacherSql,
  findEstablishmentById,
  findUserByEmail,
  findUserById,
  isUniqueViolation,
  operatorsOfRegion,
  type RecruiterContact,
  recruitersByCompany,
  recruitersOf,
  type TeacherReference,
  teacherPointSql,
  teacherReference,
  teacherSignature,
  teacherSignatures,
  teachersWithWeeklyMail,
  type UserRow,
  userById,
  type WeeklyMailTeacher,
} from './users.ts';
export {
  mountUnsubscribeRoute,
  unsubscribeWeeklyMail,
  weeklyMailLinkState,
  weeklyMailUnsubscribeUrl,
} from './weekly-mail.ts';
