import { redirect } from 'vike/abort';
import type { PageContextServer } from 'vike/types';
import { passwordResetRequestSchema } from '../../common/accounts.ts';
import { ROUTES } from '../../common/routes.ts';
import { requestPasswordReset } from '../../server/accounts/index.ts';
import { inBackground } from '../../server/kernel/background.ts';
import { formPostOf, refusalOf, validFormOf } from '../layout/form-post.ts';

/**
 * The reset link asked for as a plain HTML form (issue 22), by the same use case as `requestPasswordReset`:
 * then the page says the request is recorded (`?envoye=1`), never whether the account exists.
 */
export async function data(pageContext: PageContextServer) {
  const post = await formPostOf(pageContext);
  if (post) {
    const c = pageContext.runtime.hono;
    const refusal = await refusalOf(post, async () => {
      const { email } = await validFormOf(pageContext, passwordResetRequestSchema);
      const { sending } = await requestPasswordReset(
        { email, clientIp: c.get('clientIp') },
        pageContext.deps,
      );
      inBackground(c, sending);
    });
    if (!refusal) throw redirect(`${ROUTES.forgotPassword}?envoye=1`);
    return {
      sent: false,
      posted: { email: refusal.values.email ?? '', error: refusal.errors.email, alert: refusal.alert },
    };
  }
  return { sent: pageContext.urlParsed.search.envoye === '1', posted: null };
}

export type Data = Awaited<ReturnType<typeof data>>;
