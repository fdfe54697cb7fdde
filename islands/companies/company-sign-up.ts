import type { Sector } from '../../common/constants.ts';
import { type AddressValue, addressInputs, type TypedAddress } from '../AddressField.tsx';
import type { WizardStart } from '../accounts/useWizard.ts';
import type { PostedInputs } from '../accounts/WizardParts.tsx';

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

/** What the register said of the SIRET typed (its look-up with JavaScript, the step's post without). */
export type Lookup = 'idle' | 'loading' | 'found' | 'notFound' | 'registered';

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
