export { lineRequestOfBooking, replaceLineRequestOfBooking } from './booking-requests.ts';
export { closeLineOfDeletedSlot, holdFreedSeats, leaveAllWaitlists, runWaitlistOffers } from './offers.ts';
export { waitlistPersonalData } from './personal-data.ts';
export {
  acceptWaitlistOffer,
  joinWaitlist,
  leaveWaitlist,
  type WaitlistCard,
  waitlistCardsOf,
  waitlistLengthsFor,
} from './waitlist.ts';
