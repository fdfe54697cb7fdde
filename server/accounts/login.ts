import type { UserKind } from '../../common/constants.ts';
import type { Deps } from '../kernel/context.ts';
import { AppError } from '../kernel/errors.ts';
import { withLoginLimits } from './login-limits.ts';
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
 * Every failure is `wrong_credentials`, whatever failed; the login's limits count only failures
 * (`withLoginLimits`, docs/decisions/0050).
 */
export async function logInWithPassword(
  input: { email: string; password: string; kind: Extract<UserKind, 'teacher' | 'admin'>; clientIp: string },
  deps: Deps,
): Promise<UserRow> {
  return withLoginLimits(deps, input, async () => {
    const user = await findUserByEmail(deps.db, input.email);
    const hash = user?.passwordHash ?? (await decoy());
    const matches = await verifyPassword(hash, input.password);
    if (!user || !matches || user.kind !== input.kind || user.anonymizedAt)
      throw new AppError('wrong_credentials');
    return user;
  });
}
