import { describe, expect, it } from 'vitest';
import { DEPARTMENTS } from '../db/reference/departments.ts';
import {
  calendarNoticesOf,
  easterSunday,
  HOLIDAY_ZONES,
  holidayZoneOf,
  publicHolidayOn,
  publicHolidaysOf,
  SCHOOL_HOLIDAYS,
  schoolHolidaysOn,
  skipHolidays,
  skippedDatesLabel,
} from './holidays.ts';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

describe('the school holidays file', () => {
  it('names its source and the school years it covers', () => {
    expect(SCHOOL_HOLIDAYS.source).toContain('data.education.gouv.fr');
    expect(SCHOOL_HOLIDAYS.source).toContain('fr-en-calendrier-scolaire');
    expect(SCHOOL_HOLIDAYS.schoolYears).toEqual(['2025-2026', '2026-2027']);
  });

  it('has every zone for both school years, each period well formed and inside its school year', () => {
    for (const zone of HOLIDAY_ZONES) {
      for (const schoolYear of SCHOOL_HOLIDAYS.schoolYears) {
        const periods = SCHOOL_HOLIDAYS.periods.filter((p) => p.zone === zone && p.schoolYear === schoolYear);
        expect(periods.length, `${zone} ${schoolYear}`).toBeGreaterThanOrEqual(4);
      }
    }
    for (const period of SCHOOL_HOLIDAYS.periods) {
      expect(HOLIDAY_ZONES).toContain(period.zone);
      expect(period.start).toMatch(DAY);
      expect(period.end).toMatch(DAY);
      expect(period.start <= period.end, `${period.zone} ${period.description}`).toBe(true);
      expect(period.description).toMatch(/^(Vacances|Pont) /);
      const first = Number(period.schoolYear.slice(0, 4));
      expect(period.start >= `${first}-08-01` && period.start <= `${first + 1}-07-31`).toBe(true);
    }
  });

  it('has no overlapping periods within a zone', () => {
    for (const zone of HOLIDAY_ZONES) {
      const periods = SCHOOL_HOLIDAYS.periods
        .filter((p) => p.zone === zone)
        .sort((a, b) => a.start.localeCompare(b.start));
      for (const [index, period] of periods.slice(1).entries()) {
        const before = periods[index];
        expect(before && before.end < period.start, `${zone}: ${period.description}`).toBe(true);
      }
    }
  });

  it('holds the published winter and spring holidays of 2027, which differ by zone', () => {
    const winter = (zone: 'A' | 'B' | 'C') =>
      SCHOOL_HOLIDAYS.periods.find(
        (p) => p.zone === zone && p.description === 'Vacances d’hiver' && p.schoolYear === '2026-2027',
      );
    expect(winter('A')).toMatchObject({ start: '2027-02-13', end: '2027-02-28' });
    expect(winter('B')).toMatchObject({ start: '2027-02-20', end: '2027-03-07' });
    expect(winter('C')).toMatchObject({ start: '2027-02-06', end: '2027-02-21' });
    expect(schoolHolidaysOn('A', '2027-04-20').map((p) => p.description)).toEqual(['Vacances de printemps']);
    expect(schoolHolidaysOn('C', '2027-04-20')).toEqual([]);
  });
});

describe('holiday zones', () => {
  it('are known for every department, by its academy', () => {
    expect(holidayZoneOf('69')).toBe('A');
    expect(holidayZoneOf('75')).toBe('C');
    expect(holidayZoneOf('59')).toBe('B');
    expect(holidayZoneOf('2A')).toBe('Corse');
    expect(holidayZoneOf('974')).toBe('La Réunion');
    expect(holidayZoneOf('971')).toBe('Guadeloupe');
    expect(holidayZoneOf('99')).toBeNull();
    for (const department of DEPARTMENTS)
      expect(holidayZoneOf(department.code), department.code).not.toBeNull();
  });
});

describe('public holidays', () => {
  it('follow Easter: Easter Monday, Ascension and Whit Monday of 2027', () => {
    expect(easterSunday(2027)).toBe('2027-03-28');
    expect(easterSunday(2026)).toBe('2026-04-05');
    const days = publicHolidaysOf(2027, '69');
    expect(days).toHaveLength(11);
    expect(days).toContainEqual({ date: '2027-03-29', name: 'Lundi de Pâques' });
    expect(days).toContainEqual({ date: '2027-05-06', name: 'Ascension' });
    expect(days).toContainEqual({ date: '2027-05-17', name: 'Lundi de Pentecôte' });
    expect(days).toContainEqual({ date: '2027-07-14', name: 'Fête nationale' });
  });

  it('add Alsace-Moselle’s two days and the overseas departments’ abolition of slavery', () => {
    expect(publicHolidayOn('2027-03-26', '67')?.name).toBe('Vendredi saint');
    expect(publicHolidayOn('2027-12-26', '57')?.name).toBe('Saint-Étienne');
    expect(publicHolidayOn('2027-03-26', '69')).toBeNull();
    expect(publicHolidayOn('2027-12-20', '974')?.name).toBe('Abolition de l’esclavage');
    expect(publicHolidayOn('2027-05-27', '971')?.name).toBe('Abolition de l’esclavage');
    expect(publicHolidayOn('2027-05-22', '972')?.name).toBe('Abolition de l’esclavage');
    expect(publicHolidayOn('2027-06-10', '973')?.name).toBe('Abolition de l’esclavage');
    expect(publicHolidayOn('2027-04-27', '976')?.name).toBe('Abolition de l’esclavage');
    expect(publicHolidayOn('2027-12-20', '75')).toBeNull();
  });
});

describe('the slot form’s notices and the duplication’s skipping', () => {
  it('names the school holidays and the zone, and a public holiday', () => {
    expect(calendarNoticesOf('2027-02-16', '69')).toEqual([
      'Cette date tombe pendant les vacances d’hiver (zone A, du 13 février 2027 au 28 février 2027) : les classes de votre secteur n’auront pas cours.',
    ]);
    expect(calendarNoticesOf('2027-02-23', '75')).toEqual([]);
    expect(calendarNoticesOf('2027-05-06', '75')).toEqual([
      'Cette date tombe pendant le pont de l’Ascension (zone C, du 6 mai 2027 au 9 mai 2027) : les classes de votre secteur n’auront pas cours.',
      'Cette date est un jour férié (Ascension).',
    ]);
    expect(calendarNoticesOf('2027-03-01', '75')).toEqual([]);
  });

  it('skips school holidays and public holidays, and counts them in French', () => {
    const weekly = ['2027-02-09', '2027-02-16', '2027-02-23', '2027-03-02', '2027-03-30'];
    expect(skipHolidays(weekly, '69')).toEqual({
      kept: ['2027-02-09', '2027-03-02', '2027-03-30'],
      skipped: ['2027-02-16', '2027-02-23'],
    });
    expect(skipHolidays(['2027-03-29'], '75')).toEqual({ kept: [], skipped: ['2027-03-29'] });
    expect(skippedDatesLabel(0)).toBe('Aucune date écartée');
    expect(skippedDatesLabel(1)).toBe('1 date écartée');
    expect(skippedDatesLabel(2)).toBe('2 dates écartées');
  });
});
