import type { Deps } from '../kernel/context.ts';
import { invalidInput } from '../kernel/errors.ts';
import { RATE_LIMITS } from '../kernel/rate-limits.ts';
import { verifyPassword } from './password.ts';
import type { UserRow } from './users.ts';

export const CURRENT_PASSWORD_WRONG = 'Le mot de passe actuel est incorrect';

/**
 * A logged-in user proves it is them before a sensitive change (password, login e-mail, deletion). Each
 * check counts against 10 tries per 15 minutes, per account and per address: a stolen session cannot be
 * turned into a guessed password. A wrong password is BAD_USER_INPUT on `field`.
 */
export async function checkPassword(
  deps: Deps,
  user: UserRow,
  password: string,
  clientIp: string,
  field = 'currentPassword',
): Promise<void> {
  await deps.rateLimiter.consume(
    [`password:user:${user.id}`, `password:ip:${clientIp}`],
    RATE_LIMITS.passwordCheck,
    deps.clock.now(),
  );
  if (!user.passwordHash || !(await verifyPassword(user.passwordHash, password))) {
    throw invalidInput({ [field]: CURRENT_PASSWORD_WRONG });
  }
}
