export { companyPage, myFavoriteCards, searchCompaniesFor, suggestedCompaniesFor } from './discovery.ts';
export { forgetFavoritesOf, starredCompanyIds } from './favorites.ts';
export { searchMissesByDepartment } from './misses.ts';
export {
  alertWeekAt,
  isoWeekOf,
  sendWeeklyAlerts,
  WEEKLY_ALERT_MAX_SLOTS,
  WEEKLY_ALERT_RADIUS_KM,
  type WeeklyAlertReport,
} from './weekly-alert.ts';
