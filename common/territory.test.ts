import { expect, it } from 'vitest';
import { departmentOfZipcode } from './territory.ts';

it('finds the department of a postcode, Corsica and overseas included', () => {
  expect(departmentOfZipcode('69003')).toBe('69');
  expect(departmentOfZipcode('01000')).toBe('01');
  expect(departmentOfZipcode('20000')).toBe('2A');
  expect(departmentOfZipcode('20200')).toBe('2B');
  expect(departmentOfZipcode('97400')).toBe('974');
  expect(departmentOfZipcode('97600')).toBe('976');
  expect(departmentOfZipcode('6900')).toBeNull();
});
