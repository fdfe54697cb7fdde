export { criteriaOf, jobKey, meetsCriteria } from './criteria.ts';
export {
  myFavoriteCards,
  searchCompaniesFor,
  searchStartFor,
  suggestedCompaniesFor,
  suggestionCardsFor,
} from './discovery.ts';
export {
  addFavorite,
  companyIdSchema,
  forgetFavoritesOf,
  removeFavorite,
  starredCompanyIds,
} from './favorites.ts';
export { searchMissesByDepartment } from './misses.ts';
export { boundingBox, haversineKm } from './search.ts';
