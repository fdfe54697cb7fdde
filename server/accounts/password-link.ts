import type { DbOrTx } from '../../db/client.ts';
import { passwordResetTokens } from '../../db/schema/accounts.ts';
import type { Deps } from '../kernel/context.ts';
import { randomToken, sha256Hex } from './tokens.ts';
import type { UserRow } from './users.ts';

/**
 * A single-use link to choose a password, valid `lifetimeMinutes`, stored hashed in the caller's
 * transaction: its URL, on the reset page. What « Mot de passe oublié » sends, an operator's invitation and
 * the warning of password guessing (`alertOwnerOfGuessing`).
 */
export async function newPasswordLink(
  tx: DbOrTx,
  deps: Pick<Deps, 'clock' | 'config'>,
  user: Pick<UserRow, 'id' | 'kind'>,
  lifetimeMinutes: number,
): Promise<string> {
  const now = deps.clock.now();
  const token = randomToken();
  await tx.insert(passwordResetTokens).values({
    tokenHash: sha256Hex(token),
    userId: user.id,
    expiresAt: new Date(now.getTime() + lifetimeMinutes * 60_000),
    createdAt: now,
  });
  // `pour` names the login page the reset page offers once done (an operator's is not a teacher's).
  return `${deps.config.PUBLIC_URL}/reset-password?token=${encodeURIComponent(token)}&pour=${user.kind}`;
}
