import { redirect } from 'vike/abort';
import type { PageContextServer } from 'vike/types';
import { loginSchema } from '../../common/accounts.ts';
import { plural } from '../../common/format.ts';
import { MESSAGES } from '../../common/messages.ts';
import { nextPathFor } from '../../common/routes.ts';
import { logInWithPassword, startSession } from '../../server/accounts/index.ts';
import { AppError } from '../../server/kernel/errors.ts';
import { formPostOf, refusalOf, validFormOf } from './form-post.ts';

/**
 * A login posted as a plain HTML form (issue 22; the login pages have no island since issue 36, their form is
 * a light form checked in the browser first): the same schema, limits and session as `loginTeacher` /
 * `loginAdmin`. On success the session cookie is set and the browser goes on to `next`; on failure the page
 * shows the French message and keeps the e-mail, never the password. Null for a GET.
 */
export async function postedLogin(pageContext: PageContextServer, kind: 'teacher' | 'admin') {
  const post = await formPostOf(pageContext);
  if (!post) return null;
  const c = pageContext.runtime.hono;
  const refusal = await refusalOf(post, async () => {
    const { email, password } = await validFormOf(pageContext, loginSchema);
    const user = await logInWithPassword(
      { email, password, kind, clientIp: c.get('clientIp') },
      pageContext.deps,
    ).catch(throwLoginRefusal);
    await startSession(c, user.id);
  });
  if (!refusal) throw redirect(nextPathFor(kind, post.fields.next ?? pageContext.urlParsed.search.next));
  const { password: _password, ...values } = refusal.values;
  return { values: { email: values.email ?? '' }, errors: refusal.errors, alert: refusal.alert };
}

export type PostedLogin = Awaited<ReturnType<typeof postedLogin>>;

/**
 * A login's refusal, thrown on: refused by its limits, it says when to try again and that a new password
 * lifts them at once (docs/decisions/0050), on every login page.
 */
export function throwLoginRefusal(error: unknown): never {
  if (error instanceof AppError && error.code === 'rate_limited') {
    const retryAfter = Number(error.extensions.retryAfter);
    if (retryAfter > 0) {
      throw new AppError('rate_limited', {
        message: MESSAGES.loginRateLimited(plural(Math.ceil(retryAfter / 60), 'minute')),
        extensions: error.extensions,
      });
    }
  }
  throw error;
}
