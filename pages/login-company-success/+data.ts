import type { PageContextServer } from 'vike/types';
import { nextPathFor } from '../../common/routes.ts';
import {
  COMPANY_LOGIN_FAILURE_SCREENS,
  type CompanyLoginFailure,
} from '../../islands/accounts/CompanyLoginForm.tsx';

const isFailure = (code: string): code is CompanyLoginFailure =>
  (COMPANY_LOGIN_FAILURE_SCREENS as readonly string[]).includes(code);

/**
 * `?error=<code>`: the failure screen of that code (an unknown one reads as other_error); else the success,
 * which goes on to `?next=` when it is a page of the company's, or to its home.
 */
export function data(pageContext: PageContextServer) {
  const { viewer, deps } = pageContext;
  const error = pageContext.urlParsed.search.error;
  const contactEmail = deps.config.MAIL_FROM.match(/<([^>]+)>/)?.[1] ?? deps.config.MAIL_FROM;
  if (error !== undefined) {
    return { screen: isFailure(error) ? error : ('other_error' as const), contactEmail };
  }
  if (viewer?.kind === 'recruiter') {
    const next = nextPathFor('recruiter', pageContext.urlParsed.search.next);
    return { screen: 'success' as const, firstName: viewer.firstName, next, contactEmail };
  }
  return { screen: 'none' as const, contactEmail };
}

export type Data = ReturnType<typeof data>;
