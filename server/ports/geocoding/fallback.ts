import { type Geocoder, GeocoderUnavailable } from '../../kernel/ports/geocoding.ts';
import { geoplateformeGeocoder } from './geoplateforme.ts';

export type GeocoderProvider = 'geoplateforme' | 'offline';

export interface GeocoderChoice {
  provider: GeocoderProvider;
  /** Géoplateforme's base URL; its public endpoint by default. */
  baseUrl?: string;
  timeoutMs?: number;
  /** Where the offline geocoder comes from; tests replace it, `false` goes without (Workers). */
  offline?: (() => Promise<Geocoder>) | false;
  /** How long to answer offline, without asking Géoplateforme, after it failed. */
  retryAfterMs?: number;
  now?: () => number;
}

const RETRY_AFTER_MS = 30_000;

/**
 * Loaded on demand, so that neither the bundled commune data nor `node:fs` is imported with the port:
 * on Workers the import or the first load fails, and the geocoder then has no fallback.
 */
const loadOfflineGeocoder = () => import('./offline.ts').then((module) => module.offlineGeocoder());

/** The geocoder chosen at start; with Géoplateforme, an outage is answered by the offline geocoder. */
export function createGeocoder(choice: GeocoderChoice): Geocoder {
  const offline = choice.offline ?? loadOfflineGeocoder;
  if (choice.provider === 'offline') {
    if (!offline) throw new Error('GEOCODER=offline needs the offline geocoder');
    return lazyGeocoder(offline);
  }
  const online = geoplateformeGeocoder({ baseUrl: choice.baseUrl, timeoutMs: choice.timeoutMs });
  return offline ? withFallback(online, lazyGeocoder(offline), choice) : online;
}

/** A geocoder built on its first search (the offline index is only read when someone searches). */
function lazyGeocoder(load: () => Promise<Geocoder>): Geocoder {
  let loading: Promise<Geocoder> | undefined;
  return {
    async search(query, options) {
      loading ??= load().catch((error) => {
        loading = undefined;
        throw error;
      });
      return (await loading).search(query, options);
    },
  };
}

/**
 * `primary`, and `fallback` when it is unavailable. After an outage the fallback answers first for a
 * while: a service that times out would otherwise cost every keystroke its full timeout.
 */
export function withFallback(
  primary: Geocoder,
  fallback: Geocoder,
  { retryAfterMs = RETRY_AFTER_MS, now = Date.now }: Pick<GeocoderChoice, 'retryAfterMs' | 'now'> = {},
): Geocoder {
  let primaryDownUntil = 0;
  return {
    async search(query, options) {
      if (now() < primaryDownUntil) {
        const answer = await fallback.search(query, options).catch(() => null);
        if (answer) return answer;
      }
      try {
        return await primary.search(query, options);
      } catch (error) {
        if (!(error instanceof GeocoderUnavailable)) throw error;
        primaryDownUntil = now() + retryAfterMs;
        return fallback.search(query, options).catch(() => {
          throw error;
        });
      }
    },
  };
}
