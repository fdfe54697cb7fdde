import type { PageContextServer } from 'vike/types';
import { nextPathFor } from '../../common/routes.ts';
import { TEXT_MAX } from '../../common/text.ts';
import {
  COMPANY_LOGIN_FAILURE_SCREENS,
  type CompanyLoginFailure,
  handedOffTokens,
} from '../login-company/company-login-post.ts';

/** A company not active: awaiting validation, refused (with the reason given, if any), archived; or its
 * department closed since it signed up. */
export interface FailureVariant {
  case: 'pending' | 'refused' | 'archived' | 'closed';
  reason: string | null;
}

const isFailure = (code: string): code is CompanyLoginFailure =>
  (COMPANY_LOGIN_FAILURE_SCREENS as readonly string[]).includes(code);

/**
 * Which case a failure is (`cas`), and the refusal's reason (`motif`, as long as the operators may write
 * one): only the cases its code can have; anything else reads as the code's general screen.
 */
function failureVariant(screen: CompanyLoginFailure, search: Record<string, string>): FailureVariant | null {
  const reason = search.motif?.trim().slice(0, TEXT_MAX.refusalReason) || null;
  if (screen === 'company_not_found') {
    if (search.cas === 'pending' || search.cas === 'archived') return { case: search.cas, reason: null };
    if (search.cas === 'refused') return { case: 'refused', reason };
  }
  if (screen === 'cst_not_authorized' && search.cas === 'ferme') return { case: 'closed', reason: null };
  return null;
}

/**
 * `?error=<code>`: the failure screen of that code (an unknown one reads as other_error); else the success,
 * which goes on to `?next=` when it is a page of the company's, or to its home, and keeps the tokens the
 * login handed over.
 */
export function data(pageContext: PageContextServer) {
  const { viewer, deps } = pageContext;
  const error = pageContext.urlParsed.search.error;
  const contactEmail = deps.config.MAIL_FROM.match(/<([^>]+)>/)?.[1] ?? deps.config.MAIL_FROM;
  if (error !== undefined) {
    const screen = isFailure(error) ? error : ('other_error' as const);
    return { screen, variant: failureVariant(screen, pageContext.urlParsed.search), contactEmail };
  }
  if (viewer?.kind === 'recruiter') {
    const next = nextPathFor('recruiter', pageContext.urlParsed.search.next);
    // The login handed the recruitment site's tokens over, for the browser to keep.
    const tokens = handedOffTokens(pageContext);
    const handoff = tokens && viewer.companyId ? { tokens, companyId: String(viewer.companyId) } : null;
    return { screen: 'success' as const, firstName: viewer.firstName, next, contactEmail, handoff };
  }
  return { screen: 'none' as const, contactEmail };
}

export type Data = ReturnType<typeof data>;
