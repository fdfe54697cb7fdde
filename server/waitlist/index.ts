export {
  leaveAllWaitlists,
  offerFreedSeats,
  offerUrlOf,
  runWaitlistOffers,
  WAITLIST_SECTION_ID,
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
