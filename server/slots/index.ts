export {
  availabilityWindow,
  availableCountOf,
  countAvailableSlots,
  countAvailableSlotsOfCompanies,
  countAvailableSlotsOfCompany,
  hasSeatsLeft,
  nextAvailableOf,
  slotFill,
} from './availability.ts';
export {
  closeFutureSlotsOfCompany,
  findSlotById,
  findSlotsByIds,
  hasUpcomingSlot,
  holdSeats,
  releaseHeldSeats,
  type SlotRow,
  slotsOfCompany,
} from './slots.ts';
export {
  type CompanyPageSlot,
  type CompanyPageSlots,
  type CompanySlotView,
  companyPageSlots,
  lastSpeakerOf,
  myCompanyTimeZone,
  mySlotViews,
  openSlotViewsFor,
  ownSlotViewFor,
  type SlotView,
} from './views.ts';
