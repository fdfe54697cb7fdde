import type { PageContextServer } from 'vike/types';
import { FIRST_STEP } from '../../islands/companies/company-sign-up.ts';
import { listDepartments } from '../../server/territory/index.ts';
import { proConnectCompanyStart } from '../layout/proconnect-sign-up.ts';
import { plainCompanySignUp } from './signup-post.ts';

/**
 * The departments to choose from, and where the wizard starts: its first step (prefilled after ProConnect, or its
 * request to join a company already here), where a step's post left it, or the result page a post led to.
 */
export async function data(pageContext: PageContextServer) {
  const departments = (await listDepartments(pageContext.deps.db)).map(({ code, name, active }) => ({
    code,
    name,
    active,
  }));
  const start =
    (await plainCompanySignUp(pageContext, departments)) ?? (await proConnectCompanyStart(pageContext));
  return { departments, start: start ?? FIRST_STEP };
}

export type Data = Awaited<ReturnType<typeof data>>;
