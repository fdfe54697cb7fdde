export { type NamedPlace, placeNamed } from './named-place.ts';
export { ADDRESS_SUGGESTIONS_LIMIT, type AddressSearchType } from './suggestions.ts';
