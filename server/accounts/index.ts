export { ensureAdmin } from './admins.ts';
export { hashPassword, verifyPassword } from './password.ts';
export { teacherProfile } from './profile.ts';
export {
  createSession,
  generateSessionToken,
  invalidateSession,
  invalidateUserSessions,
  type SessionUser,
  validateSessionToken,
} from './sessions.ts';
export { randomToken, sha256Hex } from './tokens.ts';
export { findEstablishmentById, findUserByEmail, findUserById, type UserRow } from './users.ts';
