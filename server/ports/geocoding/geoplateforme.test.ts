import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  type GeoplateformeServer,
  startGeoplateformeServer,
} from '../../../tests/fixtures/geoplateforme-server.ts';
import { GeocoderUnavailable } from '../../kernel/ports/geocoding.ts';
import { geoplateformeGeocoder } from './geoplateforme.ts';

describe('Géoplateforme geocoder', () => {
  let server: GeoplateformeServer;
  beforeAll(async () => {
    server = await startGeoplateformeServer({ slowMs: 2_000 });
  });
  afterEach(() => {
    server.mode = 'ok';
    server.requests.length = 0;
  });
  afterAll(() => server.close());

  const geocoder = () => geoplateformeGeocoder({ baseUrl: `${server.url}/`, timeoutMs: 300 });

  it('reads a house number: label, postcode, city, department, and [lon, lat] as lat and lng', async () => {
    expect(await geocoder().search('8 boulevard du port amiens')).toEqual([
      {
        label: '8 Boulevard du Port 80000 Amiens',
        zipcode: '80000',
        city: 'Amiens',
        departmentCode: '80',
        lat: 49.897443,
        lng: 2.290084,
        kind: 'address',
      },
    ]);
  });

  it('takes the department from the INSEE code, Corsica and overseas included', async () => {
    const [ajaccio] = await geocoder().search('cours napoleon ajaccio');
    expect(ajaccio).toMatchObject({ departmentCode: '2A', kind: 'street', lat: 41.923571, lng: 8.736916 });
    const [reunion] = await geocoder().search('2 rue de paris saint-denis');
    expect(reunion).toMatchObject({
      departmentCode: '974',
      zipcode: '97400',
      city: 'Saint-Denis',
      lat: -20.878952,
    });
  });

  it('tells communes, streets and named places apart', async () => {
    const kinds = (await geocoder().search('lyon')).map(({ label, kind, departmentCode }) => [
      label,
      kind,
      departmentCode,
    ]);
    expect(kinds).toEqual([
      ['Lyon', 'municipality', '69'],
      ['Lyon 3e Arrondissement', 'municipality', '69'],
      ['Croix-Rousse 69004 Lyon', 'street', '69'],
    ]);
  });

  it('sends q, limit and autocomplete, and type only when the search is restricted', async () => {
    await geocoder().search('  lyon ', { limit: 5 });
    await geocoder().search('lyon', { type: 'municipality' });
    await geocoder().search('8 boulevard', { type: 'address' });
    const [plain, communes, addresses] = server.requests.map((params) => Object.fromEntries(params));
    expect(plain).toEqual({ q: 'lyon', limit: '5', autocomplete: '1' });
    expect(communes).toEqual({ q: 'lyon', limit: '8', autocomplete: '1', type: 'municipality' });
    expect(addresses).toMatchObject({ q: '8 boulevard', type: 'housenumber' });
  });

  it('is unavailable when the service answers 500', async () => {
    server.mode = 'error';
    await expect(geocoder().search('lyon')).rejects.toBeInstanceOf(GeocoderUnavailable);
  });

  it('gives up at its timeout when the service takes the request and never answers', async () => {
    server.mode = 'hang';
    const error = await geocoder()
      .search('lyon')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GeocoderUnavailable);
    expect((error as Error).cause).toMatchObject({ name: 'TimeoutError' });
    expect(server.requests).toHaveLength(1);
  });

  it('is unavailable when nothing listens', async () => {
    const nowhere = geoplateformeGeocoder({ baseUrl: 'http://127.0.0.1:9/geocodage', timeoutMs: 300 });
    await expect(nowhere.search('lyon')).rejects.toBeInstanceOf(GeocoderUnavailable);
  });
});
