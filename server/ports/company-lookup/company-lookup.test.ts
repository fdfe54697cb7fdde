import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { isValidSiret } from '../../../common/siret.ts';
import {
  type RechercheEntreprisesServer,
  SAMPLE_COMPANIES,
  startRechercheEntreprisesServer,
} from '../../../tests/fixtures/recherche-entreprises-server.ts';
import { CompanyLookupUnavailable } from '../../kernel/ports/company-lookup.ts';
import { createCompanyLookup, createLocalCompanyLookup, createRechercheEntreprisesLookup } from './index.ts';
import { normalizeNafCode } from './recherche-entreprises.ts';

let site: RechercheEntreprisesServer;
beforeAll(async () => {
  site = await startRechercheEntreprisesServer({ slowMs: 2_000 });
});
afterAll(() => site.close());
beforeEach(() => {
  site.setMode('ok');
  site.requests.length = 0;
});

const api = (timeoutMs = 3_000) => createRechercheEntreprisesLookup({ baseUrl: site.url, timeoutMs });

describe('the recherche-entreprises adapter', () => {
  it('uses only valid sample numbers', () => {
    for (const company of SAMPLE_COMPANIES) {
      for (const establishment of company.establishments)
        expect(isValidSiret(establishment.siret)).toBe(true);
    }
  });

  it('maps the head office: name, NAF code, address and coordinates', async () => {
    expect(await api().find('512 345 679 00017')).toEqual({
      siret: '51234567900017',
      name: 'FORGES DE VENISSIEUX',
      nafCode: '25.62B',
      address: {
        label: '12 Rue de l’Usine 69200 Vénissieux',
        zipcode: '69200',
        city: 'VENISSIEUX',
        lat: 45.6975,
        lng: 4.8867,
      },
    });
  });

  it('maps another establishment from matching_etablissements, with its own address and activity', async () => {
    expect(await api().find('51234567900025')).toEqual({
      siret: '51234567900025',
      name: 'FORGES DE VENISSIEUX',
      nafCode: '25.50A',
      address: {
        label: 'ZI DU CHAMP DU PONT 4 AVENUE DES FORGERONS 69800 SAINT-PRIEST',
        zipcode: '69800',
        city: 'SAINT-PRIEST',
        lat: 45.7011,
        lng: 4.9452,
      },
    });
  });

  it("falls back to the unit's NAF code and leaves out missing coordinates", async () => {
    expect(await api().find('82345678500018')).toEqual({
      siret: '82345678500018',
      name: 'ATELIERS MECANIQUES DU LITTORAL',
      nafCode: '28.99B',
      address: { label: 'LIEU-DIT KERVEN 29200 BREST', zipcode: '29200', city: 'BREST' },
    });
  });

  it("finds La Poste's offices, whose numbers fail Luhn", async () => {
    const office = await api().find('35600000053166');
    expect(office?.name).toBe('LA POSTE (DIRECTION GENERALE DE LA POSTE)');
    expect(office?.address?.city).toBe('TERGNIER');
    expect((await api().find('35600000000048'))?.address?.zipcode).toBe('75015');
  });

  it('asks once, with the SIRET as q and a descriptive User-Agent', async () => {
    await api().find('51234567900017');
    expect(site.requests).toHaveLength(1);
    expect(site.requests[0]?.url).toBe('/search?q=51234567900017');
    expect(site.requests[0]?.userAgent).toMatch(/^PasserelleIndustrie\/\d/);
  });

  it('answers null for a valid number the register does not know', async () => {
    expect(await api().find('90123456700013')).toBeNull();
  });

  it('answers null for an invalid number without asking', async () => {
    expect(await api().find('51234567900018')).toBeNull();
    expect(await api().find('1234')).toBeNull();
    expect(site.requests).toHaveLength(0);
  });

  it('is unavailable on a 500, a 429 and a timeout', async () => {
    site.setMode('error');
    await expect(api().find('51234567900017')).rejects.toBeInstanceOf(CompanyLookupUnavailable);
    site.setMode('rate-limited');
    await expect(api().find('51234567900017')).rejects.toThrow(/429/);
    // The register takes the request and never answers: the lookup gives up at its own timeout.
    site.setMode('hang');
    const error = await api(200)
      .find('51234567900017')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CompanyLookupUnavailable);
    expect((error as Error).cause).toMatchObject({ name: 'TimeoutError' });
  });

  it('is unavailable when nothing listens', async () => {
    const closed = await startRechercheEntreprisesServer();
    await closed.close();
    const lookup = createRechercheEntreprisesLookup({ baseUrl: closed.url });
    await expect(lookup.find('51234567900017')).rejects.toBeInstanceOf(CompanyLookupUnavailable);
  });
});

describe('normalizeNafCode', () => {
  it('writes NAF codes as "25.62B"', () => {
    expect(normalizeNafCode('25.62B')).toBe('25.62B');
    expect(normalizeNafCode('2562b')).toBe('25.62B');
    expect(normalizeNafCode('25.62')).toBeNull();
    expect(normalizeNafCode(null)).toBeNull();
  });
});

describe('createCompanyLookup', () => {
  it("'local' never prefills and never asks", async () => {
    const lookup = createCompanyLookup({ provider: 'local', baseUrl: site.url });
    expect(await lookup.find('51234567900017')).toBeNull();
    expect(await createLocalCompanyLookup().find('not a siret')).toBeNull();
    expect(site.requests).toHaveLength(0);
  });

  it("'api' answers from the register while it is up", async () => {
    const lookup = createCompanyLookup({ provider: 'api', baseUrl: site.url });
    expect((await lookup.find('51234567900017'))?.name).toBe('FORGES DE VENISSIEUX');
  });

  it("'api' stands in with the local lookup when the register is down or slow, and says so", async () => {
    const failures: CompanyLookupUnavailable[] = [];
    const lookup = createCompanyLookup({
      provider: 'api',
      baseUrl: site.url,
      timeoutMs: 200,
      onUnavailable: (error) => failures.push(error),
    });
    site.setMode('error');
    expect(await lookup.find('51234567900017')).toBeNull();
    site.setMode('slow');
    expect(await lookup.find('51234567900017')).toBeNull();
    expect(failures).toHaveLength(2);
  });
});
