export { companyJobOffers, companyNews, contactMessagesSent, isContactable } from './company-page.ts';
export { favoriteCompanies } from './favorites.ts';
export { type CompanyMarker, searchCompanies } from './search.ts';
export { suggestCompanies } from './suggestions.ts';
