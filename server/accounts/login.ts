import type { UserKind } from '../../common/constants.ts';
import type { Deps } from '../kernel/context.ts';
import { AppError } from '../kernel/errors.ts';
import { RATE_LIMITS } from '../kernel/rate-limits.ts';
import { hashPassword, verifyPassword } from './password.ts';
import { findUserByEmail, type UserRow } from './users.ts';

// Verified when the e-mail is unknown, so that the answer takes as long as for a wrong password.
let decoyHash: Promise<string> | undefined;
function decoy(): Promise<string> {
  decoyHash ??= hashPassword('decoy-password-never-matches');
  return decoyHash;
}

/**
 * E-mail and password for a teacher or an admin (recruiters log in through the recruitment site).
 * Every failure is `wrong_credentials`, whatever failed; 10 tries per 15 min per e-mail and per address.
 */
export async function logInWithPassword(
  input: { email: string; password: string; kind: Extract<UserKind, 'teacher' | 'admin'>; clientIp: string },
  deps: Deps,
): Promise<UserRow> {
  await deps.rateLimiter.consume(
    [`login:email:${input.email}`, `login:ip:${input.clientIp}`],
    RATE_LIMITS.login,
    deps.clock.now(),
  );
  const user = await findUserByEmail(deps.db, input.email);
  const hash = user?.passwordHash ?? (await decoy());
  const matches = await verifyPassword(hash, input.password);
  if (!user || !matches || user.kind !== input.kind || user.anonymizedAt)
    throw new AppError('wrong_credentials');
  return user;
}
