import { redirect } from 'vike/abort';
import type { PageContextServer } from 'vike/types';
import { passwordResetSchema } from '../../common/accounts.ts';
import { USER_KINDS } from '../../common/constants.ts';
import { MESSAGES } from '../../common/messages.ts';
import { LOGIN_OF, ROUTES } from '../../common/routes.ts';
import { resetPassword } from '../../server/accounts/index.ts';
import { formPostOf, refusalOf, validFormOf } from '../layout/form-post.ts';

/** What the page says above the form of a link without a token, or with a bad or spent one. */
const BAD_TOKEN = MESSAGES.invalidResetLink;

/**
 * The new password, posted with the link's token as a plain HTML form (issue 22), by the same use case as
 * `resetPassword`: then the page says the password is changed (`?fait=1`, post/redirect/get); a weak
 * password is said under the field, a bad or spent token above the form. The password is never sent back.
 */
export async function data(pageContext: PageContextServer) {
  const { token, pour, fait } = pageContext.urlParsed.search;
  const kind = USER_KINDS.find((k) => k === pour);
  const loginHref = kind ? LOGIN_OF[kind] : ROUTES.loginTeacher;
  const post = await formPostOf(pageContext);
  if (post) {
    const refusal = await refusalOf(post, async () => {
      await resetPassword(await validFormOf(pageContext, passwordResetSchema), pageContext.deps);
    });
    if (!refusal) throw redirect(`${ROUTES.resetPassword}?fait=1${kind ? `&pour=${kind}` : ''}`);
    const { token: badToken, password } = refusal.errors;
    return {
      token: post.fields.token ?? token ?? '',
      loginHref,
      done: false,
      error: password,
      alert: badToken ? BAD_TOKEN : refusal.alert,
    };
  }
  return {
    token: token ?? '',
    loginHref,
    done: fait === '1',
    error: undefined,
    alert: token ? null : BAD_TOKEN,
  };
}

export type Data = Awaited<ReturnType<typeof data>>;
