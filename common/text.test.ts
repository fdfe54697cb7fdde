import { describe, expect, it } from 'vitest';
import { addressField, fieldErrors, pointMatchesPostcode, teacherSignUpSchema } from './accounts.ts';
import { multiLineText, optionalSingleLineText, singleLineText, TEXT_MAX, TEXT_MESSAGES } from './text.ts';

const messageOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? null : result.error?.issues[0]?.message;

describe('one line of text', () => {
  const name = singleLineText(TEXT_MAX.personName);

  it('takes names as people write them, trimmed', () => {
    for (const value of ['Anne-Sophie d’Arc', 'Łukasz Żółć', 'Ngọc Ánh', 'Ørsted 🏭', 'O’Neil']) {
      expect(name.parse(` ${value} `)).toBe(value);
    }
  });

  it('refuses line breaks, control characters and bidi overrides inside it', () => {
    const refused = [
      'Jean\nDupont',
      'Jean\r\nDupont',
      'Jean\tDupont',
      'Jean\u0000Dupont',
      'Jean\u0085Dupont',
      'Jean\u007fDupont',
      'Jean\u2028Dupont',
      'Jean\u202eDupont',
      'Jean\u202aDupont',
      'Jean\u2066Dupont',
      'Jean\u2069Dupont',
    ];
    for (const value of refused)
      expect(messageOf(name.safeParse(value)), JSON.stringify(value)).toBe(TEXT_MESSAGES.singleLine);
  });

  it('says how long it may be', () => {
    expect(name.safeParse('a'.repeat(TEXT_MAX.personName)).success).toBe(true);
    expect(messageOf(name.safeParse('a'.repeat(TEXT_MAX.personName + 1)))).toBe('100 caractères au maximum');
    expect(messageOf(name.safeParse('   '))).toBe('Ce champ est requis');
  });

  it('is optional when asked: empty or null is none', () => {
    const optional = optionalSingleLineText(TEXT_MAX.fullName);
    expect(optional.parse('')).toBeUndefined();
    expect(optional.parse(null)).toBeUndefined();
    expect(messageOf(optional.safeParse('Léa\u202e'))).toBe(TEXT_MESSAGES.singleLine);
  });
});

describe('several lines of text', () => {
  const message = multiLineText(TEXT_MAX.bookingMessage);

  it('keeps line feeds, and makes CR LF one', () => {
    expect(message.parse('Bonjour,\r\nnous serons 25.\rMerci\n')).toBe('Bonjour,\nnous serons 25.\nMerci');
  });

  it('refuses other control characters and bidi overrides', () => {
    for (const value of ['a\tb', 'a\u0000b', 'a\u0008b', 'a\u009bb', 'a\u202eb', 'a\u2067b']) {
      expect(messageOf(message.safeParse(value)), JSON.stringify(value)).toBe(
        TEXT_MESSAGES.controlCharacters,
      );
    }
  });

  it('is optional and bounded', () => {
    expect(message.parse('  ')).toBeUndefined();
    expect(message.parse(null)).toBeUndefined();
    expect(messageOf(message.safeParse('a'.repeat(2001)))).toBe('2000 caractères au maximum');
  });
});

describe('an address', () => {
  const lyon = {
    label: '10 place Bellecour, 69002 Lyon',
    zipcode: '69002',
    city: 'Lyon',
    lat: 45.7578,
    lng: 4.832,
  };

  it('takes a point in its postcode’s department, overseas and in Corsica too', () => {
    const places = [
      lyon,
      { label: 'Marseille', zipcode: '13001', city: 'Marseille', lat: 43.2965, lng: 5.3698 },
      { label: 'Ajaccio', zipcode: '20000', city: 'Ajaccio', lat: 41.9192, lng: 8.7386 },
      { label: 'Bastia', zipcode: '20200', city: 'Bastia', lat: 42.6973, lng: 9.4509 },
      { label: 'Pointe-à-Pitre', zipcode: '97110', city: 'Pointe-à-Pitre', lat: 16.2411, lng: -61.5331 },
      { label: 'Fort-de-France', zipcode: '97200', city: 'Fort-de-France', lat: 14.6161, lng: -61.0588 },
      { label: 'Cayenne', zipcode: '97300', city: 'Cayenne', lat: 4.9372, lng: -52.326 },
      { label: 'Saint-Denis', zipcode: '97400', city: 'Saint-Denis', lat: -20.8823, lng: 55.4504 },
      { label: 'Saint-Pierre', zipcode: '97500', city: 'Saint-Pierre', lat: 46.7811, lng: -56.1764 },
      { label: 'Mamoudzou', zipcode: '97600', city: 'Mamoudzou', lat: -12.7806, lng: 45.2279 },
      { label: 'Villeurbanne', zipcode: '69100', city: 'Villeurbanne', lat: 45.7719, lng: 4.8902 },
    ];
    for (const place of places) expect(pointMatchesPostcode(place), place.city).toBe(true);
  });

  it('refuses a point elsewhere: 0,0 with 69001, Paris with a Marseille postcode', () => {
    const refused = addressField.safeParse({ ...lyon, zipcode: '69001', lat: 0, lng: 0 });
    expect(refused.success).toBe(false);
    expect(fieldErrors(refused.error as never)).toEqual({
      _: 'Le point de cette adresse n’est pas dans le département de son code postal : choisissez une adresse dans la liste proposée',
    });
    expect(pointMatchesPostcode({ zipcode: '13001', lat: 48.8566, lng: 2.3522 })).toBe(false);
    expect(pointMatchesPostcode({ zipcode: '97400', lat: 16.2411, lng: -61.5331 })).toBe(false);
    expect(pointMatchesPostcode({ zipcode: '00100', lat: 45.7578, lng: 4.832 })).toBe(false);
  });

  it('caps its label and city, and refuses control characters in them', () => {
    const long = addressField.safeParse({
      ...lyon,
      label: 'x'.repeat(TEXT_MAX.addressLabel + 1),
      city: 'Lyon\u0000',
    });
    expect(fieldErrors(long.error as never)).toEqual({
      label: '200 caractères au maximum',
      city: TEXT_MESSAGES.singleLine,
    });
  });

  it('is checked inside a whole form, where other fields may be wrong too', () => {
    const result = teacherSignUpSchema.safeParse({
      departmentCode: '69',
      firstName: 'Camille\u202e',
      lastName: 'Martin',
      email: 'camille@example.fr',
      password: 'Motdepasse-1',
      profileType: 'teacher',
      schoolLevels: ['college'],
      establishment: { name: 'Collège', type: 'Collège', address: { ...lyon, lat: 0, lng: 0 } },
      acceptTerms: true,
    });
    expect(Object.keys(fieldErrors(result.error as never)).sort()).toEqual([
      'establishment.address',
      'firstName',
    ]);
  });
});
