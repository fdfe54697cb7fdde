/** What a place search answers: a point and the postal address it stands for. */
export interface AddressSuggestion {
  /** The full address as shown to the user, e.g. "8 Boulevard du Port 80000 Amiens". */
  label: string;
  zipcode: string;
  city: string;
  /** From the INSEE commune code: "69", "2A"/"2B" for Corsica, three digits overseas ("974"). */
  departmentCode: string;
  lat: number;
  lng: number;
  /** How precise the point is: a house number, a street (or a named place), a commune, a postcode. */
  kind: AddressSuggestionKind;
}

export type AddressSuggestionKind = 'address' | 'street' | 'municipality' | 'postcode';

export interface GeocoderSearchOptions {
  limit?: number;
  /** `address`: house numbers only; `municipality`: communes only; `any` (default): whatever matches best. */
  type?: 'address' | 'municipality' | 'any';
}

/** Address search, restricted to France. */
export interface Geocoder {
  search(query: string, options?: GeocoderSearchOptions): Promise<AddressSuggestion[]>;
}

/** The geocoding service cannot answer now (network, timeout, 5xx): another source may be tried. */
export class GeocoderUnavailable extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'GeocoderUnavailable';
  }
}

export const DEFAULT_SUGGESTION_LIMIT = 8;

/**
 * The department of an INSEE commune code: its first two characters ("2A004" → "2A"), three for the
 * overseas codes that start with 97 or 98 ("97411" → "974").
 */
export function departmentOfCommune(citycode: string): string {
  return /^9[78]/.test(citycode) ? citycode.slice(0, 3) : citycode.slice(0, 2);
}
