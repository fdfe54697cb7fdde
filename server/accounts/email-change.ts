import { and, eq, gt, isNull } from 'drizzle-orm';
import { z } from 'zod';
import { ACCOUNT_MESSAGES, requiredText } from '../../common/accounts.ts';
import { ROUTES } from '../../common/routes.ts';
import type { DbOrTx } from '../../db/client.ts';
import { emailChanges, users } from '../../db/schema/accounts.ts';
import type { Deps } from '../kernel/context.ts';
import { AppError, invalidInput } from '../kernel/errors.ts';
import type { Viewer } from '../kernel/viewer.ts';
import { enqueueMail } from '../mail/index.ts';
import { requireKind } from '../permissions.ts';
import { accountMails } from './mails.ts';
import { checkPassword } from './password-check.ts';
import { requireRecruitmentToken } from './recruitment-token.ts';
import { randomToken, sha256Hex } from './tokens.ts';
import { findUserByEmail, findUserById, isUniqueViolation, type UserRow } from './users.ts';

export const EMAIL_CHANGE_LIFETIME_HOURS = 24;

export const EMAIL_CHANGE_MESSAGES = {
  invalidLink: 'Ce lien de confirmation est invalide ou a expiré. Refaites la demande depuis votre profil.',
} as const;

/** A change of login e-mail asked for and not confirmed yet (it expires), or null. */
export async function pendingEmailOf(db: DbOrTx, userId: number, now: Date): Promise<string | null> {
  const [row] = await db
    .select({ newEmail: emailChanges.newEmail })
    .from(emailChanges)
    .where(and(eq(emailChanges.userId, userId), isNull(emailChanges.usedAt), gt(emailChanges.expiresAt, now)))
    .limit(1);
  return row?.newEmail ?? null;
}

/**
 * The contact block (API.md, Trust): the phone changes at once; a new login e-mail needs the current
 * password, and takes effect only when the link sent to the new address is opened, while the address the
 * account has is told (with what to do if it was not them). The same for teachers and recruiters.
 * Returns the account as it stands (its e-mail unchanged until the link is opened).
 */
export async function updateContact(
  viewer: Viewer | null,
  input: {
    email: string;
    phone?: string | undefined;
    currentPassword?: string | undefined;
    clientIp: string;
    /** A recruiter's account is the recruitment site's: the change acts there on their behalf. */
    recruitmentToken?: string | undefined;
  },
  deps: Deps,
): Promise<UserRow> {
  const caller = requireKind(viewer, 'teacher', 'recruiter');
  if (caller.kind === 'recruiter') await requireRecruitmentToken(caller, input.recruitmentToken, deps);
  const user = await findUserById(deps.db, caller.id);
  if (!user) throw new AppError('NOT_FOUND');
  const now = deps.clock.now();
  const newEmail = input.email.trim().toLowerCase();
  const changing = newEmail !== user.email;
  if (changing) {
    if (!input.currentPassword) throw invalidInput({ currentPassword: ACCOUNT_MESSAGES.emailNeedsPassword });
    await checkPassword(deps, user, input.currentPassword, input.clientIp);
    const taken = await findUserByEmail(deps.db, newEmail);
    if (taken) throw new AppError('email_already_exists');
  }
  const token = randomToken();
  await deps.db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ phone: input.phone ?? null })
      .where(eq(users.id, user.id));
    if (!changing) return;
    // One pending change at a time: a new request replaces the previous link.
    await tx.delete(emailChanges).where(eq(emailChanges.userId, user.id));
    await tx.insert(emailChanges).values({
      tokenHash: sha256Hex(token),
      userId: user.id,
      newEmail,
      expiresAt: new Date(now.getTime() + EMAIL_CHANGE_LIFETIME_HOURS * 3_600_000),
      createdAt: now,
    });
    const base = deps.config.PUBLIC_URL;
    await enqueueMail(
      tx,
      accountMails.emailChangeConfirm,
      {
        to: newEmail,
        data: {
          firstName: user.firstName,
          newEmail,
          confirmUrl: `${base}${ROUTES.confirmEmail}?token=${encodeURIComponent(token)}`,
          expiresInHours: EMAIL_CHANGE_LIFETIME_HOURS,
        },
      },
      now,
    );
    await enqueueMail(
      tx,
      accountMails.emailChangeRequested,
      {
        to: user.email,
        data: { firstName: user.firstName, newEmail, resetUrl: `${base}${ROUTES.forgotPassword}` },
      },
      now,
    );
  });
  return (await findUserById(deps.db, user.id)) ?? user;
}

export const confirmEmailChangeSchema = z.object({ token: requiredText(200) });

/**
 * The link sent to the new address was opened: it becomes the account's login e-mail. The token serves
 * once and within its day; an address taken by someone else meanwhile is `email_already_exists`.
 */
export async function confirmEmailChange(input: { token: string }, deps: Deps): Promise<void> {
  const now = deps.clock.now();
  const tokenHash = sha256Hex(input.token);
  try {
    await deps.db.transaction(async (tx) => {
      const [change] = await tx
        .update(emailChanges)
        .set({ usedAt: now })
        .where(
          and(
            eq(emailChanges.tokenHash, tokenHash),
            isNull(emailChanges.usedAt),
            gt(emailChanges.expiresAt, now),
          ),
        )
        .returning();
      if (!change) throw invalidInput({ token: EMAIL_CHANGE_MESSAGES.invalidLink });
      await tx
        .update(users)
        .set({ email: change.newEmail })
        .where(and(eq(users.id, change.userId), isNull(users.anonymizedAt)));
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('email_already_exists');
    throw error;
  }
}

/** A pending change of login e-mail, for the account's own eyes only (its `pendingEmail`). */
export async function pendingEmailFor(
  viewer: Viewer | null,
  userId: number,
  deps: Deps,
): Promise<string | null> {
  return viewer?.id === userId ? pendingEmailOf(deps.db, userId, deps.clock.now()) : null;
}
