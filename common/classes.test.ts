import { describe, expect, it } from 'vitest';
import { isSchoolYear, schoolYearDays, schoolYearOf } from './classes.ts';

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
