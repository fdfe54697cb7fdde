export {
  closeLineOfDeletedSlot,
  holdFreedSeats,
  leaveAllWaitlists,
  lineRequestOfBooking,
  replaceLineRequestOfBooking,
  runWaitlistOffers,
} from './offers.ts';
export { type WaitlistCard, waitlistCardsOf, waitlistLengthsFor } from './waitlist.ts';
