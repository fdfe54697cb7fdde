export { companyJobOffers, companyNews, contactMessagesSent, isContactable } from './company-page.ts';
export { favoriteCompanies } from './favorites.ts';
export { type CompanyMarker, type FoundCompany, type SearchResult, searchCompanies } from './search.ts';
export { type SuggestedCompany, suggestCompanies } from './suggestions.ts';
