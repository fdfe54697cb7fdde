export {
  companyPage,
  myFavoriteCards,
  searchCompaniesFor,
  searchStartFor,
  suggestedCompaniesFor,
  suggestionCardsFor,
} from './discovery.ts';
export { companyEmbed, mountCompanyEmbed } from './embed.ts';
export { forgetFavoritesOf, starredCompanyIds } from './favorites.ts';
export { searchMissesByDepartment } from './misses.ts';
export { sendWeeklyAlerts } from './weekly-alert.ts';
