export { ADDRESS_SUGGESTIONS_LIMIT, type AddressSearchType, suggestAddresses } from './suggestions.ts';
