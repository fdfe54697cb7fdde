import { isValidSiret, normalizeSiret } from '../../../common/siret.ts';
import {
  type CompanyAddress,
  type CompanyIdentity,
  type CompanyLookup,
  CompanyLookupUnavailable,
} from '../../kernel/ports/company-lookup.ts';

/**
 * The State's "API Recherche d'entreprises" (SIRENE + RNE, no key). `GET /search?q=<14 digits>` is a
 * direct lookup: each result is a legal unit with its head office (`siege`) and, when the SIRET is another
 * establishment, that establishment in `matching_etablissements`. Coordinates come as strings; `commune`
 * is the INSEE code, the name is `libelle_commune`. 7 requests/s per IP: a 429 counts as unavailable.
 */
export const RECHERCHE_ENTREPRISES_URL = 'https://recherche-entreprises.api.gouv.fr';
const DEFAULT_TIMEOUT_MS = 3_000;
const DEFAULT_USER_AGENT = 'PasserelleIndustrie/1.0 (company sign-up prefill)';

type Coordinate = string | number | null | undefined;

interface ApiEstablishment {
  siret?: string;
  activite_principale?: string | null;
  adresse?: string | null;
  geo_adresse?: string | null;
  code_postal?: string | null;
  libelle_commune?: string | null;
  latitude?: Coordinate;
  longitude?: Coordinate;
}

interface ApiResult {
  nom_complet?: string | null;
  nom_raison_sociale?: string | null;
  activite_principale?: string | null;
  siege?: ApiEstablishment | null;
  matching_etablissements?: ApiEstablishment[] | null;
}

export interface RechercheEntreprisesOptions {
  baseUrl?: string;
  /** The API asks callers to name themselves: ASCII only (a header), with a contact URL. */
  userAgent?: string;
  timeoutMs?: number;
}

export function createRechercheEntreprisesLookup(options: RechercheEntreprisesOptions = {}): CompanyLookup {
  async function find(input: string) {
    const siret = normalizeSiret(input);
    if (!isValidSiret(siret)) return null;
    return identityFrom(await search(siret, options), siret);
  }
  return { find, verify: find };
}

function searchUrl(baseUrl: string, siret: string): string {
  return `${baseUrl.replace(/\/+$/, '')}/search?q=${encodeURIComponent(siret)}`;
}

async function search(siret: string, options: RechercheEntreprisesOptions): Promise<unknown> {
  const url = searchUrl(options.baseUrl ?? RECHERCHE_ENTREPRISES_URL, siret);
  try {
    const response = await fetch(url, {
      headers: { accept: 'application/json', 'user-agent': options.userAgent ?? DEFAULT_USER_AGENT },
      signal: AbortSignal.timeout(options.timeoutMs ?? DEFAULT_TIMEOUT_MS),
    });
    if (!response.ok) {
      await response.body?.cancel();
      throw new CompanyLookupUnavailable(`Recherche d’entreprises answered ${response.status}`);
    }
    return await response.json();
  } catch (error) {
    if (error instanceof CompanyLookupUnavailable) throw error;
    throw new CompanyLookupUnavailable(`Recherche d’entreprises failed: ${String(error)}`, { cause: error });
  }
}

function resultsOf(body: unknown): ApiResult[] {
  const results = (body as { results?: unknown } | null)?.results;
  return Array.isArray(results) ? results : [];
}

function identityFrom(body: unknown, siret: string): CompanyIdentity | null {
  for (const result of resultsOf(body)) {
    const establishment = establishmentOf(result, siret);
    if (establishment) return toIdentity(result, establishment, siret);
  }
  return null;
}

function establishmentOf(result: ApiResult, siret: string): ApiEstablishment | null {
  if (result.siege?.siret === siret) return result.siege;
  const matching = Array.isArray(result.matching_etablissements) ? result.matching_etablissements : [];
  return matching.find((establishment) => establishment.siret === siret) ?? null;
}

function toIdentity(
  result: ApiResult,
  establishment: ApiEstablishment,
  siret: string,
): CompanyIdentity | null {
  const name = (result.nom_complet || result.nom_raison_sociale)?.trim();
  if (!name) return null;
  const address = toAddress(establishment);
  return {
    siret,
    name,
    // The establishment's own activity first: a plant's NAF can differ from its group's head office.
    nafCode:
      normalizeNafCode(establishment.activite_principale) ?? normalizeNafCode(result.activite_principale),
    ...(address ? { address } : {}),
  };
}

/** "25.62B"; also accepts "2562B" and "25.62b", as older exports write it. */
export function normalizeNafCode(code: string | null | undefined): string | null {
  const match = code?.trim().match(/^(\d{2})\.?(\d{2})([A-Za-z])$/);
  return match ? `${match[1]}.${match[2]}${match[3]?.toUpperCase()}` : null;
}

function toAddress(establishment: ApiEstablishment): CompanyAddress | undefined {
  const label = (establishment.geo_adresse || establishment.adresse)?.trim();
  const zipcode = establishment.code_postal?.trim();
  const city = establishment.libelle_commune?.trim();
  if (!label || !zipcode || !city) return undefined;
  const lat = toNumber(establishment.latitude);
  const lng = toNumber(establishment.longitude);
  return { label, zipcode, city, ...(lat !== undefined && lng !== undefined ? { lat, lng } : {}) };
}

function toNumber(value: Coordinate): number | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  const number = Number(value);
  return Number.isFinite(number) ? number : undefined;
}
