import { z } from 'zod';
import type { Deps } from '../kernel/context.ts';
import type { Viewer } from '../kernel/viewer.ts';
import { findUserById } from './users.ts';

export const logoutSchema = z.object({ refreshToken: z.string().max(4096).nullish() });

/**
 * What ends with a recruiter's session beyond it: their access to the recruitment site (the refresh token
 * the client held, and every other where the site allows it), so that a shared computer keeps nothing
 * that logs back in. The session itself is ended by the caller (cookie and row). A site that cannot be
 * reached does not stop a logout: its tokens expire on their own.
 */
export async function endRecruitmentAccess(
  viewer: Viewer | null,
  input: { refreshToken?: string | null | undefined },
  deps: Deps,
): Promise<void> {
  if (viewer?.kind !== 'recruiter') return;
  const user = await findUserById(deps.db, viewer.id);
  try {
    if (input.refreshToken) await deps.recruitmentSite.revoke(input.refreshToken);
    if (user) await deps.recruitmentSite.revokeAll(user.email);
  } catch (error) {
    deps.log.warn('recruitment site tokens not revoked at logout', {
      userId: viewer.id,
      error: String(error),
    });
  }
}
