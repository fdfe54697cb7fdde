import { sql } from 'drizzle-orm';
import { ROUTES } from '../../common/routes.ts';
import { loginAlerts } from '../../db/schema/accounts.ts';
import type { Deps } from '../kernel/context.ts';
import { RATE_LIMITS, type WindowCount } from '../kernel/rate-limits.ts';
import { enqueueMail } from '../mail/index.ts';
import { accountMails } from './mails.ts';
import { newPasswordLink } from './password-link.ts';
import { findUserByEmail, greetingName } from './users.ts';

/**
 * How long the warning's link to a new password lasts: longer than « Mot de passe oublié »'s hour, since
 * the owner reads it when they read their mail, not right after asking (docs/decisions/0099).
 */
export const LOGIN_ALERT_LINK_HOURS = 24;

const WINDOW_MINUTES = RATE_LIMITS.loginAccount.windowMs / 60_000;

/**
 * Password guessing spread over many addresses (issue 37; docs/decisions/0099): once an account has
 * `RATE_LIMITS.loginAccount.limit` failures in its window, each new address still gets a try, so its owner
 * is e-mailed « Tentatives de connexion sur votre compte », with a link to choose a new password, once per
 * window. Once whoever the failures come from: the account's one row in `login_alerts` moves to the window
 * in one conditional write, and only the write that moved it sends, in the same transaction, in whichever
 * process or isolate it runs (the window's end is the limiter's, one Durable Object per key on Workers).
 * Nothing for an unknown or anonymised address. Never rejects: the login answers whatever happens here.
 */
export async function alertOwnerOfGuessing(
  deps: Pick<Deps, 'db' | 'clock' | 'config' | 'log'>,
  email: string,
  window: WindowCount,
): Promise<void> {
  try {
    const user = await findUserByEmail(deps.db, email);
    if (!user || user.anonymizedAt) return;
    const now = deps.clock.now();
    const windowEndsAt = new Date(window.resetAt);
    await deps.db.transaction(async (tx) => {
      const moved = await tx
        .insert(loginAlerts)
        .values({ userId: user.id, windowEndsAt, sentAt: now })
        .onConflictDoUpdate({
          target: loginAlerts.userId,
          set: { windowEndsAt, sentAt: now },
          setWhere: sql`${loginAlerts.windowEndsAt} < ${windowEndsAt.getTime()}`,
        });
      if (moved.rowsAffected !== 1) return;
      // A recruiter whose password is an outside recruitment site's changes it there (no link of ours).
      const resetUrl = user.passwordHash
        ? await newPasswordLink(tx, deps, user, LOGIN_ALERT_LINK_HOURS * 60)
        : null;
      await enqueueMail(
        tx,
        accountMails.loginAttempts,
        {
          to: user.email,
          data: {
            firstName: greetingName(user),
            attempts: window.count,
            windowMinutes: WINDOW_MINUTES,
            resetUrl,
            expiresInHours: LOGIN_ALERT_LINK_HOURS,
            forgotPasswordUrl: `${deps.config.PUBLIC_URL}${ROUTES.forgotPassword}`,
          },
        },
        now,
      );
    });
  } catch (error) {
    deps.log.error('login attempts alert not sent', { error: String(error) });
  }
}
