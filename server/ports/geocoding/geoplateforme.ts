import {
  type AddressSuggestion,
  type AddressSuggestionKind,
  DEFAULT_SUGGESTION_LIMIT,
  departmentOfCommune,
  type Geocoder,
  type GeocoderSearchOptions,
  GeocoderUnavailable,
} from '../../kernel/ports/geocoding.ts';

export const GEOPLATEFORME_URL = 'https://data.geopf.fr/geocodage';
const TIMEOUT_MS = 3_000;
const MAX_LIMIT = 20;

export interface GeoplateformeOptions {
  /** Without a trailing slash; `/search` is appended. */
  baseUrl?: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/** A feature of the service's GeoJSON answer, as far as it is read. */
interface GeoplateformeFeature {
  geometry?: { type?: string; coordinates?: unknown };
  properties?: {
    label?: unknown;
    postcode?: unknown;
    citycode?: unknown;
    city?: unknown;
    context?: unknown;
    type?: unknown;
  };
}

const SERVICE_TYPES: Record<string, AddressSuggestionKind> = {
  housenumber: 'address',
  street: 'street',
  // A "lieu-dit": a named place inside a commune, as precise as a street.
  locality: 'street',
  municipality: 'municipality',
};

const TYPE_FILTERS: Record<NonNullable<GeocoderSearchOptions['type']>, string | undefined> = {
  address: 'housenumber',
  municipality: 'municipality',
  any: undefined,
};

/**
 * The Géoplateforme geocoding API (IGN, Base Adresse Nationale), which covers France only.
 * Plain fetch, so it runs on Node and on Workers alike.
 */
export function geoplateformeGeocoder(options: GeoplateformeOptions = {}): Geocoder {
  const baseUrl = (options.baseUrl ?? GEOPLATEFORME_URL).replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? TIMEOUT_MS;
  const send = options.fetch ?? ((input, init) => fetch(input, init));
  return {
    async search(query, { limit = DEFAULT_SUGGESTION_LIMIT, type = 'any' } = {}) {
      const url = searchUrl(baseUrl, query, limit, type);
      const body = await fetchJson(send, url, timeoutMs);
      return featuresOf(body).flatMap((feature) => suggestionOf(feature) ?? []);
    },
  };
}

function searchUrl(
  baseUrl: string,
  query: string,
  limit: number,
  type: NonNullable<GeocoderSearchOptions['type']>,
): URL {
  const url = new URL(`${baseUrl}/search`);
  url.searchParams.set('q', query.trim());
  url.searchParams.set('limit', String(Math.min(Math.max(1, Math.trunc(limit)), MAX_LIMIT)));
  url.searchParams.set('autocomplete', '1');
  const filter = TYPE_FILTERS[type];
  if (filter) url.searchParams.set('type', filter);
  return url;
}

async function fetchJson(send: typeof fetch, url: URL, timeoutMs: number): Promise<unknown> {
  let response: Response;
  try {
    response = await send(url, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    throw new GeocoderUnavailable(`Géoplateforme unreachable: ${String(error)}`, { cause: error });
  }
  if (!response.ok) {
    await response.body?.cancel();
    throw new GeocoderUnavailable(`Géoplateforme answered ${response.status}`);
  }
  try {
    return await response.json();
  } catch (error) {
    throw new GeocoderUnavailable(`Géoplateforme answer unreadable: ${String(error)}`, { cause: error });
  }
}

function featuresOf(body: unknown): GeoplateformeFeature[] {
  const features = (body as { features?: unknown } | null)?.features;
  if (!Array.isArray(features)) throw new GeocoderUnavailable('Géoplateforme answer has no features');
  return features as GeoplateformeFeature[];
}

/** A feature as a suggestion; null when it lacks what an address needs. */
export function suggestionOf(feature: GeoplateformeFeature): AddressSuggestion | null {
  const { label, postcode, city, citycode, context, type } = feature.properties ?? {};
  const [lng, lat] = Array.isArray(feature.geometry?.coordinates) ? feature.geometry.coordinates : [];
  if (typeof label !== 'string' || typeof postcode !== 'string' || typeof city !== 'string') return null;
  if (typeof lat !== 'number' || typeof lng !== 'number') return null;
  const departmentCode = departmentFrom(citycode, context);
  if (!departmentCode) return null;
  return {
    label,
    zipcode: postcode,
    city,
    departmentCode,
    lat,
    lng,
    kind: SERVICE_TYPES[String(type)] ?? 'street',
  };
}

/** From the INSEE code; the context ("2A, Corse-du-Sud, Corse") starts with the department otherwise. */
function departmentFrom(citycode: unknown, context: unknown): string | null {
  if (typeof citycode === 'string' && /^\d[\dAB]\d{3}$/.test(citycode)) return departmentOfCommune(citycode);
  const first = typeof context === 'string' ? context.split(',')[0]?.trim() : undefined;
  return first && /^(\d{2,3}|2[AB])$/.test(first) ? first : null;
}
