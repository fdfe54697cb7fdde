import { z } from 'zod';
import { PROFILE_TYPES, type ProfileType, SCHOOL_LEVELS, SECTORS } from './constants.ts';
import { currentPasswordField, emailField, passwordField } from './credentials.ts';
import { MESSAGES } from './messages.ts';
import { POSTCODE_AREAS } from './postcode-areas.ts';
import { departmentOfZipcode } from './territory.ts';
import { multiLineText, singleLineText, TEXT_MAX, TEXT_MESSAGES } from './text.ts';

export {
  emailField,
  loginSchema,
  passwordField,
  passwordResetRequestSchema,
  passwordResetSchema,
} from './credentials.ts';
export { fieldErrors } from './field-errors.ts';

/**
 * The account forms' rules, shared by the islands (each step is checked before the next) and the API
 * (the whole input is checked again): one message per rule, in French.
 */
export const ACCOUNT_MESSAGES = {
  schoolLevels: 'Sélectionnez au moins un niveau : collège ou lycée',
  addressFromSuggestions: 'Choisissez une adresse dans la liste proposée',
  /** An address typed and posted without JavaScript that the geocoder does not know (docs/decisions/0087). */
  addressNotFound: (text: string) =>
    `Aucune adresse ne correspond à «\u00a0${text}\u00a0»\u00a0: vérifiez-la, ou indiquez la commune et son code postal`,
  /** …that names several places: they are listed under the field. */
  addressChoices: (text: string) =>
    `Plusieurs adresses correspondent à «\u00a0${text}\u00a0»\u00a0: choisissez la vôtre ci-dessous`,
  pointOutsidePostcode:
    'Le point de cette adresse n’est pas dans le département de son code postal : choisissez une adresse dans la liste proposée',
  tooLong: TEXT_MESSAGES.tooLong,
  emailNeedsPassword: 'Saisissez votre mot de passe actuel pour changer d’adresse e-mail',
  contactNeedsPassword:
    'Saisissez votre mot de passe actuel : il confirme auprès du site de recrutement que c’est bien vous',
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
  employmentPartner: 'Partenaire de l’emploi ou de l’insertion',
} as const;

export const SCHOOL_LEVEL_LABELS = { college: 'Collège', lycee: 'Lycée' } as const;

/** One line of text, required (common/text.ts: no line breaks, control or bidi characters). */
export const requiredText = (max = 200) => singleLineText(max);

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

/** An optional phone: an empty field, or `null` from a GraphQL client (`phone: String` is nullable), means none. */
export const optionalPhoneField = z
  .string()
  .nullish()
  .transform((value) => value?.replace(/[\s.-]/g, '') || undefined)
  .pipe(
    z
      .string()
      .regex(/^0\d{9}$/, { error: MESSAGES.invalidPhone })
      .optional(),
  );

/**
 * Whether a point lies in the area of its postcode's department (common/postcode-areas.ts, the
 * communes' box widened by 20 km): a point at 0,0 with the postcode 69001 is not an address in Lyon.
 */
export function pointMatchesPostcode(address: { zipcode: string; lat: number; lng: number }): boolean {
  const department = departmentOfZipcode(address.zipcode);
  const area = department ? POSTCODE_AREAS[department] : undefined;
  if (!area) return false;
  const [minLat, maxLat, minLng, maxLng] = area;
  return address.lat >= minLat && address.lat <= maxLat && address.lng >= minLng && address.lng <= maxLng;
}

const coordinate = (limit: number) =>
  z
    .number({ error: ACCOUNT_MESSAGES.addressFromSuggestions })
    .min(-limit, { error: ACCOUNT_MESSAGES.addressFromSuggestions })
    .max(limit, { error: ACCOUNT_MESSAGES.addressFromSuggestions });

/** An address chosen among the geocoder's suggestions (the field cannot be typed freely). */
export const addressField = z
  .object(
    {
      label: singleLineText(TEXT_MAX.addressLabel),
      zipcode: z
        .string({ error: ACCOUNT_MESSAGES.addressFromSuggestions })
        .regex(/^\d{5}$/, { error: ACCOUNT_MESSAGES.addressFromSuggestions }),
      city: singleLineText(TEXT_MAX.city),
      lat: coordinate(90),
      lng: coordinate(180),
    },
    { error: ACCOUNT_MESSAGES.addressFromSuggestions },
  )
  .refine(pointMatchesPostcode, {
    error: ACCOUNT_MESSAGES.pointOutsidePostcode,
    // Only a well-formed address is compared; a malformed one already has its message.
    when: (payload) => payload.issues.length === 0,
  });

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
      firstName: requiredText(TEXT_MAX.personName),
      lastName: requiredText(TEXT_MAX.personName),
      email: emailField,
      phone: optionalPhoneField,
      password: passwordField,
      profileType: z.enum(PROFILE_TYPES, { error: MESSAGES.required }),
      schoolLevels: schoolLevelsField,
    })
    .refine(levelsGiven, schoolLevelsOfTeachers),
  establishment: z.object({
    establishment: z.object({
      name: requiredText(TEXT_MAX.establishmentName),
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

/** The teacher profile's blocks: each is saved on its own. */
/** A user's name, the recruiter profile's first block. */
export const nameBlock = z.object({
  firstName: requiredText(TEXT_MAX.personName),
  lastName: requiredText(TEXT_MAX.personName),
});

export const teacherProfileBlocks = {
  public: z.object({
    firstName: requiredText(TEXT_MAX.personName),
    lastName: requiredText(TEXT_MAX.personName),
    description: multiLineText(TEXT_MAX.teacherDescription),
  }),
  /** A new e-mail needs the current password (checked on the server, where it is known; `contactBlockFor`). */
  contact: z.object({
    email: emailField,
    phone: optionalPhoneField,
    currentPassword: z.string().max(200).optional(),
  }),
  password: z.object({
    currentPassword: currentPasswordField,
    newPassword: passwordField,
  }),
  establishment: z.object({
    name: requiredText(TEXT_MAX.establishmentName),
    type: z.enum(ESTABLISHMENT_TYPES, { error: MESSAGES.required }),
    address: addressField,
    // Required of teachers only: `establishmentBlockFor` (the form), the use case (the API).
    schoolLevels: schoolLevelsField,
  }),
  criteria: z.object({
    sectors: z.array(z.enum(SECTORS)).max(SECTORS.length),
    jobs: z
      .array(singleLineText(TEXT_MAX.jobLabel), { error: MESSAGES.required })
      .max(30, { error: 'Choisissez 30 métiers au plus' }),
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

/**
 * The contact block as its forms check it, every message at once: a new e-mail asks for the current password
 * (the use case's rule, server/accounts/email-change.ts). `passwordAlways`: a recruiter's block posted
 * without JavaScript, whose password proves them to the recruitment site in place of its token (decision 0090).
 */
export function contactBlockFor(currentEmail: string, passwordAlways = false) {
  return teacherProfileBlocks.contact.refine(
    (value) =>
      Boolean(value.currentPassword) ||
      (!passwordAlways &&
        String(value.email ?? '')
          .trim()
          .toLowerCase() === currentEmail),
    {
      path: ['currentPassword'],
      error: passwordAlways ? ACCOUNT_MESSAGES.contactNeedsPassword : ACCOUNT_MESSAGES.emailNeedsPassword,
      // Checked even when another field is wrong, so that the form shows every error at once.
      when: (payload) => typeof payload.value === 'object' && payload.value !== null,
    },
  );
}

/** The establishment block as a teacher of this profile fills it in: levels required of teachers only. */
export function establishmentBlockFor(profileType: ProfileType) {
  return teacherProfileBlocks.establishment.refine(
    (value) => levelsGiven({ profileType, schoolLevels: value.schoolLevels }),
    schoolLevelsOfTeachers,
  );
}
