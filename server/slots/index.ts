export {
  countAvailableSlots,
  countAvailableSlotsOfCompanies,
  countAvailableSlotsOfCompany,
} from './availability.ts';
export {
  createSlot,
  deleteSlot,
  duplicateSlot,
  findOwnSlot,
  findSlotById,
  listCompanySlots,
  openSlotsOfCompany,
  SLOT_DELETED_REASON,
  type SlotDeps,
  type SlotRow,
  upcomingSlotsOfCompany,
  updateSlot,
} from './slots.ts';
export {
  bookableSlotViews,
  type CompanySlotView,
  companySlotViews,
  openSlotViews,
  ownSlotView,
  type SlotView,
  slotView,
} from './views.ts';
