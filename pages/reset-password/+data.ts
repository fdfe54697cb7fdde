import type { PageContextServer } from 'vike/types';
import { USER_KINDS } from '../../common/constants.ts';
import { LOGIN_OF, ROUTES } from '../../common/routes.ts';

export function data(pageContext: PageContextServer) {
  const { token, pour } = pageContext.urlParsed.search;
  const kind = USER_KINDS.find((k) => k === pour);
  return { token: token ?? '', loginHref: kind ? LOGIN_OF[kind] : ROUTES.loginTeacher };
}

export type Data = ReturnType<typeof data>;
