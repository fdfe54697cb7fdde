export {
  leaveAllWaitlists,
  offerFreedSeats,
  runWaitlistOffers,
} from './offers.ts';
export { type WaitlistCard, waitlistCardsOf, waitlistLengthsFor } from './waitlist.ts';
