import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  type GeoplateformeServer,
  startGeoplateformeServer,
} from '../../../tests/fixtures/geoplateforme-server.ts';
import { type AddressSuggestion, type Geocoder, GeocoderUnavailable } from '../../kernel/ports/geocoding.ts';
import { createGeocoder, withFallback } from './fallback.ts';

const paris: AddressSuggestion = {
  label: '75001 Paris',
  zipcode: '75001',
  city: 'Paris',
  departmentCode: '75',
  lat: 48.8566,
  lng: 2.3522,
  kind: 'municipality',
};

const answering = (answer: AddressSuggestion[]): Geocoder => ({ search: vi.fn(async () => answer) });
const failing = (error: Error): Geocoder => ({
  search: vi.fn(async () => {
    throw error;
  }),
});

describe('createGeocoder', () => {
  let server: GeoplateformeServer;
  beforeAll(async () => {
    server = await startGeoplateformeServer({ slowMs: 2_000 });
  });
  afterEach(() => {
    server.mode = 'ok';
  });
  afterAll(() => server.close());

  it('asks Géoplateforme while it answers', async () => {
    const offline = answering([paris]);
    const geocoder = createGeocoder({
      provider: 'geoplateforme',
      baseUrl: server.url,
      offline: async () => offline,
    });
    expect((await geocoder.search('lyon'))[0]?.label).toBe('Lyon');
    expect(offline.search).not.toHaveBeenCalled();
  });

  it('answers with the offline commune data when Géoplateforme fails', async () => {
    server.mode = 'error';
    const geocoder = createGeocoder({ provider: 'geoplateforme', baseUrl: server.url });
    const suggestions = await geocoder.search('lyon');
    expect(suggestions[0]).toMatchObject({ label: '69001 Lyon', departmentCode: '69', kind: 'municipality' });
  });

  it('answers offline when Géoplateforme times out', async () => {
    server.mode = 'slow';
    const offline = answering([paris]);
    const geocoder = createGeocoder({
      provider: 'geoplateforme',
      baseUrl: server.url,
      timeoutMs: 200,
      offline: async () => offline,
    });
    expect(await geocoder.search('paris')).toEqual([paris]);
  });

  it('stays unavailable without an offline geocoder', async () => {
    server.mode = 'error';
    const geocoder = createGeocoder({ provider: 'geoplateforme', baseUrl: server.url, offline: false });
    await expect(geocoder.search('lyon')).rejects.toBeInstanceOf(GeocoderUnavailable);
  });

  it('answers offline only, without a request, when asked to', async () => {
    const before = server.requests.length;
    const geocoder = createGeocoder({ provider: 'offline', baseUrl: server.url });
    expect((await geocoder.search('69003'))[0]).toMatchObject({ city: 'Lyon', zipcode: '69003' });
    expect(server.requests.length).toBe(before);
  });
});

describe('withFallback', () => {
  it('lets the fallback answer first for a while after an outage, then asks the primary again', async () => {
    let now = 0;
    const primary = failing(new GeocoderUnavailable('down'));
    const fallback = answering([paris]);
    const geocoder = withFallback(primary, fallback, { retryAfterMs: 30_000, now: () => now });
    await geocoder.search('paris');
    now = 29_999;
    await geocoder.search('paris');
    expect(primary.search).toHaveBeenCalledTimes(1);
    now = 30_000;
    await geocoder.search('paris');
    expect(primary.search).toHaveBeenCalledTimes(2);
    expect(fallback.search).toHaveBeenCalledTimes(3);
  });

  it('does not hide a bug behind the fallback', async () => {
    const geocoder = withFallback(failing(new TypeError('bug')), answering([paris]));
    await expect(geocoder.search('paris')).rejects.toThrow('bug');
  });

  it('reports the outage when the fallback cannot answer either', async () => {
    const outage = new GeocoderUnavailable('down');
    const geocoder = withFallback(failing(outage), failing(new Error('no data files')));
    await expect(geocoder.search('paris')).rejects.toBe(outage);
  });
});
