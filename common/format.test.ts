import { describe, expect, it } from 'vitest';
import {
  agreeing,
  elide,
  elision,
  formatDayMonth,
  formatParisDay,
  formatPhone,
  formatSlotChip,
  formatSlotDate,
  formatSlotStart,
  frenchDateFormat,
  plural,
} from './format.ts';

// Tuesday 1 December 2026, 09:30 in Paris (08:30 UTC).
const FIRST = new Date('2026-12-01T08:30:00Z');
const SECOND = new Date('2026-12-02T08:30:00Z');

describe('French dates', () => {
  it('write the first of the month « 1er », as French does, in every form the product shows', () => {
    expect(formatSlotStart(FIRST, 'Europe/Paris')).toBe('mardi 1er décembre 2026 à 09:30');
    expect(formatSlotDate(FIRST, 'Europe/Paris')).toBe('mardi 1er décembre 2026');
    expect(formatSlotChip(FIRST, 'Europe/Paris')).toEqual({ day: 'mar. 1er déc.', time: '09:30' });
    expect(formatDayMonth(FIRST, 'Europe/Paris')).toBe('1er décembre');
    expect(formatParisDay(FIRST)).toBe('1er décembre 2026');
    expect(frenchDateFormat({ dateStyle: 'medium', timeZone: 'Europe/Paris' }).format(FIRST)).toBe(
      '1er déc. 2026',
    );
  });

  it('leave every other day as it is, and the first in the zone that counts', () => {
    expect(formatSlotStart(SECOND, 'Europe/Paris')).toBe('mercredi 2 décembre 2026 à 09:30');
    expect(formatDayMonth(new Date('2026-12-11T08:30:00Z'), 'Europe/Paris')).toBe('11 décembre');
    expect(formatDayMonth(new Date('2026-12-21T08:30:00Z'), 'Europe/Paris')).toBe('21 décembre');
    expect(formatDayMonth(new Date('2026-12-31T08:30:00Z'), 'Europe/Paris')).toBe('31 décembre');
    // 23:30 UTC on 30 November is already 1 December in Paris, and still 30 November in Guadeloupe.
    const lateEvening = new Date('2026-11-30T23:30:00Z');
    expect(formatDayMonth(lateEvening, 'Europe/Paris')).toBe('1er décembre');
    expect(formatDayMonth(lateEvening, 'America/Guadeloupe')).toBe('30 novembre');
    // A two-digit day stays a number (exports, tables).
    expect(
      frenchDateFormat({ day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' }).format(FIRST),
    ).toBe('01/12/2026');
  });
});

describe('French phone numbers', () => {
  it('are written in pairs, however they were typed; anything else is kept as it is', () => {
    expect(formatPhone('0740138085')).toBe('07 40 13 80 85');
    expect(formatPhone('07.40.13.80.85')).toBe('07 40 13 80 85');
    expect(formatPhone('04 78 00 00 00')).toBe('04 78 00 00 00');
    expect(formatPhone('+33 7 40 13 80 85')).toBe('+33 7 40 13 80 85');
  });
});

describe('French as written', () => {
  it('elides « de », « le », « la » and « que » before a vowel, a name as any word', () => {
    expect(elide('de', 'Énergies Nouvelles')).toBe('d’Énergies Nouvelles');
    expect(elide('de', 'Aéro Occitanie')).toBe('d’Aéro Occitanie');
    expect(elide('de', 'Élodie Durand')).toBe('d’Élodie Durand');
    expect(elide('de', 'Forges de Vénissieux')).toBe('de Forges de Vénissieux');
    expect(elide('De', 'usinage')).toBe('D’usinage');
    expect(elide('la', 'entreprise')).toBe('l’entreprise');
    expect(elide('Le', 'atelier')).toBe('L’atelier');
    expect(elide('que', 'Inès')).toBe('qu’Inès');
    expect(elide('de', 'Yves Martin')).toBe('d’Yves Martin');
    expect(elide('de', 'Yoplait')).toBe('de Yoplait');
    expect(elide('de', 'Hélène Martin')).toBe('d’Hélène Martin');
    expect(elide('de', 'hydraulicien')).toBe('d’hydraulicien');
    expect(elide('de', '3M')).toBe('de 3M');
  });

  it('contracts « de » with a name’s own article « Le », « Les », never « La » nor « L’ »', () => {
    expect(elide('de', 'Le Mans')).toBe('du Mans');
    expect(elide('De', 'Les Abymes')).toBe('Des Abymes');
    expect(elide('de', 'La Rochelle')).toBe('de La Rochelle');
    expect(elide('de', 'L’Oréal')).toBe('de L’Oréal');
    expect(elide('de', 'Lenoir Industrie')).toBe('de Lenoir Industrie');
  });

  it('gives the word and the name apart, for a name in a link of its own', () => {
    expect(elision('de', 'Aéro Occitanie')).toEqual(['d’', 'Aéro Occitanie']);
    expect(elision('de', 'Forges')).toEqual(['de ', 'Forges']);
    expect(elision('de', 'Le Creusot Industrie')).toEqual(['du ', 'Creusot Industrie']);
  });

  it('counts with the singular for 0 and 1, and makes the rest of the sentence agree', () => {
    expect(plural(1, 'place')).toBe('1 place');
    expect(plural(8, 'place vous est réservée', 'places vous sont réservées')).toBe(
      '8 places vous sont réservées',
    );
    expect(plural(0, 'place', 'places', 'aucune place')).toBe('aucune place');
    expect(agreeing(1, 'Acceptez-la', 'Acceptez-les')).toBe('Acceptez-la');
    expect(agreeing(8, 'Acceptez-la', 'Acceptez-les')).toBe('Acceptez-les');
    expect(agreeing(0, 'libre')).toBe('libre');
  });
});
