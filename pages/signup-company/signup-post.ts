import { redirect } from 'vike/abort';
import type { PageContextServer } from 'vike/types';
import { z } from 'zod';
import { fieldErrors } from '../../common/accounts.ts';
import { companySignUpSchema, companySignUpSteps } from '../../common/companies.ts';
import { ERROR_MESSAGES } from '../../common/errors.ts';
import { ROUTES } from '../../common/routes.ts';
import { siretSchema } from '../../common/siret.ts';
import { joinRequestSchema } from '../../common/team.ts';
import { WIZARD_BACK } from '../../islands/accounts/sign-up-steps.ts';
import {
  COMPANY_ADDRESS,
  type CompanySignUpStart,
  type CompanySignUpValues,
  companyValuesOf,
  EMPTY_VALUES,
  FIRST_STEP,
  JOIN_INTENT,
  joinRequestErrors,
  joinRequestOf,
  type Lookup,
  type Screen,
  STEPS,
  type Step,
  stepOfField,
} from '../../islands/companies/company-sign-up.ts';
import { placedAddress, prefillCompanyIdentity, signUpCompany } from '../../server/companies/index.ts';
import { AppError } from '../../server/kernel/errors.ts';
import { parseInput } from '../../server/kernel/validation.ts';
import { requestToJoinCompany } from '../../server/teams/index.ts';
import { type FormPost, formPostOf, refusalOf } from '../layout/form-post.ts';
import type { DepartmentChoice } from '../layout/sign-up/WrongDepartment.tsx';
import { postedPassword, postedStep, resultOf, sealedResult } from '../layout/wizard-post.ts';

const SCREENS: readonly Screen[] = [...STEPS, 'wrongDepartment', 'join'];

/** The result pages' addresses: the sign-up recorded, the request to join sent (their facts sealed). */
const DONE_PARAM = 'inscrite';
const JOINED_PARAM = 'demande';
const doneSchema = z.object({ name: z.string(), email: z.string() });
const joinedSchema = z.object({ name: z.string(), email: z.string(), awaitingValidation: z.boolean() });

/**
 * The identity step's look-up, as the island's on typing the SIRET (`prefillCompanyIdentity`, the API's
 * `companyIdentity`): a company already signed up with it is said under the SIRET, with the offer to ask to
 * join it; otherwise the register fills what is still empty, and the step is shown again to be checked. The
 * register is a convenience: when it cannot be asked, the step goes on as typed.
 */
async function lookedUp(
  pageContext: PageContextServer,
  post: FormPost,
  values: CompanySignUpValues,
): Promise<{ values: CompanySignUpValues; lookup: Lookup; filled: boolean }> {
  const siret = siretSchema.safeParse(values.siret);
  if (!siret.success) return { values, lookup: 'idle', filled: false };
  const clientIp = pageContext.runtime.hono.get('clientIp');
  const found = await prefillCompanyIdentity({ siret: siret.data, clientIp }, pageContext.deps).catch(
    (error: unknown) => {
      if (error instanceof AppError) return null;
      throw error;
    },
  );
  if (!found) return { values, lookup: 'idle', filled: false };
  if (found.alreadyRegistered) return { values, lookup: 'registered', filled: false };
  if (!found.name) return { values, lookup: 'notFound', filled: false };
  const placed = placedAddress(found.address);
  const prefill: Partial<CompanySignUpValues> = {
    ...(!values.name.trim() && { name: found.name }),
    ...(!values.nafCode.trim() && found.nafCode && { nafCode: found.nafCode }),
    // An address typed (settled or not) stays the person's own.
    ...(!values.address && !post.addresses[COMPANY_ADDRESS] && placed && { address: placed }),
  };
  const filled = Object.keys(prefill).length > 0;
  return { values: { ...values, ...prefill }, lookup: filled ? 'found' : 'idle', filled };
}

/**
 * The company sign-up's steps posted without JavaScript (PRODUCT.md, HTML first; docs/decisions/0087):
 * each step checked with the wizard's own rule (every message at once), « Retour » without a check, the
 * SIRET looked up as the island does, an inactive department to its screen; the last step through
 * `signUpCompany` with the API's schema, then its result page. A SIRET already signed up offers the request
 * to join its company (`requestToJoinCompany`, as the API). Null for a GET that shows no result; otherwise
 * where the wizard starts again.
 */
export async function plainCompanySignUp(
  pageContext: PageContextServer,
  departments: DepartmentChoice[],
): Promise<CompanySignUpStart | null> {
  const post = await formPostOf(pageContext);
  if (!post) return resultStart(pageContext);
  const current = postedStep(post, SCREENS);
  const password = await postedPassword(pageContext, post);
  let values = companyValuesOf(post, password);
  let lookup: Lookup = 'idle';
  const at = (
    step: Screen,
    errors: Record<string, string> = {},
    alert: string | null = null,
    closedDepartment: string | null = null,
  ): CompanySignUpStart => ({
    step,
    values: { ...values, password: '', passwordConfirmation: '' },
    errors,
    alert,
    addresses: post.addresses,
    passwordSeal: password.seal,
    posted: true,
    lookup,
    closedDepartment,
    joinSent: null,
  });

  if (current === 'wrongDepartment' || current === 'done') return at('department');
  if (current === 'join') {
    lookup = 'registered';
    return post.intent === WIZARD_BACK ? at('identity') : joinRequest(pageContext, post, values, at);
  }
  const index = STEPS.indexOf(current);
  if (post.intent === WIZARD_BACK) return at(STEPS[Math.max(index - 1, 0)] as Step);

  let filled = false;
  if (current === 'identity') ({ values, lookup, filled } = await lookedUp(pageContext, post, values));
  // The request to join is for a SIRET signed up; one typed again since goes on as « Continuer ».
  if (post.intent === JOIN_INTENT && lookup === 'registered') return at('join');
  const checked = companySignUpSteps[current].safeParse(values);
  const errors = checked.success ? {} : fieldErrors(checked.error);
  if (lookup === 'registered') errors.siret = ERROR_MESSAGES.company_already_exists;
  if (Object.keys(errors).length > 0 || filled) return at(current, errors);
  if (current === 'department') {
    const open = departments.some((d) => d.code === values.departmentCode && d.active);
    return open ? at('identity') : at('wrongDepartment', {}, null, values.departmentCode);
  }
  if (current !== 'terms') return at(STEPS[index + 1] as Step);

  const clientIp = pageContext.runtime.hono.get('clientIp');
  let done = '';
  const refusal = await refusalOf(post, async () => {
    const input = parseInput(companySignUpSchema, values);
    const company = await signUpCompany({ ...input, clientIp }, pageContext.deps);
    done = await sealedResult(pageContext, { name: company.name, email: input.user.email });
  });
  if (!refusal) throw redirect(`${ROUTES.signUpCompany}?${DONE_PARAM}=${done}`);
  const message = refusal.alert ?? '';
  if (refusal.code === 'wrong_department') {
    const closed = refusal.extensions.departmentCode;
    return at('wrongDepartment', {}, null, typeof closed === 'string' ? closed : values.departmentCode);
  }
  if (refusal.code === 'company_already_exists') {
    lookup = 'registered';
    return at('identity', { siret: message });
  }
  if (refusal.code === 'email_already_exists' || refusal.code === 'cannot_create_ir_recruiter') {
    return at('person', { 'user.email': message });
  }
  const [first] = Object.keys(refusal.errors);
  if (first) return at(stepOfField(first), refusal.errors);
  return at('terms', {}, refusal.alert);
}

/**
 * « Envoyer ma demande » without JavaScript: the person, password and terms checked at once as the island
 * does, then `requestToJoinCompany`; its result page says whether the admins were told now or the company
 * awaits validation (docs/decisions/0082).
 */
async function joinRequest(
  pageContext: PageContextServer,
  post: FormPost,
  values: CompanySignUpValues,
  at: (step: Screen, errors?: Record<string, string>, alert?: string | null) => CompanySignUpStart,
): Promise<CompanySignUpStart> {
  const errors = joinRequestErrors(values);
  if (Object.keys(errors).length > 0) return at('join', errors);
  let joined = '';
  const refusal = await refusalOf(post, async () => {
    const input = parseInput(joinRequestSchema, joinRequestOf(values));
    const clientIp = pageContext.runtime.hono.get('clientIp');
    const { awaitingValidation } = await requestToJoinCompany({ ...input, clientIp }, pageContext.deps);
    joined = await sealedResult(pageContext, { name: values.name, email: input.email, awaitingValidation });
  });
  if (!refusal) throw redirect(`${ROUTES.signUpCompany}?${JOINED_PARAM}=${joined}`);
  if (refusal.code === 'email_already_exists') return at('join', { email: refusal.alert ?? '' });
  return at('join', refusal.errors, Object.keys(refusal.errors).length > 0 ? null : refusal.alert);
}

/** A result page (the sign-up recorded, the request sent): what the wizard's last screen says. */
async function resultStart(pageContext: PageContextServer): Promise<CompanySignUpStart | null> {
  const search = pageContext.urlParsed.search;
  const result = (name: string, email: string) => ({
    values: { ...EMPTY_VALUES, name, user: { ...EMPTY_VALUES.user, email } },
  });
  const done = await resultOf(pageContext, search[DONE_PARAM], doneSchema);
  if (done) return { ...FIRST_STEP, step: 'done', ...result(done.name, done.email) };
  const joined = await resultOf(pageContext, search[JOINED_PARAM], joinedSchema);
  if (!joined) return null;
  return {
    ...FIRST_STEP,
    step: 'join',
    ...result(joined.name, joined.email),
    joinSent: joined.awaitingValidation ? 'awaitingValidation' : 'toAdmins',
  };
}
