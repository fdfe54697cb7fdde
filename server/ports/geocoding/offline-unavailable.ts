import { type Geocoder, GeocoderUnavailable } from '../../kernel/ports/geocoding.ts';

/**
 * Stands in for ./offline.ts in the Worker build (vite.config.ts): the commune data is too large for a
 * Worker, which relies on Géoplateforme alone.
 */
export function offlineGeocoder(): Geocoder {
  return {
    async search() {
      throw new GeocoderUnavailable('No offline geocoder in the Worker build');
    },
  };
}
