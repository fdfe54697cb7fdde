import type { PageContextServer } from 'vike/types';
import { FIRST_STEP } from '../../islands/accounts/teacher-sign-up.ts';
import { listDepartments } from '../../server/territory/index.ts';
import { proConnectTeacherStart } from '../layout/proconnect-sign-up.ts';
import { plainTeacherSignUp } from './signup-post.ts';

/**
 * The departments to choose from, and where the wizard starts: its first step (prefilled after ProConnect), or
 * where a step's post left it.
 */
export async function data(pageContext: PageContextServer) {
  const departments = (await listDepartments(pageContext.deps.db)).map(({ code, name, active }) => ({
    code,
    name,
    active,
  }));
  const start =
    (await plainTeacherSignUp(pageContext, departments)) ?? (await proConnectTeacherStart(pageContext));
  return { departments, start: start ?? FIRST_STEP };
}

export type Data = Awaited<ReturnType<typeof data>>;
