import { eq } from 'drizzle-orm';
import type { Context } from 'hono';
import { users } from '../../db/schema.ts';
import { AppError } from '../errors.ts';
import { requireKind } from './authorization.ts';
import type { AppEnv } from './context.ts';

export const RECRUITMENT_TOKEN_HEADER = 'X-Recruitment-Token';

/**
 * For the operations that act on the recruitment site on the recruiter's behalf (API.md, Who is calling):
 * the site's access token sent beside the session, checked with the site and bound to the caller, so that
 * a token copied from another recruiter does not act for them. Returns the token to forward to the site.
 */
export async function requireRecruitmentToken(c: Context<AppEnv>): Promise<string> {
  const viewer = requireKind(c, 'recruiter');
  const accessToken = c.req.header(RECRUITMENT_TOKEN_HEADER)?.trim();
  if (!accessToken) throw new AppError('missing_lir_token');
  const { db, recruitmentSite } = c.var.deps;
  const [claims, [user]] = await Promise.all([
    recruitmentSite.verifyAccessToken(accessToken),
    db.select({ email: users.email }).from(users).where(eq(users.id, viewer.id)).limit(1),
  ]);
  if (!claims || !user || claims.email.trim().toLowerCase() !== user.email) {
    throw new AppError('UNAUTHENTICATED');
  }
  return accessToken;
}
