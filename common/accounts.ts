import { z } from 'zod';
import { PASSWORD_MIN_LENGTH, PROFILE_TYPES, type ProfileType, SCHOOL_LEVELS, SECTORS } from './constants.ts';
import { MESSAGES } from './messages.ts';

/**
 * The account forms' rules, shared by the islands (each step is checked before the next) and the API
 * (the whole input is checked again): one message per rule, in French.
 */
export const ACCOUNT_MESSAGES = {
  schoolLevels: 'Sélectionnez au moins un niveau : collège ou lycée',
  addressFromSuggestions: 'Choisissez une adresse dans la liste proposée',
  tooLong: (max: number) => `${max} caractères au maximum`,
} as const;

export const ESTABLISHMENT_TYPES = [
  'Collège',
  'Lycée général et technologique',
  'Lycée professionnel',
  'Lycée polyvalent',
  'Centre de formation d’apprentis',
  'Mission locale',
  'Agence France Travail',
  'Autre structure',
] as const;

export const PROFILE_TYPE_LABELS = {
  teacher: 'Enseignant ou enseignante',
  prescriber: 'Prescripteur ou prescriptrice',
  employmentPartner: "Partenaire de l'emploi ou de l'insertion",
} as const;

export const SCHOOL_LEVEL_LABELS = { college: 'Collège', lycee: 'Lycée' } as const;

export const requiredText = (max = 200) =>
  z
    .string({ error: MESSAGES.required })
    .trim()
    .min(1, { error: MESSAGES.required })
    .max(max, { error: ACCOUNT_MESSAGES.tooLong(max) });

export const emailField = z
  .string({ error: MESSAGES.required })
  .trim()
  .toLowerCase()
  .min(1, { error: MESSAGES.required })
  .pipe(z.email({ error: MESSAGES.invalidEmail }));

/** 0XXXXXXXXX; spaces, dots and dashes typed between the digits are dropped. */
export const phoneField = z
  .string({ error: MESSAGES.required })
  .transform((value) => value.replace(/[\s.-]/g, ''))
  .pipe(
    z
      .string()
      .min(1, { error: MESSAGES.required })
      .regex(/^0\d{9}$/, { error: MESSAGES.invalidPhone }),
  );

/** An optional phone: an empty field means none. */
export const optionalPhoneField = z
  .string()
  .optional()
  .transform((value) => value?.replace(/[\s.-]/g, '') || undefined)
  .pipe(
    z
      .string()
      .regex(/^0\d{9}$/, { error: MESSAGES.invalidPhone })
      .optional(),
  );

export const passwordField = z
  .string({ error: MESSAGES.required })
  .min(1, { error: MESSAGES.required })
  .refine(
    (value) =>
      value.length >= PASSWORD_MIN_LENGTH &&
      /[A-Z]/.test(value) &&
      /\d/.test(value) &&
      /[^A-Za-z0-9]/.test(value),
    { error: MESSAGES.invalidPassword },
  );

/** An address chosen among the geocoder's suggestions (the field cannot be typed freely). */
export const addressField = z.object(
  {
    label: z.string().trim().min(1),
    zipcode: z.string().regex(/^\d{5}$/),
    city: z.string().trim().min(1),
    lat: z.number().min(-90).max(90),
    lng: z.number().min(-180).max(180),
  },
  { error: ACCOUNT_MESSAGES.addressFromSuggestions },
);

/** The levels taught, collège and/or lycée (none is a valid answer for some profiles, see below). */
const schoolLevelsField = z.array(z.enum(SCHOOL_LEVELS), { error: ACCOUNT_MESSAGES.schoolLevels });

/**
 * Spec, section 5: "at least one school level". Only teachers teach at a level: prescribers and employment
 * partners may tick neither.
 */
export function missingSchoolLevels(profileType: unknown, schoolLevels: unknown): boolean {
  return profileType === 'teacher' && (!Array.isArray(schoolLevels) || schoolLevels.length === 0);
}

/** The levels' question: a teacher's pupils; the young people a prescriber or a partner follows, if any. */
export function schoolLevelsLegend(profileType: ProfileType | null): string {
  return profileType === 'teacher' || profileType === null
    ? 'Niveaux de vos élèves'
    : 'Niveaux des jeunes que vous accompagnez (facultatif)';
}

const schoolLevelsOfTeachers = {
  error: ACCOUNT_MESSAGES.schoolLevels,
  path: ['schoolLevels'],
  // Checked even when another field is wrong, so that the form shows every error at once.
  when: (payload: { value: unknown }) => typeof payload.value === 'object' && payload.value !== null,
};
const levelsGiven = (value: { profileType?: unknown; schoolLevels?: unknown }) =>
  !missingSchoolLevels(value.profileType, value.schoolLevels);

export const teacherSignUpSteps = {
  department: z.object({ departmentCode: requiredText(3) }),
  personal: z
    .object({
      firstName: requiredText(100),
      lastName: requiredText(100),
      email: emailField,
      phone: optionalPhoneField,
      password: passwordField,
      profileType: z.enum(PROFILE_TYPES, { error: MESSAGES.required }),
      schoolLevels: schoolLevelsField,
    })
    .refine(levelsGiven, schoolLevelsOfTeachers),
  establishment: z.object({
    establishment: z.object({
      name: requiredText(200),
      type: z.enum(ESTABLISHMENT_TYPES, { error: MESSAGES.required }),
      address: addressField,
    }),
  }),
  terms: z.object({ acceptTerms: z.literal(true, { error: MESSAGES.acceptTerms }) }),
} as const;

export const teacherSignUpSchema = teacherSignUpSteps.department
  .extend(teacherSignUpSteps.personal.shape)
  .extend(teacherSignUpSteps.establishment.shape)
  .extend(teacherSignUpSteps.terms.shape)
  .refine(levelsGiven, schoolLevelsOfTeachers);
export type TeacherSignUp = z.infer<typeof teacherSignUpSchema>;

export const loginSchema = z.object({
  email: emailField,
  password: z.string({ error: MESSAGES.required }).min(1, { error: MESSAGES.required }),
});

export const passwordResetRequestSchema = z.object({ email: emailField });

export const passwordResetSchema = z.object({
  token: z.string().min(1).max(200),
  password: passwordField,
});

/** The field errors of a failed parse, keyed by dotted path: what the forms show under each field. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) fields[issue.path.join('.') || '_'] ??= issue.message;
  return fields;
}

/** The teacher profile's blocks: each is saved on its own. */
export const teacherProfileBlocks = {
  public: z.object({
    firstName: requiredText(100),
    lastName: requiredText(100),
    description: z
      .string()
      .trim()
      .max(1000, { error: ACCOUNT_MESSAGES.tooLong(1000) })
      .optional(),
  }),
  /** A new e-mail needs the current password (checked on the server, where it is known). */
  contact: z.object({
    email: emailField,
    phone: optionalPhoneField,
    currentPassword: z.string().max(200).optional(),
  }),
  password: z.object({
    currentPassword: z.string({ error: MESSAGES.required }).min(1, { error: MESSAGES.required }),
    newPassword: passwordField,
  }),
  establishment: z.object({
    name: requiredText(200),
    type: z.enum(ESTABLISHMENT_TYPES, { error: MESSAGES.required }),
    address: addressField,
    // Required of teachers only: `establishmentBlockFor` (the form), the use case (the API).
    schoolLevels: schoolLevelsField,
  }),
  criteria: z.object({
    sectors: z.array(z.enum(SECTORS)).max(SECTORS.length),
    jobs: z.array(z.string().trim().min(1).max(200)).max(30, { error: 'Choisissez 30 métiers au plus' }),
  }),
  preferences: z
    .object({
      useEstablishmentAddress: z.boolean(),
      referenceAddress: addressField.nullable().optional(),
      weeklyMail: z.boolean(),
    })
    .refine((value) => value.useEstablishmentAddress || value.referenceAddress, {
      error: ACCOUNT_MESSAGES.addressFromSuggestions,
      path: ['referenceAddress'],
    }),
} as const;

/** The establishment block as a teacher of this profile fills it in: levels required of teachers only. */
export function establishmentBlockFor(profileType: ProfileType) {
  return teacherProfileBlocks.establishment.refine(
    (value) => levelsGiven({ profileType, schoolLevels: value.schoolLevels }),
    schoolLevelsOfTeachers,
  );
}
