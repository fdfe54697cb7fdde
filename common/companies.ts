import { z } from 'zod';
import {
  addressField,
  emailField,
  optionalPhoneField,
  passwordField,
  phoneField,
  requiredText,
  teacherProfileBlocks,
} from './accounts.ts';
import { type CompanyStatus, SECTORS } from './constants.ts';
import { MESSAGES } from './messages.ts';
import { siretSchema } from './siret.ts';
import { isSingleLine, multiLineText, TEXT_MAX, TEXT_MESSAGES } from './text.ts';

/**
 * The company sign-up's rules (spec: 7 steps, the last one a confirmation), shared by the wizard (each
 * step is checked before the next) and the API (the whole input is checked again).
 */
export const COMPANY_MESSAGES = {
  invalidNafCode: 'Le code NAF doit être au format 25.62B',
  invalidPostcode: 'Le code postal doit comporter 5 chiffres',
  unknownPostcode: 'Aucune commune ne correspond à ce code postal',
  chooseCommune: 'Choisissez la commune',
  passwordMismatch: 'Les deux mots de passe ne sont pas identiques',
} as const;

/** NAF rev. 2 with its dot, "25.62B"; "2562b" and "25.62 B", as registers and people write it, are accepted. */
const nafCodeField = z
  .string({ error: MESSAGES.required })
  .transform((value) => value.replace(/\s/g, '').toUpperCase())
  .pipe(
    z
      .string()
      .min(1, { error: MESSAGES.required, abort: true })
      .transform((value) => (/^\d{4}[A-Z]$/.test(value) ? `${value.slice(0, 2)}.${value.slice(2)}` : value))
      .pipe(z.string().regex(/^\d{2}\.\d{2}[A-Z]$/, { error: COMPANY_MESSAGES.invalidNafCode })),
  );

const recruiterSchema = z.object({
  firstName: requiredText(TEXT_MAX.personName),
  lastName: requiredText(TEXT_MAX.personName),
  email: emailField,
  phone: optionalPhoneField,
});

/**
 * "Postcode only if unrecognised" (spec, section 5): the company that cannot find its address among the
 * suggestions gives its postcode and picks its commune; the point is then the commune's.
 */
export const postcodeAddressSchema = z.object({
  zipcode: z
    .string({ error: MESSAGES.required })
    .trim()
    .min(1, { error: MESSAGES.required, abort: true })
    .regex(/^\d{5}$/, { error: COMPANY_MESSAGES.invalidPostcode }),
  city: z
    .string({ error: COMPANY_MESSAGES.chooseCommune })
    .trim()
    .min(1, { error: COMPANY_MESSAGES.chooseCommune })
    .max(TEXT_MAX.city, { error: TEXT_MESSAGES.tooLong(TEXT_MAX.city) })
    .refine(isSingleLine, { error: TEXT_MESSAGES.singleLine }),
});

const passwordStep = z.object({ password: passwordField, passwordConfirmation: z.string().optional() });

export const companySignUpSteps = {
  department: z.object({ departmentCode: requiredText(3) }),
  identity: z.object({
    siret: siretSchema,
    name: requiredText(TEXT_MAX.companyName),
    address: addressField,
  }),
  activity: z.object({
    nafCode: nafCodeField,
    sector: z.enum(SECTORS, { error: MESSAGES.required }),
    phone: phoneField,
  }),
  person: z.object({ user: recruiterSchema }),
  password: passwordStep.refine((value) => value.password === value.passwordConfirmation, {
    error: COMPANY_MESSAGES.passwordMismatch,
    path: ['passwordConfirmation'],
  }),
  terms: z.object({ acceptTerms: z.literal(true, { error: MESSAGES.acceptTerms }) }),
} as const;

/** API.md's CompanySignUpInput: the steps' fields, without the confirmation only the form asks for. */
export const companySignUpSchema = companySignUpSteps.department
  .extend(companySignUpSteps.identity.shape)
  .extend(companySignUpSteps.activity.shape)
  .extend(companySignUpSteps.person.shape)
  .extend({ password: passwordField })
  .extend(companySignUpSteps.terms.shape);
export type CompanySignUp = z.infer<typeof companySignUpSchema>;

export const companyIdentityQuerySchema = z.object({ siret: siretSchema });
export const postcodeQuerySchema = z.object({ postcode: postcodeAddressSchema.shape.zipcode });

export const COMPANY_STATUS_LABELS: Record<CompanyStatus, string> = {
  pending: 'En attente de validation',
  validated: 'Validée',
  refused: 'Refusée',
  archived: 'Archivée',
};

export const COMPANY_PROFILE_MESSAGES = {
  invalidWebsite: 'Saisissez l’adresse d’un site internet, par exemple www.exemple.fr',
  invalidEmployeesCount: 'Indiquez un nombre entier, 1 au moins',
} as const;

/** GraphQL clients send `null` for "none", the forms an empty field. */
const emptyToUndefined = (value: unknown) =>
  value == null || (typeof value === 'string' && value.trim() === '') ? undefined : value;

const websiteField = z.preprocess(
  emptyToUndefined,
  z
    .string()
    .trim()
    .max(TEXT_MAX.website, { error: TEXT_MESSAGES.tooLong(TEXT_MAX.website) })
    .refine(isSingleLine, { error: TEXT_MESSAGES.singleLine })
    // People write "www.exemple.fr": without a scheme (a port's colon is not one), the site is https.
    .transform((value) => (/^[a-z][a-z\d+.-]*:(?!\d)/i.test(value) ? value : `https://${value}`))
    .pipe(
      z.url({
        protocol: /^https?$/,
        hostname: z.regexes.domain,
        error: COMPANY_PROFILE_MESSAGES.invalidWebsite,
      }),
    )
    .optional(),
);

/** The form's number field holds text; the API sends an Int. */
const employeesCountField = z.preprocess(
  (value) => {
    const present = emptyToUndefined(value);
    return typeof present === 'string' ? Number(present) : present;
  },
  z
    .number({ error: COMPANY_PROFILE_MESSAGES.invalidEmployeesCount })
    .int({ error: COMPANY_PROFILE_MESSAGES.invalidEmployeesCount })
    .min(1, { error: COMPANY_PROFILE_MESSAGES.invalidEmployeesCount })
    .max(1_000_000, { error: MESSAGES.numberTooLarge(1_000_000) })
    .optional(),
);

/** The company profile's editable blocks, each saved on its own; the identity (SIRET, NAF…) is read-only. */
export const companyProfileBlocks = {
  description: z.object({
    description: multiLineText(TEXT_MAX.companyDescription),
    website: websiteField,
  }),
  address: z.object({ address: addressField }),
  contact: z.object({
    /** The company's own number, given at sign-up; absent leaves it as it is. */
    phone: z.preprocess((value) => value ?? undefined, phoneField.optional()),
    contactName: requiredText(TEXT_MAX.contactName),
    contactEmail: emailField,
    contactPhone: phoneField,
  }),
  size: z.object({
    employeesCount: employeesCountField,
    acceptsInterns: z.boolean(),
  }),
  jobs: z.object({ jobs: teacherProfileBlocks.criteria.shape.jobs }),
  contactOptIn: z.object({ contactOptIn: z.boolean() }),
} as const;
