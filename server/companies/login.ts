import { z } from 'zod';
import { requiredText } from '../../common/accounts.ts';
import { findUserByEmail, type UserRow, withLoginLimits } from '../accounts/index.ts';
import type { Deps } from '../kernel/context.ts';
import { AppError } from '../kernel/errors.ts';
import type { TokenResponse } from '../kernel/ports/recruitment-site.ts';
import { isDepartmentActive } from '../territory/index.ts';
import { companyRowById } from './rows.ts';

/**
 * The platform's side of a recruiter's access: an account that is a recruiter's, of a validated company,
 * in an open department. Refused in that order: `wrong_credentials`, `company_not_found`,
 * `cst_not_authorized`. A ProConnect login asks it too, once the person proved who they are (0095).
 */
export async function admitRecruiter(deps: Deps, user: UserRow | null): Promise<UserRow> {
  if (user?.kind !== 'recruiter' || user.anonymizedAt) throw new AppError('wrong_credentials');
  const company = user.companyId ? await companyRowById(deps.db, user.companyId) : null;
  if (company?.status !== 'validated') {
    // Said only to someone who proved the password: which case it is, and why it was refused if told.
    throw new AppError('company_not_found', {
      extensions: {
        companyStatus: company?.status ?? null,
        statusReason: company?.status === 'refused' ? company.statusReason : null,
      },
    });
  }
  // A company signs up only where the platform is open: a validated one's closed department was open once.
  if (!(await isDepartmentActive(deps.db, company.departmentCode))) {
    throw new AppError('cst_not_authorized', { extensions: { departmentClosed: true } });
  }
  return user;
}

/**
 * A recruiter logs in with the recruitment site's credentials (PRODUCT.md, Recruitment-site connector),
 * then the platform checks its own side. The login's limits are the teachers' (`withLoginLimits`,
 * docs/decisions/0050), with the same counters: the site's refusal is the failure, its tokens the
 * success, whatever the platform then says of the company.
 */
export async function logInCompany(
  input: { email: string; password: string; clientIp: string },
  deps: Deps,
): Promise<{ user: UserRow; tokens: TokenResponse }> {
  // The site answers first: the company's state is only told to someone who proved the password.
  const tokens = await withLoginLimits(deps, input, () =>
    deps.recruitmentSite.login(input.email, input.password),
  );
  const user = await admitRecruiter(deps, await findUserByEmail(deps.db, input.email));
  return { user, tokens };
}

export const refreshTokenSchema = z.object({ refreshToken: requiredText(4096) });

/**
 * A new token pair from the recruitment site, for a recruiter the platform still admits: a company
 * archived or refused since, or an account gone, gets UNAUTHENTICATED and the new pair is revoked at once,
 * whatever the site would still allow.
 */
export async function refreshRecruitmentTokens(
  input: { refreshToken: string },
  deps: Deps,
): Promise<TokenResponse> {
  const tokens = await deps.recruitmentSite.refresh(input.refreshToken);
  const claims = await deps.recruitmentSite.verifyAccessToken(tokens.accessToken);
  try {
    await admitRecruiter(deps, claims ? await findUserByEmail(deps.db, claims.email) : null);
  } catch {
    await deps.recruitmentSite.revoke(tokens.refreshToken);
    throw new AppError('UNAUTHENTICATED');
  }
  return tokens;
}
