import { normalizeForSearch } from '../../common/text.ts';
import type { Deps } from '../kernel/context.ts';
import type { AddressSuggestion } from '../kernel/ports/geocoding.ts';
import { ADDRESS_QUERY_LENGTH, suggestAddresses } from './suggestions.ts';

/** What a typed place names: one place, or the places it may mean (none: nothing found). */
export type NamedPlace = { place: AddressSuggestion } | { place: null; choices: AddressSuggestion[] };

/** « Saint-Denis », « saint denis » and « SAINT DENIS » name the same commune. */
const nameKey = (name: string) =>
  normalizeForSearch(name)
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
    .join(' ');

/**
 * The place a text typed without choosing among the suggestions stands for (a form sent without
 * JavaScript, a link written by hand; issue 36), asked of the geocoder as the suggestions are. Several
 * communes of exactly that name (« Saint-Denis », « Valence ») are for the person to choose among;
 * otherwise the geocoder's best answer is the place (« Toulouse », a postcode, a full address).
 */
export async function placeNamed(
  input: { query: string; clientIp: string },
  deps: Deps,
): Promise<NamedPlace> {
  const query = input.query.trim();
  if (query.length < ADDRESS_QUERY_LENGTH.min) return { place: null, choices: [] };
  const suggestions = await suggestAddresses({ query, clientIp: input.clientIp }, deps);
  const key = nameKey(query);
  const homonyms = suggestions.filter(
    (suggestion) => suggestion.kind === 'municipality' && nameKey(suggestion.city) === key,
  );
  if (homonyms.length > 1) return { place: null, choices: homonyms };
  const place = homonyms[0] ?? suggestions[0];
  return place ? { place } : { place: null, choices: [] };
}
