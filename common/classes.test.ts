import { describe, expect, it } from 'vitest';
import { classClash, classClashWarning, isSchoolYear, schoolYearDays, schoolYearOf } from './classes.ts';
import type { MeetingType } from './constants.ts';

describe('school years', () => {
  it('run from 1 September to 31 August', () => {
    expect(schoolYearOf('2026-08-31')).toBe('2025-2026');
    expect(schoolYearOf('2026-09-01')).toBe('2026-2027');
    expect(schoolYearOf('2027-01-15')).toBe('2026-2027');
    expect(schoolYearDays('2026-2027')).toEqual({ first: '2026-09-01', last: '2027-08-31' });
  });

  it('are two consecutive years', () => {
    expect(isSchoolYear('2026-2027')).toBe(true);
    expect(isSchoolYear('2026-2028')).toBe(false);
    expect(isSchoolYear('2026')).toBe(false);
  });
});

describe('classClash: one class, two places at once', () => {
  const at = (start: string, end: string, meetingType: MeetingType, companyId = 1) => ({
    startsAt: `2026-12-01T${start}:00Z`,
    endsAt: `2026-12-01T${end}:00Z`,
    meetingType,
    companyId,
  });
  it('warns of meetings that overlap, wherever they are', () => {
    expect(classClash(at('09:30', '10:30', 'CompanyVisit', 1), at('10:00', '11:00', 'CompanyVisit', 1))).toBe(
      true,
    );
  });
  it('warns of a visit elsewhere right after a lesson at school, not of two in the same place', () => {
    const atSchool = at('09:30', '10:30', 'ClassroomIntervention', 2);
    expect(classClash(atSchool, at('10:30', '11:30', 'CompanyVisit', 3))).toBe(true);
    expect(classClash(atSchool, at('10:30', '11:30', 'Webinar', 4))).toBe(false);
    expect(classClash(at('08:00', '09:00', 'CompanyVisit', 3), at('09:15', '10:00', 'CompanyVisit', 3))).toBe(
      false,
    );
  });
  it('leaves the travel margin to the class: an hour between two places is enough', () => {
    const atSchool = at('09:30', '10:30', 'ClassroomIntervention', 2);
    expect(classClash(atSchool, at('11:29', '12:30', 'CompanyVisit', 3))).toBe(true);
    expect(classClash(atSchool, at('11:30', '12:30', 'CompanyVisit', 3))).toBe(false);
  });
  it('says it in French with the other meeting’s day, hours and company', () => {
    expect(
      classClashWarning('4e B', {
        ...at('09:30', '10:30', 'ClassroomIntervention', 2),
        timeZone: 'Europe/Paris',
        companyName: 'Forges du Gier',
      }),
    ).toBe(
      '4e B a déjà une rencontre le mardi 1er décembre 2026, 10:30 – 11:30 (Forges du Gier) : vérifiez que le groupe peut être aux deux endroits.',
    );
  });
});
