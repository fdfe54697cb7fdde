export {
  countAvailableSlots,
  countAvailableSlotsOfCompanies,
  countAvailableSlotsOfCompany,
} from './availability.ts';
export { createSlot, deleteSlot, duplicateSlot, findSlotById, type SlotRow, updateSlot } from './slots.ts';
export { bookableSlotViews, companySlotViews, openSlotViews, ownSlotView, type SlotView } from './views.ts';
