import { describe, expect, it } from 'vitest';
import {
  establishmentBlockFor,
  fieldErrors,
  loginSchema,
  teacherSignUpSchema,
  teacherSignUpSteps,
} from './accounts.ts';

const valid = {
  departmentCode: '69',
  firstName: 'Camille',
  lastName: 'Martin',
  email: ' Camille.Martin@Exemple.fr ',
  phone: '06 12 34 56 78',
  password: 'Motdepasse-1',
  profileType: 'teacher',
  schoolLevels: ['college'],
  establishment: {
    name: 'Collège Jean Moulin',
    type: 'Collège',
    address: { label: '1 rue Jean Moulin 69003 Lyon', zipcode: '69003', city: 'Lyon', lat: 45.76, lng: 4.85 },
  },
  acceptTerms: true,
};

const errorsOf = (
  schema: { safeParse(v: unknown): { success: boolean; error?: unknown } },
  value: unknown,
) => {
  const result = schema.safeParse(value);
  return result.success ? {} : fieldErrors(result.error as Parameters<typeof fieldErrors>[0]);
};

describe('teacher sign-up rules', () => {
  it('accept a complete sign-up and normalise e-mail and phone', () => {
    const parsed = teacherSignUpSchema.parse(valid);
    expect(parsed.email).toBe('camille.martin@exemple.fr');
    expect(parsed.phone).toBe('0612345678');
  });

  it('say what is wrong on each field of the personal step, in the spec’s words', () => {
    expect(
      errorsOf(teacherSignUpSteps.personal, {
        firstName: ' ',
        email: 'camille@',
        phone: '6123',
        password: 'motdepasse',
        profileType: 'teacher',
        schoolLevels: [],
      }),
    ).toEqual({
      firstName: 'Ce champ est requis',
      lastName: 'Ce champ est requis',
      email: 'L’adresse e-mail est invalide',
      phone: 'Le numéro doit être au format 0XXXXXXXXX',
      password:
        'Le mot de passe doit contenir au moins 8 caractères, dont une majuscule, un chiffre et un caractère spécial',
      schoolLevels: 'Sélectionnez au moins un niveau : collège ou lycée',
    });
  });

  it('ask teachers only for collège or lycée: prescribers and employment partners may tick neither', () => {
    const levelsError = (profileType: string, schoolLevels: unknown) =>
      errorsOf(teacherSignUpSteps.personal, { ...valid, profileType, schoolLevels }).schoolLevels;
    expect(levelsError('teacher', [])).toBe('Sélectionnez au moins un niveau : collège ou lycée');
    expect(levelsError('prescriber', [])).toBeUndefined();
    expect(levelsError('employmentPartner', [])).toBeUndefined();
    expect(levelsError('prescriber', ['lycee'])).toBeUndefined();
    expect(
      teacherSignUpSchema.safeParse({ ...valid, profileType: 'prescriber', schoolLevels: [] }).success,
    ).toBe(true);
    expect(errorsOf(teacherSignUpSchema, { ...valid, schoolLevels: [] })).toEqual({
      schoolLevels: 'Sélectionnez au moins un niveau : collège ou lycée',
    });
  });

  it('ask the same of the profile’s establishment block, by the teacher’s profile', () => {
    const block = { ...valid.establishment, schoolLevels: [] };
    expect(errorsOf(establishmentBlockFor('teacher'), block)).toEqual({
      schoolLevels: 'Sélectionnez au moins un niveau : collège ou lycée',
    });
    expect(errorsOf(establishmentBlockFor('prescriber'), block)).toEqual({});
    expect(errorsOf(establishmentBlockFor('employmentPartner'), block)).toEqual({});
  });

  it('require each password ingredient', () => {
    for (const password of ['Court-1', 'sansmajuscule-1', 'SansChiffre-', 'SansSpecial1']) {
      expect(errorsOf(teacherSignUpSteps.personal, { ...valid, password }).password).toMatch(/au moins 8/);
    }
  });

  it('refuse an address not chosen among the suggestions, and unticked terms', () => {
    expect(
      errorsOf(teacherSignUpSteps.establishment, {
        establishment: { ...valid.establishment, address: null },
      }),
    ).toEqual({ 'establishment.address': 'Choisissez une adresse dans la liste proposée' });
    expect(errorsOf(teacherSignUpSteps.terms, { acceptTerms: false })).toEqual({
      acceptTerms: 'Vous devez cocher les CGU pour continuer',
    });
  });

  it('need an e-mail and a password to log in', () => {
    expect(errorsOf(loginSchema, { email: '', password: '' })).toEqual({
      email: 'Ce champ est requis',
      password: 'Ce champ est requis',
    });
  });
});
