import type { Sector } from '../../common/constants.ts';
import type { AddressValue } from '../AddressField.tsx';

/** The company sign-up's steps, in order, and what each is called on screen. */
export const STEPS = ['department', 'identity', 'activity', 'person', 'password', 'terms', 'done'] as const;
export type Step = (typeof STEPS)[number];
export type FormStep = Exclude<Step, 'done'>;
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

/** The step a field belongs to, so that a server error brings the company back where to fix it. */
export function stepOfField(path: string): FormStep {
  if (path === 'departmentCode') return 'department';
  if (path === 'siret' || path === 'name' || path.startsWith('address')) return 'identity';
  if (path === 'nafCode' || path === 'sector' || path === 'phone') return 'activity';
  if (path.startsWith('user')) return 'person';
  if (path.startsWith('password')) return 'password';
  return 'terms';
}
