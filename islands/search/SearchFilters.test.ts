import { describe, expect, it } from 'vitest';
import { searchFromUrl, searchToUrl } from '../../common/search.ts';
import { draftOf, stateOfDraft } from './SearchFilters.tsx';
import { dayStartInParis, searchInput } from './search-api.ts';

const roundTrip = (query: string) => {
  const state = searchFromUrl(new URLSearchParams(query));
  return searchToUrl(stateOfDraft(draftOf(state), state.tab));
};

describe('the search in the URL', () => {
  it('comes back unchanged through the filters form', () => {
    const query =
      'q=soudeur&lieu=Lyon&lat=45.75800&lng=4.83500&rayon=50&secteurs=aerospace%2Cmechanics&types=CompanyVisit' +
      '&publics=highSchool&themes=apprenticeship&du=2026-12-01&au=2026-12-15&dispo=1&tri=name&onglet=carte';
    expect(roundTrip(query)).toBe(query);
  });

  it('leaves the defaults out: 30 km, the first page, the list, and the order that goes with the place', () => {
    expect(roundTrip('lieu=Lyon&lat=45.758&lng=4.835&rayon=30&tri=distance')).toBe(
      'lieu=Lyon&lat=45.75800&lng=4.83500',
    );
    expect(roundTrip('tri=nextSlot&onglet=liste')).toBe('');
    // Without a place, no distance: the order falls back to the next free slot, the default.
    expect(roundTrip('tri=distance')).toBe('');
  });

  it('keeps an order chosen against the default', () => {
    expect(roundTrip('lieu=Lyon&lat=45.758&lng=4.835&tri=nextSlot')).toBe(
      'lieu=Lyon&lat=45.75800&lng=4.83500&tri=nextSlot',
    );
  });

  it('reads the dates as whole days in mainland France', () => {
    const input = searchInput(searchFromUrl(new URLSearchParams('du=2026-12-01&au=2026-12-15')));
    expect(input.from).toBe('2026-11-30T23:00:00.000Z');
    expect(input.to).toBe('2026-12-15T22:59:59.999Z');
    expect(dayStartInParis('2026-07-01').toISOString()).toBe('2026-06-30T22:00:00.000Z');
  });
});

describe('the teacher’s defaults in the URL (issue 20)', () => {
  const defaults = { excludeHolidays: true, holidayZone: 'zone A', startsNear: true };
  const trip = (query: string) => {
    const state = searchFromUrl(new URLSearchParams(query));
    return searchToUrl(stateOfDraft(draftOf(state, defaults), state.tab, defaults));
  };

  it('keeps the holidays box only when it differs from the viewer’s default', () => {
    expect(trip('lieu=Lyon&lat=45.758&lng=4.835&vacances=1')).toBe('lieu=Lyon&lat=45.75800&lng=4.83500');
    expect(trip('lieu=Lyon&lat=45.758&lng=4.835&vacances=0')).toBe(
      'lieu=Lyon&lat=45.75800&lng=4.83500&vacances=0',
    );
    // The form without JavaScript: the hidden "0", then the ticked box's "on".
    expect(searchFromUrl(new URLSearchParams('vacances=0%2Con')).excludeHolidays).toBe(true);
    expect(searchFromUrl(new URLSearchParams('vacances=0')).excludeHolidays).toBe(false);
    expect(searchFromUrl(new URLSearchParams('')).excludeHolidays).toBeUndefined();
  });

  it('says « the whole country » when a teacher clears the place', () => {
    expect(trip('')).toBe('partout=1');
    expect(trip('partout=1&lat=45.758&lng=4.835')).toBe('lieu=Lieu+choisi&lat=45.75800&lng=4.83500');
    expect(searchInput(searchFromUrl(new URLSearchParams('vacances=0'))).excludeHolidays).toBe(false);
  });
});
