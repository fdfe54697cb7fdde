export { countAvailableSlots, countAvailableSlotsOfCompany } from './availability.ts';
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
