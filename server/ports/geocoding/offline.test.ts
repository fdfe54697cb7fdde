import { beforeAll, describe, expect, it } from 'vitest';
import type { AddressSuggestion } from '../../kernel/ports/geocoding.ts';
import { loadOfflineIndex, offlineGeocoder, searchKey } from './offline.ts';

/** Rough boxes around departments: enough to catch swapped or wrong coordinates. */
const BOUNDS: Record<string, { lat: [number, number]; lng: [number, number] }> = {
  '69': { lat: [45.4, 46.4], lng: [4.2, 5.2] },
  '75': { lat: [48.8, 48.91], lng: [2.22, 2.47] },
  '91': { lat: [48.28, 48.78], lng: [1.9, 2.6] },
  '93': { lat: [48.8, 49.02], lng: [2.28, 2.61] },
  '974': { lat: [-21.4, -20.8], lng: [55.2, 55.9] },
  '2A': { lat: [41.3, 42.4], lng: [8.5, 9.5] },
};

function inBounds(suggestion: AddressSuggestion | undefined): boolean {
  const box = suggestion && BOUNDS[suggestion.departmentCode];
  if (!suggestion || !box) return false;
  const { lat, lng } = suggestion;
  return lat >= box.lat[0] && lat <= box.lat[1] && lng >= box.lng[0] && lng <= box.lng[1];
}

describe('offline geocoder', () => {
  const geocoder = offlineGeocoder();
  beforeAll(() => loadOfflineIndex(), 30_000);

  it('finds a commune by name, the most populous first, labelled as Géoplateforme labels addresses', async () => {
    const [lyon] = await geocoder.search('lyon');
    expect(lyon).toMatchObject({ label: '69001 Lyon', zipcode: '69001', city: 'Lyon', departmentCode: '69' });
    expect(lyon?.kind).toBe('municipality');
    expect(inBounds(lyon)).toBe(true);
  });

  it('finds a commune by postcode, with that postcode', async () => {
    expect(await geocoder.search('69003')).toEqual([
      expect.objectContaining({ label: '69003 Lyon', zipcode: '69003', city: 'Lyon', departmentCode: '69' }),
    ]);
  });

  it('lists the Saint-Denis of Seine-Saint-Denis and of La Réunion, each where it is', async () => {
    const found = await geocoder.search('saint-denis');
    const seine = found.find((s) => s.city === 'Saint-Denis' && s.departmentCode === '93');
    const reunion = found.find((s) => s.city === 'Saint-Denis' && s.departmentCode === '974');
    expect(seine).toMatchObject({ zipcode: '93200' });
    expect(reunion).toMatchObject({ zipcode: '97400' });
    expect(inBounds(seine) && inBounds(reunion)).toBe(true);
    expect((await geocoder.search('St Denis')).slice(0, 2)).toEqual(found.slice(0, 2));
  });

  it('ignores accents and case', async () => {
    const [evry] = await geocoder.search('EVRY');
    expect(evry).toMatchObject({ city: 'Évry-Courcouronnes', departmentCode: '91' });
    expect(inBounds(evry)).toBe(true);
  });

  it('places Paris and Corsica, with 2A as the department', async () => {
    const [paris] = await geocoder.search('paris');
    expect(paris).toMatchObject({ city: 'Paris', departmentCode: '75', zipcode: '75001' });
    expect(inBounds(paris)).toBe(true);
    const [ajaccio] = await geocoder.search('ajaccio');
    expect(ajaccio).toMatchObject({ departmentCode: '2A', zipcode: '20000' });
    expect(inBounds(ajaccio)).toBe(true);
  });

  it('answers a street address with the commune its postcode and name point to', async () => {
    expect(await geocoder.search('12 rue Victor Hugo 69003 Lyon')).toEqual([
      expect.objectContaining({ label: '69003 Lyon' }),
    ]);
    const [byName] = await geocoder.search('12 rue de la République Ajaccio');
    expect(byName).toMatchObject({ city: 'Ajaccio', departmentCode: '2A' });
  });

  it('keeps to the limit and finds nothing for nonsense', async () => {
    expect(await geocoder.search('saint', { limit: 3 })).toHaveLength(3);
    expect(await geocoder.search('zzqxw')).toEqual([]);
  });

  it('places every commune somewhere, from GeoNames or its department centroid', async () => {
    const index = await loadOfflineIndex();
    expect(index.communes.length).toBeGreaterThan(34_000);
    expect(index.communes.every((c) => Number.isFinite(c.lat) && Number.isFinite(c.lng))).toBe(true);
  });

  it('folds names to search keys', () => {
    expect(searchKey('L’Haÿ-les-Roses')).toBe('l hay les roses');
    expect(searchKey('St-Étienne')).toBe('saint etienne');
  });
});
