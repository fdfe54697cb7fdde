import { describe, expect, it } from 'vitest';
import { searchParamsOf } from './search-params.ts';

/** The filters form as sent without JavaScript: every field, the address field's hidden ones included. */
const form = (fields: Record<string, string | string[]>) => {
  const all: Record<string, string[]> = {
    q: [''],
    lieu: [''],
    'lieu[label]': [''],
    'lieu[zipcode]': [''],
    'lieu[city]': [''],
    'lieu[departmentCode]': [''],
    'lieu[lat]': [''],
    'lieu[lng]': [''],
    rayon: ['30'],
    du: [''],
    au: [''],
    tri: ['nextSlot'],
  };
  for (const [key, value] of Object.entries(fields)) all[key] = Array.isArray(value) ? value : [value];
  return Object.fromEntries(searchParamsOf(all));
};

const LYON = { 'lieu[label]': '69001 Lyon', 'lieu[lat]': '45.74846', 'lieu[lng]': '4.84671' };

describe('searchParamsOf', () => {
  it('keeps the place the form showed, left as it was, with its point', () => {
    expect(form({ ...LYON, lieu: '69001 Lyon', tri: 'distance' })).toEqual({
      lieu: '69001 Lyon',
      lat: '45.74846',
      lng: '4.84671',
      rayon: '30',
      tri: 'distance',
    });
  });

  it('gives a place typed anew without a point, for the page to find; a cleared one is no place', () => {
    expect(form({ ...LYON, lieu: 'Toulouse', tri: 'distance' })).toEqual({
      lieu: 'Toulouse',
      rayon: '30',
      tri: 'distance',
    });
    expect(form({ ...LYON, lieu: '', partout: '1', tri: 'distance' })).toEqual({
      partout: '1',
      rayon: '30',
      tri: 'distance',
    });
  });

  it('keeps the place shown by a form of before the typed place had a name (a page open across a deploy)', () => {
    const all = Object.fromEntries(Object.entries(LYON).map(([key, value]) => [key, [value]]));
    expect(Object.fromEntries(searchParamsOf(all))).toEqual({
      lieu: '69001 Lyon',
      lat: '45.74846',
      lng: '4.84671',
    });
  });

  it('drops the next-slot order a form without a place showed: no choice, the place’s own order applies', () => {
    expect(form({ lieu: 'Toulouse' })).toEqual({ lieu: 'Toulouse', rayon: '30' });
    expect(form({ lieu: 'Toulouse', tri: 'name' })).toEqual({ lieu: 'Toulouse', rayon: '30', tri: 'name' });
    expect(form({ ...LYON, lieu: '69001 Lyon', tri: 'nextSlot' })).toMatchObject({ tri: 'nextSlot' });
  });

  it('joins the ticked boxes and reads a ticked box’s « on »', () => {
    expect(form({ secteurs: ['metallurgy', 'mechanics'], dispo: 'on' })).toEqual({
      rayon: '30',
      secteurs: 'metallurgy,mechanics',
      dispo: '1',
    });
  });

  it('reads the island’s own URLs as they are', () => {
    const url = { lieu: ['69001 Lyon'], lat: ['45.74846'], lng: ['4.84671'], tri: ['nextSlot'] };
    expect(Object.fromEntries(searchParamsOf(url))).toEqual({
      lieu: '69001 Lyon',
      lat: '45.74846',
      lng: '4.84671',
      tri: 'nextSlot',
    });
  });
});
