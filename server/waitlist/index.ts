export { offerFreedSeats, offerUrlOf, runWaitlistOffers, WAITLIST_SECTION_ID } from './offers.ts';
export {
  myEntryOnSlot,
  myWaitlist,
  type WaitlistEntryView,
  waitlistLengths,
} from './waitlist.ts';
