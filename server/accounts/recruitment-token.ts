import type { Deps } from '../kernel/context.ts';
import { AppError, invalidInput } from '../kernel/errors.ts';
import type { Viewer } from '../kernel/viewer.ts';
import { requireKind } from '../permissions.ts';
import { withLoginLimits } from './login-limits.ts';
import { CURRENT_PASSWORD_WRONG } from './password-check.ts';
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

/**
 * The same operations posted as plain forms (no script, so no site token in the browser: decision 0058):
 * the recruiter's current password, typed in the form, logs in to the recruitment site as the company login
 * does, under the logins' limits (only failures count), and `act` runs with the access token the site
 * answers, which it hands to the use case as the API's caller would. The refresh token that came with it
 * ends once `act` is done. A password the site refuses is BAD_USER_INPUT on `currentPassword` (decision 0090).
 */
export async function withRecruitmentTokenOfPassword<T>(
  viewer: Viewer | null,
  input: { currentPassword: string; clientIp: string },
  deps: Deps,
  act: (accessToken: string) => Promise<T>,
): Promise<T> {
  const recruiter = requireKind(viewer, 'recruiter');
  const user = await findUserById(deps.db, recruiter.id);
  if (!user) throw new AppError('NOT_FOUND');
  const tokens = await withLoginLimits(deps, { email: user.email, clientIp: input.clientIp }, () =>
    deps.recruitmentSite.login(user.email, input.currentPassword),
  ).catch((error: unknown) => {
    if (error instanceof AppError && error.code === 'wrong_credentials') {
      throw invalidInput({ currentPassword: CURRENT_PASSWORD_WRONG });
    }
    throw error;
  });
  try {
    return await act(tokens.accessToken);
  } finally {
    await deps.recruitmentSite.revoke(tokens.refreshToken);
  }
}
