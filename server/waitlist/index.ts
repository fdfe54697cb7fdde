export {
  leaveAllWaitlists,
  offerFreedSeats,
  runWaitlistOffers,
} from './offers.ts';
export {
  myEntryOnSlot,
  myWaitlist,
  myWaitlistCards,
  type WaitlistCard,
  type WaitlistEntryView,
  waitlistLengths,
  waitlistLengthsFor,
} from './waitlist.ts';
