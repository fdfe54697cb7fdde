import { graphql } from 'graphql';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  type GeoplateformeServer,
  startGeoplateformeServer,
} from '../../tests/fixtures/geoplateforme-server.ts';
import { assembleSchema } from '../graphql/schema.ts';
import { memoryRateLimiter } from '../http/rate-limit.ts';
import { systemClock } from '../kernel/clock.ts';
import type { GqlContext } from '../kernel/context.ts';
import { type AddressSuggestion, type Geocoder, GeocoderUnavailable } from '../kernel/ports/geocoding.ts';
import { createGeocoder } from '../ports/geocoding/fallback.ts';
import { geocodingModule } from './graphql.ts';

const schema = assembleSchema([geocodingModule]);

const QUERY = /* GraphQL */ `
  query AddressSuggestions($query: String!, $type: AddressKind) {
    addressSuggestions(query: $query, type: $type) { label zipcode city departmentCode lat lng kind }
  }
`;

const lyon: AddressSuggestion = {
  label: 'Lyon',
  zipcode: '69001',
  city: 'Lyon',
  departmentCode: '69',
  lat: 45.758,
  lng: 4.835,
  kind: 'municipality',
};

/** The resolver's view of a request: only the geocoder and the logger are read. */
function run(geocoder: Geocoder, variables: Record<string, unknown>) {
  const log = { debug: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn() };
  const deps = { geocoder, log, rateLimiter: memoryRateLimiter(), clock: systemClock };
  const req = { header: () => undefined, raw: {} };
  const contextValue = { var: { deps, requestId: 'req-1' }, req } as unknown as GqlContext;
  return graphql({ schema, source: QUERY, variableValues: variables, contextValue }).then((result) => ({
    ...result,
    log,
  }));
}

describe('Query.addressSuggestions', () => {
  it('asks the geocoder for 8 suggestions of any kind, with the query trimmed', async () => {
    const search = vi.fn<Geocoder['search']>(async () => [lyon]);
    const { data, errors } = await run({ search }, { query: '  lyon  ' });
    expect(errors).toBeUndefined();
    expect(data).toEqual({ addressSuggestions: [lyon] });
    expect(search).toHaveBeenCalledWith('lyon', { limit: 8, type: 'any' });
  });

  it('passes a restriction to communes or house numbers on', async () => {
    const search = vi.fn<Geocoder['search']>(async () => []);
    await run({ search }, { query: 'lyon', type: 'municipality' });
    await run({ search }, { query: '8 rue', type: 'address' });
    expect(search.mock.calls.map(([, options]) => options?.type)).toEqual(['municipality', 'address']);
  });

  it.each([
    ['  ly ', 'Saisissez au moins 3 caractères'],
    ['x'.repeat(201), '200 caractères au maximum'],
  ])('refuses %j with BAD_USER_INPUT and a message for the query', async (query, message) => {
    const search = vi.fn<Geocoder['search']>(async () => []);
    const { errors } = await run({ search }, { query });
    expect(errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', fields: { query: message } });
    expect(search).not.toHaveBeenCalled();
  });

  it('answers geocoding_unavailable, and warns, when no geocoder can answer', async () => {
    const search = vi.fn(async () => {
      throw new GeocoderUnavailable('down');
    });
    const { errors, log } = await run({ search }, { query: 'lyon' });
    expect(errors?.[0]?.message).toBe('La recherche d’adresse est indisponible pour le moment.');
    expect(errors?.[0]?.extensions).toMatchObject({ code: 'geocoding_unavailable' });
    expect(log.warn).toHaveBeenCalledWith('geocoding unavailable', { requestId: 'req-1' });
  });

  it('answers other_error for a bug, and logs it', async () => {
    const search = vi.fn(async () => {
      throw new TypeError('boom');
    });
    const { errors, log } = await run({ search }, { query: 'lyon' });
    expect(errors?.[0]?.extensions).toMatchObject({ code: 'other_error' });
    expect(log.error).toHaveBeenCalled();
  });

  describe('with the Géoplateforme adapter', () => {
    let server: GeoplateformeServer;
    beforeAll(async () => {
      server = await startGeoplateformeServer();
    });
    afterAll(() => server.close());

    it('answers what the service found', async () => {
      const geocoder = createGeocoder({ provider: 'geoplateforme', baseUrl: server.url, offline: false });
      const { data } = await run(geocoder, { query: 'cours napoléon ajaccio' });
      expect(data).toEqual({
        addressSuggestions: [
          {
            label: 'Cours Napoléon 20000 Ajaccio',
            zipcode: '20000',
            city: 'Ajaccio',
            departmentCode: '2A',
            lat: 41.923571,
            lng: 8.736916,
            kind: 'street',
          },
        ],
      });
      expect(Object.fromEntries(server.requests.at(-1) ?? [])).toEqual({
        q: 'cours napoléon ajaccio',
        limit: '8',
        autocomplete: '1',
      });
    });
  });
});
