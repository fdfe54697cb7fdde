import type { PageContextServer } from 'vike/types';
import type { TeacherSignUpStart } from '../../islands/accounts/teacher-sign-up.ts';
import {
  EMPTY_VALUES as TEACHER_EMPTY,
  FIRST_STEP as TEACHER_FIRST,
} from '../../islands/accounts/teacher-sign-up.ts';
import {
  EMPTY_VALUES as COMPANY_EMPTY,
  FIRST_STEP as COMPANY_FIRST,
  type CompanySignUpStart,
} from '../../islands/companies/company-sign-up.ts';
import { PREFILL_PARAM, signUpPrefillOf } from '../../server/proconnect/index.ts';

/**
 * Where a sign-up starts for someone ProConnect vouched for who has no account (docs/decisions/0095): the wizard's
 * own first screen with what ProConnect and the register said already filled in, from the sealed prefill of the
 * address (`?proconnect=`). Null without one (or one that does not open): the wizard's usual start.
 */
export async function proConnectTeacherStart(
  pageContext: PageContextServer,
): Promise<TeacherSignUpStart | null> {
  const prefill = await prefillOf(pageContext, ['teacher']);
  if (!prefill) return null;
  const { firstName, lastName, email } = prefill;
  return { ...TEACHER_FIRST, values: { ...TEACHER_EMPTY, firstName, lastName, email } };
}

/**
 * The company sign-up, prefilled: its first step with the SIRET, the register's identity of the company and the
 * person; or, for a SIRET a company here has, its request to join that company.
 */
export async function proConnectCompanyStart(
  pageContext: PageContextServer,
): Promise<CompanySignUpStart | null> {
  const prefill = await prefillOf(pageContext, ['company', 'join']);
  if (!prefill) return null;
  const { firstName, lastName, email, company } = prefill;
  const values = {
    ...COMPANY_EMPTY,
    siret: prefill.siret ?? '',
    name: company?.name ?? '',
    nafCode: company?.nafCode ?? '',
    address: company?.address ?? null,
    user: { ...COMPANY_EMPTY.user, firstName, lastName, email },
  };
  if (prefill.wizard === 'join') return { ...COMPANY_FIRST, step: 'join', values, lookup: 'registered' };
  return { ...COMPANY_FIRST, values, lookup: company ? 'found' : 'idle' };
}

function prefillOf(pageContext: PageContextServer, wizards: Parameters<typeof signUpPrefillOf>[1]) {
  return signUpPrefillOf(pageContext.urlParsed.search[PREFILL_PARAM], wizards, pageContext.deps);
}
