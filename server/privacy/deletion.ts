import { z } from 'zod';
import { MESSAGES } from '../../common/messages.ts';
import { checkPassword, findUserById } from '../accounts/index.ts';
import type { Deps } from '../kernel/context.ts';
import { AppError } from '../kernel/errors.ts';
import type { Viewer } from '../kernel/viewer.ts';
import { requireKind } from '../permissions.ts';
import { forgetPerson } from './forget.ts';

export const deletionInput = z.object({
  password: z.string({ error: MESSAGES.required }).min(1, { error: MESSAGES.required }).max(200),
});

/**
 * The teacher's account deletion (PRODUCT.md, Accounts), confirmed with the current password (limited
 * tries). See forgetPerson for what it does.
 */
export async function requestAccountDeletion(
  viewer: Viewer | null,
  input: { password: string; clientIp: string },
  deps: Deps,
): Promise<void> {
  const caller = requireKind(viewer, 'teacher');
  const teacher = await findUserById(deps.db, caller.id);
  if (teacher?.kind !== 'teacher' || teacher.anonymizedAt) throw new AppError('NOT_FOUND');
  await checkPassword(deps, teacher, input.password, input.clientIp, 'password');
  await forgetPerson(teacher, 'requested', deps);
}
