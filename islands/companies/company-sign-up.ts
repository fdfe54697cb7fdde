import { fieldErrors } from '../../common/accounts.ts';
import { SECTORS, type Sector } from '../../common/constants.ts';
import { joinRequestSchema, TEAM_MESSAGES } from '../../common/team.ts';
import type { PostedInputs, WizardStart } from '../accounts/sign-up-steps.ts';
import {
  ADDRESS_TEXT,
  type AddressValue,
  addressInputs,
  type PostedFields,
  postedAddress,
  type TypedAddress,
} from '../address-post.ts';

/** The company sign-up's steps, in order, and what each is called on screen. */
export const STEPS = ['department', 'identity', 'activity', 'person', 'password', 'terms', 'done'] as const;
export type Step = (typeof STEPS)[number];
export type FormStep = Exclude<Step, 'done'>;
/**
 * The steps, the screen of a department not open yet, and the request to join the company of a SIRET already
 * registered (issue 21).
 */
export type Screen = Step | 'wrongDepartment' | 'join';
export const STEP_TITLES: Record<Step, string> = {
  department: 'Votre département',
  identity: 'Votre entreprise',
  activity: 'Son activité',
  person: 'Vos coordonnées',
  password: 'Votre mot de passe',
  terms: 'Conditions d’utilisation',
  done: 'Inscription enregistrée',
};

export interface CompanySignUpValues {
  departmentCode: string;
  siret: string;
  name: string;
  address: AddressValue | null;
  nafCode: string;
  sector: Sector | '';
  phone: string;
  user: { firstName: string; lastName: string; email: string; phone: string };
  password: string;
  passwordConfirmation: string;
  acceptTerms: boolean;
}

export const EMPTY_VALUES: CompanySignUpValues = {
  departmentCode: '',
  siret: '',
  name: '',
  address: null,
  nafCode: '',
  sector: '',
  phone: '',
  user: { firstName: '', lastName: '', email: '', phone: '' },
  password: '',
  passwordConfirmation: '',
  acceptTerms: false,
};

/** A request to join sent: to the admins now, or kept until the operators validate the company (0082). */
export type JoinSent = 'toAdmins' | 'awaitingValidation';

/** What the register said of the SIRET typed, when the identity step was posted. */
export type Lookup = 'idle' | 'found' | 'notFound' | 'registered';

export interface CompanySignUpStart extends WizardStart<Screen, CompanySignUpValues> {
  lookup: Lookup;
  /** The department found closed: the one chosen, or the one of the company's address. */
  closedDepartment: string | null;
  joinSent: JoinSent | null;
}

export const FIRST_STEP: CompanySignUpStart = {
  step: 'department',
  values: EMPTY_VALUES,
  errors: {},
  alert: null,
  addresses: {},
  passwordSeal: null,
  lookup: 'idle',
  closedDepartment: null,
  joinSent: null,
};

/** The company's address field, by name in the form; its recruiter's phone beside the company's own. */
export const COMPANY_ADDRESS = 'address';
export const USER_PHONE = 'userPhone';
/** « Demander à rejoindre cette entreprise »: the identity step's second submit. */
export const JOIN_INTENT = 'join';

/**
 * Each step's inputs as a plain form posts them (the names its fields have), the password aside: the server
 * seals it. A step's form carries the other steps' as hidden inputs.
 */
const INPUTS_OF: Record<
  Step,
  (values: CompanySignUpValues, addresses: Record<string, TypedAddress>) => PostedInputs
> = {
  department: (values) => [['departmentCode', values.departmentCode]],
  identity: (values, addresses) => [
    ['siret', values.siret],
    ['name', values.name],
    ...addressInputs(COMPANY_ADDRESS, values.address, addresses[COMPANY_ADDRESS]),
  ],
  activity: (values) => [
    ['nafCode', values.nafCode],
    ['sector', values.sector],
    ['phone', values.phone],
  ],
  person: ({ user }) => [
    ['firstName', user.firstName],
    ['lastName', user.lastName],
    ['email', user.email],
    [USER_PHONE, user.phone],
  ],
  password: () => [],
  terms: (values) => (values.acceptTerms ? [['acceptTerms', 'on']] : []),
  done: () => [],
};

/** The steps a screen shows: the request to join asks again the person, the password and the terms. */
const SHOWN: Record<Screen, readonly Step[]> = {
  ...(Object.fromEntries(STEPS.map((step) => [step, [step]])) as Record<Step, Step[]>),
  wrongDepartment: [],
  join: ['person', 'password', 'terms'],
};

/** What the form of `screen` carries of the other steps. */
export function carriedInputs(
  screen: Screen,
  values: CompanySignUpValues,
  addresses: Record<string, TypedAddress>,
): PostedInputs {
  return STEPS.filter((step) => !SHOWN[screen].includes(step)).flatMap((step) =>
    INPUTS_OF[step](values, addresses),
  );
}

/** The step a field belongs to, so that a server error brings the company back where to fix it. */
export function stepOfField(path: string): FormStep {
  if (path === 'departmentCode') return 'department';
  if (path === 'siret' || path === 'name' || path.startsWith('address')) return 'identity';
  if (path === 'nafCode' || path === 'sector' || path === 'phone') return 'activity';
  if (path.startsWith('user')) return 'person';
  if (path.startsWith('password')) return 'password';
  return 'terms';
}

/**
 * The wizard's values as a step's form posts them (its fields, the other steps' hidden inputs), the password
 * aside: read so by the page (pages/signup-company/signup-post.ts) and by the browser's check of the step
 * (islands/accounts/sign-up-checks.ts).
 */
export function companyValuesOf(
  { fields }: PostedFields,
  password: { password: string; confirmation: string },
): CompanySignUpValues {
  const text = (name: string) => fields[name] ?? '';
  return {
    departmentCode: text('departmentCode'),
    siret: text('siret'),
    name: text('name'),
    address: postedAddress(fields, COMPANY_ADDRESS),
    nafCode: text('nafCode'),
    sector: SECTORS.find((sector) => sector === text('sector')) ?? '',
    phone: text('phone'),
    user: {
      firstName: text('firstName'),
      lastName: text('lastName'),
      email: text('email'),
      phone: text(USER_PHONE),
    },
    password: password.password,
    passwordConfirmation: password.confirmation,
    acceptTerms: 'acceptTerms' in fields,
  };
}

/** The control that shows a value's message, where its name is not the value's path. */
export const COMPANY_CONTROLS: Record<string, string> = {
  address: `${COMPANY_ADDRESS}[${ADDRESS_TEXT}]`,
  'user.firstName': 'firstName',
  'user.lastName': 'lastName',
  'user.email': 'email',
  'user.phone': USER_PHONE,
};

/** The request to join as `joinRequestSchema` reads it, from the sign-up's values. */
export function joinRequestOf(values: CompanySignUpValues) {
  return {
    siret: values.siret,
    ...values.user,
    password: values.password,
    acceptTerms: values.acceptTerms,
  };
}

/** The request to join checked as its form shows it, every message at once: its rule, and the confirmation. */
export function joinRequestErrors(values: CompanySignUpValues): Record<string, string> {
  const checked = joinRequestSchema.safeParse(joinRequestOf(values));
  const errors = checked.success ? {} : fieldErrors(checked.error);
  if (values.password !== values.passwordConfirmation) {
    errors.passwordConfirmation = TEAM_MESSAGES.passwordMismatch;
  }
  return errors;
}
