export {
  closeLineOfDeletedSlot,
  holdFreedSeats,
  leaveAllWaitlists,
  lineRequestOfBooking,
  replaceLineRequestOfBooking,
  runWaitlistOffers,
} from './offers.ts';
export {
  joinWaitlist,
  leaveWaitlist,
  type WaitlistCard,
  waitlistCardsOf,
  waitlistLengthsFor,
} from './waitlist.ts';
