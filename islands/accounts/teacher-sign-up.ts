import { PROFILE_TYPES, type ProfileType, SCHOOL_LEVELS, type SchoolLevel } from '../../common/constants.ts';
import type { AddressValue, TypedAddress } from '../address-post.ts';
import { ADDRESS_TEXT, addressInputs, type PostedFields, postedAddress } from '../address-post.ts';
import type { PostedInputs, WizardStart } from './sign-up-steps.ts';

/** The teacher sign-up's steps, in order, and what each is called on screen. */
export const STEPS = ['department', 'personal', 'establishment', 'terms'] as const;
export type Step = (typeof STEPS)[number];
/** The steps, and the screen of a department not open yet. */
export type Screen = Step | 'wrongDepartment';
export const STEP_TITLES: Record<Step, string> = {
  department: 'Votre département',
  personal: 'Vos informations',
  establishment: 'Votre établissement',
  terms: 'Conditions d’utilisation',
};

export interface TeacherSignUpValues {
  departmentCode: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  password: string;
  profileType: ProfileType | null;
  schoolLevels: SchoolLevel[];
  establishment: { name: string; type: string; address: AddressValue | null };
  acceptTerms: boolean;
}

export const EMPTY_VALUES: TeacherSignUpValues = {
  departmentCode: '',
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  password: '',
  profileType: 'teacher',
  schoolLevels: [],
  establishment: { name: '', type: '', address: null },
  acceptTerms: false,
};

export type TeacherSignUpStart = WizardStart<Screen, TeacherSignUpValues>;

export const FIRST_STEP: TeacherSignUpStart = {
  step: 'department',
  values: EMPTY_VALUES,
  errors: {},
  alert: null,
  addresses: {},
  passwordSeal: null,
};

/** The establishment's address field, by name in the form. */
export const ESTABLISHMENT_ADDRESS = 'establishmentAddress';

/** The step a field belongs to, so that a server error brings the teacher back where to fix it. */
export function stepOfField(path: string): Step {
  if (path === 'departmentCode') return 'department';
  if (path.startsWith('establishment')) return 'establishment';
  if (path === 'acceptTerms') return 'terms';
  return 'personal';
}

/**
 * Each step's inputs as a plain form posts them (the names its fields have), the password aside: the server
 * seals it. A step's form carries the other steps' as hidden inputs.
 */
const INPUTS_OF: Record<
  Step,
  (values: TeacherSignUpValues, addresses: Record<string, TypedAddress>) => PostedInputs
> = {
  department: (values) => [['departmentCode', values.departmentCode]],
  personal: (values) => [
    ['profileType', values.profileType ?? ''],
    ['firstName', values.firstName],
    ['lastName', values.lastName],
    ['email', values.email],
    ['phone', values.phone],
    ...values.schoolLevels.map((level) => ['schoolLevels', level] as const),
  ],
  establishment: ({ establishment }, addresses) => [
    ['establishmentName', establishment.name],
    ['establishmentType', establishment.type],
    ...addressInputs(ESTABLISHMENT_ADDRESS, establishment.address, addresses[ESTABLISHMENT_ADDRESS]),
  ],
  terms: (values) => (values.acceptTerms ? [['acceptTerms', 'on']] : []),
};

/** What the form of `screen` carries of the other steps. */
export function carriedInputs(
  screen: Screen,
  values: TeacherSignUpValues,
  addresses: Record<string, TypedAddress>,
): PostedInputs {
  return STEPS.filter((step) => step !== screen).flatMap((step) => INPUTS_OF[step](values, addresses));
}

/**
 * The wizard's values as a step's form posts them (its fields, the other steps' hidden inputs), the password
 * aside: read so by the page (pages/signup-teacher/signup-post.ts) and by the browser's check of the step
 * (islands/accounts/sign-up-checks.ts).
 */
export function teacherValuesOf({ fields, lists }: PostedFields, password: string): TeacherSignUpValues {
  const text = (name: string) => fields[name] ?? '';
  return {
    departmentCode: text('departmentCode'),
    firstName: text('firstName'),
    lastName: text('lastName'),
    email: text('email'),
    phone: text('phone'),
    password,
    profileType: PROFILE_TYPES.find((type) => type === text('profileType')) ?? null,
    schoolLevels: SCHOOL_LEVELS.filter((level) => lists.schoolLevels?.includes(level)),
    establishment: {
      name: text('establishmentName'),
      type: text('establishmentType'),
      address: postedAddress(fields, ESTABLISHMENT_ADDRESS),
    },
    acceptTerms: 'acceptTerms' in fields,
  };
}

/** The control that shows a value's message, where its name is not the value's path. */
export const TEACHER_CONTROLS: Record<string, string> = {
  'establishment.name': 'establishmentName',
  'establishment.type': 'establishmentType',
  'establishment.address': `${ESTABLISHMENT_ADDRESS}[${ADDRESS_TEXT}]`,
};
