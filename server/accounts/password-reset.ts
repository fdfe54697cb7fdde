import { and, eq, gt, isNull } from 'drizzle-orm';
import { passwordResetTokens, sessions, users } from '../../db/schema/accounts.ts';
import { AppError } from '../errors.ts';
import type { Deps } from '../http/context.ts';
import { RATE_LIMITS } from '../http/rate-limit.ts';
import { enqueueMail } from '../mail/index.ts';
import { hashPassword } from './password.ts';
import { randomToken, sha256Hex } from './tokens.ts';
import { findUserByEmail } from './users.ts';

export const RESET_TOKEN_LIFETIME_MINUTES = 60;

/**
 * Sends a single-use link valid one hour, stored hashed. The answer is the same whether or not the
 * account exists (PRODUCT.md, Accounts).
 */
export async function requestPasswordReset(
  input: { email: string; clientIp: string },
  deps: Deps,
): Promise<void> {
  const { db } = deps;
  const now = deps.clock.now();
  await deps.rateLimiter.consume(
    [`reset:email:${input.email}`, `reset:ip:${input.clientIp}`],
    RATE_LIMITS.passwordReset,
    now,
  );
  const user = await findUserByEmail(db, input.email);
  if (!user?.passwordHash || user.anonymizedAt) return;
  const token = randomToken();
  await db.transaction(async (tx) => {
    await tx.insert(passwordResetTokens).values({
      tokenHash: sha256Hex(token),
      userId: user.id,
      expiresAt: new Date(now.getTime() + RESET_TOKEN_LIFETIME_MINUTES * 60_000),
      createdAt: now,
    });
    await enqueueMail(
      tx,
      {
        template: 'passwordReset',
        to: user.email,
        data: {
          firstName: user.firstName,
          resetUrl: `${deps.config.PUBLIC_URL}/reset-password?token=${encodeURIComponent(token)}`,
          expiresInMinutes: RESET_TOKEN_LIFETIME_MINUTES,
        },
      },
      now,
    );
  });
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
}
