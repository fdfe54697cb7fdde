import { describe, expect, it, vi } from 'vitest';
import { memoryRateLimiter } from '../http/rate-limit.ts';
import { systemClock } from '../kernel/clock.ts';
import type { Deps } from '../kernel/context.ts';
import { AppError } from '../kernel/errors.ts';
import { type AddressSuggestion, type Geocoder, GeocoderUnavailable } from '../kernel/ports/geocoding.ts';
import { placeNamed } from './named-place.ts';

const commune = (city: string, zipcode: string, lat: number, lng: number): AddressSuggestion => ({
  label: `${zipcode} ${city}`,
  zipcode,
  city,
  departmentCode: zipcode.startsWith('97') ? zipcode.slice(0, 3) : zipcode.slice(0, 2),
  lat,
  lng,
  kind: 'municipality',
});

const TOULOUSE = commune('Toulouse', '31000', 43.6045, 1.444);
const TOULOUSE_LE_CHATEAU = commune('Toulouse-le-Château', '39230', 46.821, 5.584);
const SAINT_DENIS_REUNION = commune('Saint-Denis', '97400', -20.882, 55.45);
const SAINT_DENIS = commune('Saint-Denis', '93200', 48.936, 2.357);
const SAINT_DENIS_EN_VAL = commune('Saint-Denis-en-Val', '45560', 47.876, 1.963);

const depsWith = (search: Geocoder['search']) =>
  ({ geocoder: { search }, rateLimiter: memoryRateLimiter(), clock: systemClock }) as unknown as Deps;

const named = (query: string, answer: AddressSuggestion[]) =>
  placeNamed(
    { query, clientIp: '203.0.113.5' },
    depsWith(async () => answer),
  );

describe('placeNamed', () => {
  it('takes the one commune of that name, whatever the accents, case and hyphens typed', async () => {
    expect(await named('toulouse', [TOULOUSE, TOULOUSE_LE_CHATEAU])).toEqual({ place: TOULOUSE });
    expect(await named('SAINT DENIS EN VAL', [SAINT_DENIS_EN_VAL, SAINT_DENIS])).toEqual({
      place: SAINT_DENIS_EN_VAL,
    });
  });

  it('offers the communes of that very name to choose among, and none of the others', async () => {
    expect(await named('Saint-Denis', [SAINT_DENIS_REUNION, SAINT_DENIS, SAINT_DENIS_EN_VAL])).toEqual({
      place: null,
      choices: [SAINT_DENIS_REUNION, SAINT_DENIS],
    });
  });

  it('takes the geocoder’s best answer for a text that names no commune exactly (a postcode, a typo)', async () => {
    expect(await named('31000', [TOULOUSE])).toEqual({ place: TOULOUSE });
    expect(await named('Toulous', [TOULOUSE, TOULOUSE_LE_CHATEAU])).toEqual({ place: TOULOUSE });
  });

  it('says when nothing is found', async () => {
    expect(await named('Xyzzy', [])).toEqual({ place: null, choices: [] });
  });

  it('asks as the suggestions do: any kind, eight at most; an outage is geocoding_unavailable', async () => {
    const search = vi.fn<Geocoder['search']>(async () => [TOULOUSE]);
    await placeNamed({ query: 'Toulouse', clientIp: '203.0.113.5' }, depsWith(search));
    expect(search).toHaveBeenCalledWith('Toulouse', { limit: 8, type: 'any' });
    const down = depsWith(async () => {
      throw new GeocoderUnavailable('down');
    });
    await expect(placeNamed({ query: 'Toulouse', clientIp: '203.0.113.5' }, down)).rejects.toEqual(
      new AppError('geocoding_unavailable'),
    );
  });
});
