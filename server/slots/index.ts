export {
  availabilityWindow,
  availableSlotsCountOfCompany,
  countAvailableSlots,
  countAvailableSlotsOfCompanies,
  countAvailableSlotsOfCompany,
  countOpenSlotsByType,
  nextOpenOf,
  openCountOf,
  openStartsOf,
  outsideRangesSql,
  type SlotExclusionShape,
  slotFill,
} from './availability.ts';
export { relistOnCompanyStatus, relistOnDepartment } from './listing.ts';
export { isOnOffer, isOpenSlot, onOfferSql, openSlotAtSql, openSlotSql } from './open.ts';
export { speakerPersonalData } from './personal-data.ts';
export type { SlotRow } from './queries.ts';
export { slotCriteriaOf } from './search-sql.ts';
export {
  holdSeats,
  releaseHeldSeats,
  releaseSeats,
  type SeatRequest,
  type SlotSeats,
  seatsOf,
  takeHeldSeatsStatement,
  takeMoreSeats,
  takeSeatsStatement,
} from './seats.ts';
export {
  closeSlotsOfCompanyThatLeft,
  createSlot,
  deleteSlot,
  lacksWorkingRoom,
  previewSlotUpdate,
  updateSlot,
} from './use-cases.ts';
export {
  companySlotsFor,
  companyTimeZone,
  hasPublishedSlot,
  hasSlotsToCome,
  lastSpeakerOf,
  myCompanyDepartmentCode,
  myCompanyTimeZone,
  mySlotViews,
  type OwnSlotView,
  openSlotViewPage,
  openSlotViewsFor,
  openSlotViewsPublishedBetween,
  ownSlotViewFor,
  type SlotView,
  slotFor,
  slotOfHistory,
  slotsOfCompanyForOperators,
  slotVideoLink,
  slotView,
  slotViewById,
  slotViewsByIds,
} from './views.ts';
