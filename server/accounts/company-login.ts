import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { departments } from '../../db/schema.ts';
import { findCompanyById } from '../companies/index.ts';
import { AppError } from '../errors.ts';
import { RATE_LIMITS, type RateLimiter } from '../http/rate-limit.ts';
import type { RecruitmentSite, TokenResponse } from '../ports/recruitment-site.ts';
import { findUserByEmail, type UserRow } from './users.ts';

/**
 * A recruiter logs in with the recruitment site's credentials (PRODUCT.md, Recruitment-site connector),
 * then the platform checks its own side: a recruiter account, a validated company, an open department.
 * Shares the teachers' login counters: 10 tries per 15 min per e-mail and per address.
 */
export async function logInCompany(
  deps: { db: Db; now: Date; rateLimiter: RateLimiter; recruitmentSite: RecruitmentSite },
  input: { email: string; password: string; clientIp: string },
): Promise<{ user: UserRow; tokens: TokenResponse }> {
  deps.rateLimiter.consume(
    [`login:email:${input.email}`, `login:ip:${input.clientIp}`],
    RATE_LIMITS.login,
    deps.now,
  );
  // The site answers first: the company's state is only told to someone who proved the password.
  const tokens = await deps.recruitmentSite.login(input.email, input.password);
  const user = await findUserByEmail(deps.db, input.email);
  if (user?.kind !== 'recruiter' || user.anonymizedAt) throw new AppError('wrong_credentials');
  const company = user.companyId ? await findCompanyById(deps.db, user.companyId) : null;
  if (company?.status !== 'validated') throw new AppError('company_not_found');
  const [department] = company.departmentCode
    ? await deps.db
        .select({ active: departments.active })
        .from(departments)
        .where(eq(departments.code, company.departmentCode))
    : [];
  if (!department?.active) throw new AppError('cst_not_authorized');
  return { user, tokens };
}
