export { ADDRESS_SUGGESTIONS_LIMIT, type AddressSearchType } from './suggestions.ts';
