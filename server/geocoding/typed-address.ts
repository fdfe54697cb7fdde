import { normalizeForSearch } from '../../common/text.ts';
import type { Deps } from '../kernel/context.ts';
import type { AddressSuggestion } from '../kernel/ports/geocoding.ts';
import { ADDRESS_QUERY_LENGTH, suggestAddresses } from './suggestions.ts';

/** What a typed address comes to: the one place it clearly names, or the places it may name (none: unknown). */
export type TypedAddressOutcome = { address: AddressSuggestion } | { choices: AddressSuggestion[] };

/** The places offered to choose from when the text names no single one. */
export const TYPED_ADDRESS_CHOICES = 5;

/** The words of a text, accents, case and punctuation aside: « 12, rue de l’Usine » → 12 rue de l usine. */
const wordsOf = (text: string) =>
  normalizeForSearch(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

/**
 * An address typed without choosing a suggestion (a form posted without JavaScript, docs/decisions/0087),
 * settled with the platform's geocoder as the suggestions are found: the place whose label is the text
 * (accents, case and punctuation aside), else the only one whose label holds every word typed; otherwise
 * the suggestions to choose from, best first — none when nothing matches. Limits and outages are the
 * suggestions' own (`rate_limited`, `geocoding_unavailable`).
 */
export async function settleTypedAddress(
  input: { text: string; clientIp: string },
  deps: Deps,
): Promise<TypedAddressOutcome> {
  const text = input.text.trim();
  if (text.length < ADDRESS_QUERY_LENGTH.min || text.length > ADDRESS_QUERY_LENGTH.max)
    return { choices: [] };
  const found = await suggestAddresses({ query: text, clientIp: input.clientIp }, deps);
  const typed = wordsOf(text);
  const same = found.find((place) => wordsOf(place.label).join(' ') === typed.join(' '));
  if (same) return { address: same };
  const holding = found.filter((place) => {
    const words = wordsOf(place.label);
    return typed.every((word) => words.includes(word));
  });
  const [only] = holding;
  if (only && holding.length === 1) return { address: only };
  return { choices: found.slice(0, TYPED_ADDRESS_CHOICES) };
}
