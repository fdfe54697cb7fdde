import { redirect } from 'vike/abort';
import type { PageContextServer } from 'vike/types';
import {
  ACCOUNT_DELETED_PATH,
  DELETE_ACCOUNT_INTENT,
  DELETE_ACCOUNT_OPEN,
  type PlainDeletion,
} from '../../islands/accounts/profile/DeleteAccount.tsx';
import { endSession } from '../../server/accounts/index.ts';
import { deletionInput, requestAccountDeletion } from '../../server/privacy/index.ts';
import { formPostOf, refusalOf, validFormOf } from '../layout/form-post.ts';

/**
 * « Supprimer mon compte » posted without JavaScript (issue 36): the same use case and schema as the API's
 * `requestAccountDeletion`, then, as it does, the session ends and the browser opens the landing page, which
 * says the account is gone. Refused, the form comes back open with its message, the password never given
 * back. `?supprimer=1` asks for the form.
 */
export async function plainDeletion(pageContext: PageContextServer): Promise<PlainDeletion> {
  const { viewer, deps } = pageContext;
  const c = pageContext.runtime.hono;
  const post = await formPostOf(pageContext);
  if (post?.intent !== DELETE_ACCOUNT_INTENT) {
    return { open: pageContext.urlParsed.search[DELETE_ACCOUNT_OPEN] === '1', error: null, alert: null };
  }
  const refusal = await refusalOf(post, async () => {
    const { password } = await validFormOf(pageContext, deletionInput);
    await requestAccountDeletion(viewer, { password, clientIp: c.get('clientIp') }, deps);
  });
  if (!refusal) {
    await endSession(c);
    throw redirect(ACCOUNT_DELETED_PATH);
  }
  return { open: true, error: refusal.errors.password ?? null, alert: refusal.alert };
}
