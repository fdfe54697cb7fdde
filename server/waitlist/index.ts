export {
  closeLineOfDeletedSlot,
  holdFreedSeats,
  leaveAllWaitlists,
  runWaitlistOffers,
} from './offers.ts';
export { type WaitlistCard, waitlistCardsOf, waitlistLengthsFor } from './waitlist.ts';
