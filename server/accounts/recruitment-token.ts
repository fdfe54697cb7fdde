import type { Deps } from '../kernel/context.ts';
import { AppError } from '../kernel/errors.ts';
import type { Viewer } from '../kernel/viewer.ts';
import { requireKind } from '../permissions.ts';
import { findUserById } from './users.ts';

export const RECRUITMENT_TOKEN_HEADER = 'X-Recruitment-Token';

/**
 * For the operations that act on the recruitment site on the recruiter's behalf (API.md, Who is calling):
 * the site's access token sent beside the session (`X-Recruitment-Token`), checked with the site and bound
 * to the caller, so that a token copied from another recruiter does not act for them. `missing_lir_token`
 * without it. Returns the token to forward to the site.
 */
export async function requireRecruitmentToken(
  viewer: Viewer | null,
  accessToken: string | undefined,
  deps: Deps,
): Promise<string> {
  const recruiter = requireKind(viewer, 'recruiter');
  if (!accessToken) throw new AppError('missing_lir_token');
  const [claims, user] = await Promise.all([
    deps.recruitmentSite.verifyAccessToken(accessToken),
    findUserById(deps.db, recruiter.id),
  ]);
  if (!claims || !user || claims.email.trim().toLowerCase() !== user.email) {
    throw new AppError('UNAUTHENTICATED');
  }
  return accessToken;
}
