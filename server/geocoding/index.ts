export { type NamedPlace, placeNamed } from './named-place.ts';
export { ADDRESS_SUGGESTIONS_LIMIT, type AddressSearchType } from './suggestions.ts';
export { settleTypedAddress, TYPED_ADDRESS_CHOICES, type TypedAddressOutcome } from './typed-address.ts';
