import { render } from 'vike/abort';
import type { PageContextServer } from 'vike/types';
import type { Sector } from '../../common/constants.ts';
import { MAINLAND_TIME_ZONE } from '../../common/format.ts';
import { pictureUrl } from '../../common/pictures.ts';
import { mondayOf, utcToZonedWallClock } from '../../common/time.ts';
import type { ContactCompanyProps } from '../../islands/discovery/ContactCompany.tsx';
import type { PlainBooking } from '../../islands/meetings/BookingForm.tsx';
import type { PlainWaitlist } from '../../islands/meetings/Waitlist.tsx';
import { myGroups } from '../../server/classes/index.ts';
import { companyPage } from '../../server/company-page/index.ts';
import type { CompanyPageSlot, CompanyPageSlots, MeetingView } from '../../server/meetings/index.ts';
import { plainFavorite } from '../layout/favorite-post.ts';
import { idOf } from '../layout/form-post.ts';
import { waitlistEntriesBySlot } from '../layout/waitlist-data.ts';
import { plainWaitlist } from '../layout/waitlist-post.ts';
import { plainBooking } from './booking-post.ts';
import { plainContactCompany } from './contact-company-post.ts';
import { filterSlots, slotFiltersOf, slotListPath } from './slot-filters.ts';

export type { CompanyPageSlot as SlotItem, CompanyPageSlots as CompanySlots };

export interface CompanyIdentity {
  id: number;
  name: string;
  sector: Sector;
  address: string | null;
  city: string | null;
  nafCode: string;
  website: string | null;
  employeesCount: number | null;
  creationDate: string | null;
  acceptsInterns: boolean;
  description: string | null;
  /** Relative to the site; null until the company sets one. */
  pictureUrl: string | null;
}

/** An offer of the recruitment site, its date as an ISO instant. */
export interface JobOfferItem {
  id: string;
  title: string;
  contractType: string | null;
  location: string | null;
  url: string | null;
  publishedAt: string | null;
}

/** The site could not be reached: the page says so and shows everything else. */
export type JobOffers = { unavailable: true } | { unavailable: false; items: JobOfferItem[] };

export interface NewsItem {
  id: number;
  title: string;
  summary: string | null;
  body: string;
  publishedAt: string | null;
}

/** What the page offers its reader beyond reading: the star, and writing to a company without slots. */
export interface CompanyActions {
  /** Set for a teacher: whether the company is starred. */
  favorite: boolean | null;
  /** Set when the company asked to be contacted and has no slot: who is reading, and what they sent. */
  contact: {
    audience: 'teacher' | 'visitor';
    sentCount: number;
    /** A teacher's form without JavaScript (contact-company-post.ts). */
    plain?: ContactCompanyProps['plain'];
  } | null;
}

/**
 * The Monday of the week the week view shows: `?semaine=` when it is a date, else the week of the next
 * slot with seats left, else this week (in the slots' zone).
 */
function weekOf(asked: string | undefined, slots: CompanyPageSlots, now: Date): string {
  if (asked && /^\d{4}-\d{2}-\d{2}$/.test(asked) && !Number.isNaN(Date.parse(asked))) return mondayOf(asked);
  const items = 'items' in slots ? slots.items : [];
  const next = items.find((slot) => slot.id === ('items' in slots ? slots.nextOpenSlotId : null)) ?? items[0];
  const zone = next?.timeZone ?? MAINLAND_TIME_ZONE;
  return mondayOf(utcToZonedWallClock(next ? new Date(next.startsAt) : now, zone).date);
}

/**
 * A teacher's groups, every school year: each slot's booking offers those of its own year (Slots.tsx), and
 * says which group already has a meeting then (common/classes.ts classClash), from the upcoming meetings
 * the company page read once.
 */
async function bookingGroups(pageContext: PageContextServer, upcoming: MeetingView[]) {
  const { viewer, deps } = pageContext;
  if (viewer?.kind !== 'teacher') return [];
  const groups = await myGroups(viewer, deps);
  return groups.map((group) => ({
    id: group.id,
    name: group.name,
    schoolYear: group.schoolYear,
    meetings: upcoming
      .filter((meeting) => meeting.groupId === group.id)
      .map(({ startsAt, endsAt, timeZone, meetingType, company }) => ({
        startsAt,
        endsAt,
        timeZone,
        meetingType,
        companyId: company.id,
        companyName: company.name,
      })),
  }));
}

/**
 * A validated company's page (PRODUCT.md, Discovery), as the search domain's companyPage decides it for
 * the viewer; shaped here for the page (dates as ISO strings).
 */
export async function data(pageContext: PageContextServer) {
  await plainFavorite(pageContext);
  const { deps } = pageContext;
  const id = idOf(pageContext.urlParsed.search.id);
  // A booking posted before the page is read: on success the browser goes on to the meeting.
  const booking: PlainBooking =
    id !== null && pageContext.viewer?.kind === 'teacher'
      ? await plainBooking(pageContext)
      : { slotId: null, posted: null };
  // Where the slot cards' forms post and come back: the page with its list's filters.
  const listPath = id === null ? '' : slotListPath(id, slotFiltersOf(pageContext.urlParsed.search));
  const waitlistPlain: PlainWaitlist =
    id !== null && pageContext.viewer?.kind === 'teacher'
      ? await plainWaitlist(pageContext, listPath)
      : { slotId: null, done: null, doneSlotId: null, posted: null };
  const page = id === null ? null : await companyPage(pageContext.viewer, id, deps);
  if (!page) throw render(404);
  const { company, offers } = page;
  const identity: CompanyIdentity = {
    id: company.id,
    name: company.name,
    sector: company.sector,
    address: company.label,
    city: company.city,
    nafCode: company.nafCode,
    website: company.website,
    employeesCount: company.employeesCount,
    creationDate: company.creationDate,
    acceptsInterns: company.acceptsInterns,
    description: company.description,
    pictureUrl: company.pictureDocumentId === null ? null : pictureUrl(company.pictureDocumentId),
  };
  const jobOffers: JobOffers = offers.unavailable
    ? { unavailable: true }
    : {
        unavailable: false,
        items: offers.items.map((offer) => ({
          ...offer,
          publishedAt: offer.publishedAt?.toISOString() ?? null,
        })),
      };
  const actions: CompanyActions = {
    favorite: page.favorite,
    contact: page.contact && {
      ...page.contact,
      plain:
        page.contact.audience === 'teacher' ? await plainContactCompany(pageContext, company.id) : undefined,
    },
  };
  return {
    company: identity,
    jobs: page.jobs,
    jobOffers,
    news: page.news.map(
      (item): NewsItem => ({ ...item, publishedAt: item.publishedAt?.toISOString() ?? null }),
    ),
    slots: page.slots,
    // The list, filtered by type and month and cut short (the week view keeps every slot).
    slotList:
      'items' in page.slots
        ? filterSlots(page.slots.items, slotFiltersOf(pageContext.urlParsed.search))
        : null,
    week: weekOf(pageContext.urlParsed.search.semaine, page.slots, deps.clock.now()),
    actions,
    visitDocuments: page.visitDocuments,
    waitlist: await waitlistEntriesBySlot(pageContext),
    groups: await bookingGroups(pageContext, page.myMeetings),
    booking,
    waitlistPlain,
    listPath,
  };
}

export type Data = Awaited<ReturnType<typeof data>>;
