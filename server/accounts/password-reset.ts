import { and, eq, gt, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { passwordResetTokens, sessions, users } from '../../db/schema/accounts.ts';
import type { Deps } from '../kernel/context.ts';
import { AppError } from '../kernel/errors.ts';
import { RATE_LIMITS } from '../kernel/rate-limits.ts';
import { enqueueMail } from '../mail/index.ts';
import { forgetLoginFailures } from './login-limits.ts';
import { accountMails } from './mails.ts';
import { hashPassword } from './password.ts';
import { newPasswordLink } from './password-link.ts';
import { sha256Hex } from './tokens.ts';
import { findUserByEmail, findUserById, greetingName, type UserRow } from './users.ts';

export const RESET_TOKEN_LIFETIME_MINUTES = 60;
/** An invitation gives the invitee a week to choose their password. */
export const INVITATION_LIFETIME_DAYS = 7;

/**
 * A single-use link to choose a password, stored hashed, e-mailed in the caller's transaction: a reset
 * (an hour) or an operator's invitation (a week). The same page and token serve both.
 */
export async function sendPasswordLink(
  tx: DbOrTx,
  deps: Deps,
  user: Pick<UserRow, 'id' | 'email' | 'firstName' | 'kind'>,
  link: { kind: 'reset' } | { kind: 'invitation'; regionName: string | null },
): Promise<void> {
  const now = deps.clock.now();
  const lifetimeMinutes =
    link.kind === 'reset' ? RESET_TOKEN_LIFETIME_MINUTES : INVITATION_LIFETIME_DAYS * 24 * 60;
  const url = await newPasswordLink(tx, deps, user, lifetimeMinutes);
  if (link.kind === 'reset') {
    await enqueueMail(
      tx,
      accountMails.passwordReset,
      {
        to: user.email,
        data: {
          firstName: greetingName(user),
          resetUrl: url,
          expiresInMinutes: RESET_TOKEN_LIFETIME_MINUTES,
        },
      },
      now,
    );
  } else {
    await enqueueMail(
      tx,
      accountMails.operatorInvitation,
      {
        to: user.email,
        data: { regionName: link.regionName, setPasswordUrl: url, expiresInDays: INVITATION_LIFETIME_DAYS },
      },
      now,
    );
  }
}

/**
 * Sends a single-use link valid one hour, stored hashed. The answer is the same whether or not the
 * account exists (PRODUCT.md, Accounts), and as fast (issue 22: an existing address took twice as long):
 * past the limits, nothing is looked up before answering; `sending` looks the account up, writes the link
 * and wakes the outbox, for the caller to let finish after the answer (inBackground). It never rejects.
 */
export async function requestPasswordReset(
  input: { email: string; clientIp: string },
  deps: Deps,
): Promise<{ sending: Promise<void> }> {
  await deps.rateLimiter.consume(
    [`reset:email:${input.email}`, `reset:ip:${input.clientIp}`],
    RATE_LIMITS.passwordReset,
    deps.clock.now(),
  );
  return { sending: sendResetLink(input.email, deps) };
}

async function sendResetLink(email: string, deps: Deps): Promise<void> {
  try {
    const user = await findUserByEmail(deps.db, email);
    if (!user?.passwordHash || user.anonymizedAt) return;
    await deps.db.transaction((tx) => sendPasswordLink(tx, deps, user, { kind: 'reset' }));
    await deps.outbox.wake();
  } catch (error) {
    deps.log.error('password reset link not sent', { error: String(error) });
  }
}

/** Sets the new password, spends the token and ends every session of the account, together. */
export async function resetPassword(input: { token: string; password: string }, deps: Deps) {
  const { db } = deps;
  const now = deps.clock.now();
  const tokenHash = sha256Hex(input.token);
  const [row] = await db
    .select({ userId: passwordResetTokens.userId })
    .from(passwordResetTokens)
    .where(
      and(
        eq(passwordResetTokens.tokenHash, tokenHash),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, now),
      ),
    );
  if (!row) throw new AppError('invalid_password_reset_token');
  const passwordHash = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    const spent = await tx
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(and(eq(passwordResetTokens.tokenHash, tokenHash), isNull(passwordResetTokens.usedAt)));
    // Two submissions of one link: the first spends it, the second finds nothing to spend.
    if (spent.rowsAffected !== 1) throw new AppError('invalid_password_reset_token');
    await tx.update(users).set({ passwordHash }).where(eq(users.id, row.userId));
    await tx.delete(sessions).where(eq(sessions.userId, row.userId));
  });
  const user = await findUserById(db, row.userId);
  if (user) await forgetLoginFailures(deps, user.email);
}
