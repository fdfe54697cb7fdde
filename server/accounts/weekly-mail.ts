import { and, eq } from 'drizzle-orm';
import type { Hono } from 'hono';
import { ROUTES, UNSUBSCRIBE_FROM_PAGE } from '../../common/routes.ts';
import { users } from '../../db/schema/accounts.ts';
import { limitBody } from '../http/body-limit.ts';
import type { AppEnv, Deps } from '../kernel/context.ts';
import { signLink, verifyLink } from '../signed-links.ts';

/**
 * The weekly alert's one-click unsubscribe (PRODUCT.md, Weekly alert; docs/decisions/0038 and 0039): a
 * signed link that never expires, for one purpose ('unsubscribe-weekly-mail'), whose subject is the
 * teacher's user id. A GET shows what it will do; only a POST turns the flag off, and nothing else.
 */
const PURPOSE = 'unsubscribe-weekly-mail';

/** The link in a teacher's weekly alert: its footer, and its List-Unsubscribe header. */
export function weeklyMailUnsubscribeUrl(config: Deps['config'], teacherId: number): string {
  return `${config.PUBLIC_URL}${ROUTES.unsubscribe(signLink(config.JWT_SECRET, { purpose: PURPOSE, subject: teacherId }))}`;
}

/** What the link's page says: a link that is not ours, or whether its teacher still gets the alert. */
export type WeeklyMailLinkState = { valid: false } | { valid: true; subscribed: boolean };

function teacherOfLink(token: string, deps: Deps): number | null {
  const check = verifyLink(deps.config.JWT_SECRET, token, PURPOSE, deps.clock.now());
  return check.ok ? check.link.subject : null;
}

/**
 * Reads, never writes (mail software opens every link of an e-mail). A deleted account's link reads as
 * unsubscribed: it gets no alert either.
 */
export async function weeklyMailLinkState(
  input: { token: string },
  deps: Deps,
): Promise<WeeklyMailLinkState> {
  const teacherId = teacherOfLink(input.token, deps);
  if (teacherId === null) return { valid: false };
  const [teacher] = await deps.db
    .select({ weeklyMail: users.weeklyMail })
    .from(users)
    .where(and(eq(users.id, teacherId), eq(users.kind, 'teacher')));
  return { valid: true, subscribed: teacher?.weeklyMail ?? false };
}

/**
 * Turns the weekly-mail flag off for the link's teacher, and nothing else; false for a link that is not
 * ours (tampered, another purpose). Idempotent: a second POST finds it off already. The link itself is the
 * authority: no session, no cookie is read.
 */
export async function unsubscribeWeeklyMail(input: { token: string }, deps: Deps): Promise<boolean> {
  const teacherId = teacherOfLink(input.token, deps);
  if (teacherId === null) return false;
  await deps.db
    .update(users)
    .set({ weeklyMail: false })
    .where(and(eq(users.id, teacherId), eq(users.kind, 'teacher'), eq(users.weeklyMail, true)));
  deps.log.info('weekly mail unsubscribed', { teacherId });
  return true;
}

/**
 * POST /unsubscribe/<token>: RFC 8058's one-click unsubscribe (`List-Unsubscribe=One-Click`, sent by mail
 * software with no cookie and no Origin) and the page's button. Mounted outside the CSRF check, which
 * guards /graphql only: this route reads no session, so a forged post could do no more than the link's
 * holder, who is the mailbox (docs/decisions/0039). 200 in plain French for mail software, 303 back to the
 * page for the button, 400 for a link that is not ours.
 */
export function mountUnsubscribeRoute(app: Hono<AppEnv>): void {
  // RFC 8058's body is one field, as multipart/form-data or urlencoded: nothing larger is read.
  const small = limitBody(4096, (c) => c.text('Requête trop volumineuse.', 413));
  app.post(ROUTES.unsubscribe(':token'), small, async (c) => {
    const token = c.req.param('token') ?? '';
    const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    const done = await unsubscribeWeeklyMail({ token }, c.var.deps);
    const headers = { 'Cache-Control': 'no-store' };
    if (!done) {
      return c.text(
        'Ce lien de désabonnement n’est pas valide. Vous pouvez désactiver l’alerte hebdomadaire depuis votre profil.',
        400,
        headers,
      );
    }
    if (form[UNSUBSCRIBE_FROM_PAGE.name] === UNSUBSCRIBE_FROM_PAGE.value)
      return c.redirect(ROUTES.unsubscribe(token), 303);
    return c.text('Vous ne recevrez plus l’alerte hebdomadaire des nouveaux créneaux.', 200, headers);
  });
}
