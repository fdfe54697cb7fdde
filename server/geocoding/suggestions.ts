import type { Deps } from '../kernel/context.ts';
import { AppError } from '../kernel/errors.ts';
import { type AddressSuggestion, GeocoderUnavailable } from '../kernel/ports/geocoding.ts';
import { RATE_LIMITS } from '../kernel/rate-limits.ts';

export const ADDRESS_SUGGESTIONS_LIMIT = 8;
/** What may be searched: the geocoder refuses a query shorter or longer. */
export const ADDRESS_QUERY_LENGTH = { min: 3, max: 200 } as const;

export type AddressSearchType = 'address' | 'municipality';

/**
 * French addresses for what the user typed (public). Géoplateforme allows 50 requests/s for the whole
 * platform: no single client may use it up. An outage nothing could answer is `geocoding_unavailable`.
 */
export async function suggestAddresses(
  input: { query: string; type?: AddressSearchType | null | undefined; clientIp: string },
  deps: Deps,
): Promise<AddressSuggestion[]> {
  await deps.rateLimiter.consume(
    [`geocoding:ip:${input.clientIp}`],
    RATE_LIMITS.addressSuggestions,
    deps.clock.now(),
  );
  try {
    return await deps.geocoder.search(input.query, {
      limit: ADDRESS_SUGGESTIONS_LIMIT,
      type: input.type ?? 'any',
    });
  } catch (error) {
    if (error instanceof GeocoderUnavailable) throw new AppError('geocoding_unavailable');
    throw error;
  }
}
