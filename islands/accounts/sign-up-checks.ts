import '../no-eval.ts';
import type { z } from 'zod';
import { fieldErrors, teacherSignUpSteps } from '../../common/accounts.ts';
import { companySignUpSteps } from '../../common/companies.ts';
import { ADDRESS_TEXT, type PostedFields, postedFieldsOf } from '../address-post.ts';
import {
  COMPANY_ADDRESS,
  COMPANY_CONTROLS,
  companyValuesOf,
  type FormStep,
  joinRequestErrors,
  USER_PHONE,
} from '../companies/company-sign-up.ts';
import type { LightValues } from '../light-form.ts';
import { WIZARD_FIELDS } from './sign-up-steps.ts';
import { ESTABLISHMENT_ADDRESS, STEPS, TEACHER_CONTROLS, teacherValuesOf } from './teacher-sign-up.ts';

/*
 * The sign-ups' steps checked in the browser before they are posted (docs/decisions/0094): each step's rule
 * of common/, on the values read from the form as the page reads them (`teacherValuesOf`, `companyValuesOf`),
 * each message under the control that shows its value. What only the server knows is left to it: an address
 * typed and not chosen among the suggestions (the page settles it), a password it sealed, a SIRET signed up,
 * and what the register knows of a valid SIRET (the page fills the company's name and address from it).
 */

function errorsOf(rule: z.ZodType, values: unknown): Record<string, string> {
  const checked = rule.safeParse(values);
  return checked.success ? {} : fieldErrors(checked.error);
}

/**
 * The messages by control: `controls` names the ones whose name is not the value's path. A password left
 * empty beside the one the server sealed is kept; a typed address is the server's to settle.
 */
function byControl(
  errors: Record<string, string>,
  controls: Record<string, string>,
  { fields }: PostedFields,
  address: string,
): Record<string, string> {
  const shown: Record<string, string> = {};
  const sealedKept = Boolean(fields[WIZARD_FIELDS.passwordSeal]) && !fields.password;
  const typedAddress = `${address}[${ADDRESS_TEXT}]`;
  for (const [path, message] of Object.entries(errors)) {
    const control = controls[path] ?? path;
    if (sealedKept && (control === 'password' || control === 'passwordConfirmation')) continue;
    if (control === typedAddress && fields[typedAddress]?.trim()) continue;
    shown[control] = message;
  }
  return shown;
}

export function teacherSignUpCheck(values: LightValues): Record<string, string> {
  const post = postedFieldsOf(values);
  const step = STEPS.find((name) => name === post.fields[WIZARD_FIELDS.step]);
  if (!step) return {};
  const errors = errorsOf(teacherSignUpSteps[step], teacherValuesOf(post, post.fields.password ?? ''));
  return byControl(errors, TEACHER_CONTROLS, post, ESTABLISHMENT_ADDRESS);
}

export function companySignUpCheck(values: LightValues): Record<string, string> {
  const post = postedFieldsOf(values);
  const step = post.fields[WIZARD_FIELDS.step];
  const password = {
    password: post.fields.password ?? '',
    confirmation: post.fields.passwordConfirmation ?? '',
  };
  const signUp = companyValuesOf(post, password);
  if (step === 'join') {
    return byControl(joinRequestErrors(signUp), { phone: USER_PHONE }, post, COMPANY_ADDRESS);
  }
  if (!step || !(step in companySignUpSteps)) return {};
  const errors = errorsOf(companySignUpSteps[step as FormStep], signUp);
  if (step === 'identity' && !errors.siret) {
    delete errors.name;
    delete errors.address;
  }
  return byControl(errors, COMPANY_CONTROLS, post, COMPANY_ADDRESS);
}
