import { redirect } from 'vike/abort';
import type { PageContextServer } from 'vike/types';
import { ROUTES } from '../../../common/routes.ts';
import { keepAccount, keepAccountState } from '../../../server/privacy/index.ts';
import { formPostOf } from '../../layout/form-post.ts';

/**
 * The retention warning's « Garder mon compte » (docs/decisions/0098): opening the link changes nothing (mail
 * software opens links); the page's button posts to the same address, a plain form, then the page says the
 * account is kept.
 */
export async function data(pageContext: PageContextServer) {
  const token = pageContext.routeParams.token ?? '';
  if (await formPostOf(pageContext)) {
    await keepAccount(token, pageContext.deps);
    throw redirect(ROUTES.keepAccount(token));
  }
  return { token, state: await keepAccountState(token, pageContext.deps) };
}

export type Data = Awaited<ReturnType<typeof data>>;
