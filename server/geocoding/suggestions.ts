import { AppError } from '../errors.ts';
import { type AddressSuggestion, type Geocoder, GeocoderUnavailable } from '../ports/geocoding.ts';

export const ADDRESS_SUGGESTIONS_LIMIT = 8;

export type AddressSearchType = 'address' | 'municipality';

/** French addresses for what the user typed; an outage nothing could answer is `geocoding_unavailable`. */
export async function suggestAddresses(
  geocoder: Geocoder,
  query: string,
  type?: AddressSearchType,
): Promise<AddressSuggestion[]> {
  try {
    return await geocoder.search(query, { limit: ADDRESS_SUGGESTIONS_LIMIT, type: type ?? 'any' });
  } catch (error) {
    if (error instanceof GeocoderUnavailable) throw new AppError('geocoding_unavailable');
    throw error;
  }
}
