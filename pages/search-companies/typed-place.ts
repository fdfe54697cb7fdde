import { SEARCH_MESSAGES, type SearchUrlState } from '../../common/search.ts';
import type { AddressValue } from '../../islands/address-post.ts';
import { placeNamed } from '../../server/geocoding/index.ts';
import type { Deps } from '../../server/kernel/context.ts';
import { AppError } from '../../server/kernel/errors.ts';

interface PlaceFound {
  /** The search, around the place found when one was. */
  state: SearchUrlState;
  /** Why no place was found, for under the place field. */
  error: string | null;
  /** The communes the text may mean. */
  choices: AddressValue[];
}

/**
 * A search that names a place without its point (typed in the form sent without JavaScript, or a link
 * written by hand: `?lieu=Toulouse`), around the place the geocoder finds for it, as the island would
 * search around the suggestion chosen. Several communes of that name, or none, are said under the field,
 * the text kept.
 */
export async function withPlaceFound(
  state: SearchUrlState,
  clientIp: string,
  deps: Deps,
): Promise<PlaceFound> {
  if (state.near || !state.placeLabel) return { state, error: null, choices: [] };
  try {
    const named = await placeNamed({ query: state.placeLabel, clientIp }, deps);
    if (named.place) {
      const { lat, lng, label } = named.place;
      return {
        state: { ...state, near: { lat, lng }, placeLabel: label, everywhere: undefined },
        error: null,
        choices: [],
      };
    }
    const choices = named.choices.map(({ kind: _, ...place }) => place);
    const error = choices.length > 0 ? SEARCH_MESSAGES.placeAmbiguous : SEARCH_MESSAGES.placeUnknown;
    return { state, error, choices };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return { state, error: error.message, choices: [] };
  }
}
