import { render } from 'vike/abort';
import type { PageContextServer } from 'vike/types';
import type { Sector } from '../../common/constants.ts';
import { findCompanyById, jobLabelsOfCompany } from '../../server/companies/index.ts';
import { companyVisitDocuments } from '../../server/documents/index.ts';
import { meetingViews } from '../../server/meetings/index.ts';
import {
  companyJobOffers,
  companyNews,
  contactMessagesSent,
  favoriteCompanies,
  isContactable,
} from '../../server/search/index.ts';
import { bookableSlotViews, countAvailableSlotsOfCompany, type SlotView } from '../../server/slots/index.ts';

/** A slot of the page; for a teacher, with the way to the meeting they already have on it. */
export type SlotItem = SlotView & { myMeetingUrl: string | null };

/** Slots with their dates for teachers, the company and admins; the count alone for anyone else. */
export type CompanySlots =
  | { audience: 'teacher' | 'company'; items: SlotItem[] }
  | { audience: 'visitor' | 'otherRecruiter'; count: number };

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
  contact: { audience: 'teacher' | 'visitor'; sentCount: number } | null;
}

/** `?id=N`, a positive whole number; anything else is no company. */
function idOfSearch(value: string | undefined): number | null {
  const id = Number(value);
  return value && /^\d+$/.test(value) && Number.isSafeInteger(id) && id > 0 ? id : null;
}

/**
 * A validated company's page (PRODUCT.md, Discovery): its identity, jobs, job offers from the recruitment
 * site, news and slots. Visitors see how many slots are open in the next 15 days, never their dates;
 * teachers see the upcoming slots and book them, star the company, and write to it when it asked to be
 * contacted and has no slot; the company's own recruiters and admins see the slots without booking; other
 * recruiters see the count, as the API lets them.
 */
export async function data(pageContext: PageContextServer) {
  const { viewer, deps } = pageContext;
  const id = idOfSearch(pageContext.urlParsed.search.id);
  const company = id === null ? null : await findCompanyById(deps.db, id);
  if (company?.status !== 'validated') throw render(404);
  const now = deps.clock.now();
  const teacherId = viewer?.kind === 'teacher' ? viewer.id : null;

  // The recruitment site is asked while the database answers the rest; its failure is a value.
  const [jobs, offers, news, slots, contactable, favorites, sentCount, visitDocuments] = await Promise.all([
    jobLabelsOfCompany(deps.db, company.id),
    companyJobOffers(deps.recruitmentSite, company),
    companyNews(deps.db, company.id, now),
    companySlots(pageContext, company.id, now),
    isContactable(deps.db, company, now),
    teacherId === null ? null : favoriteCompanies(deps.db, teacherId),
    teacherId === null ? 0 : contactMessagesSent(deps.db, teacherId, company.id),
    companyVisitDocuments(deps.db, company.id),
  ]);

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
    favorite: favorites === null ? null : favorites.some((favorite) => favorite.id === company.id),
    contact:
      contactable && (teacherId !== null || !viewer)
        ? { audience: teacherId !== null ? 'teacher' : 'visitor', sentCount }
        : null,
  };
  return {
    company: identity,
    jobs,
    jobOffers,
    news: news.map((item): NewsItem => ({ ...item, publishedAt: item.publishedAt?.toISOString() ?? null })),
    slots,
    actions,
    visitDocuments,
  };
}

/**
 * Slots with their dates for teachers, the company and admins; the count alone for anyone else. A
 * teacher's slots carry the way to the meeting they already have on one.
 */
async function companySlots(
  { viewer, deps }: PageContextServer,
  companyId: number,
  now: Date,
): Promise<CompanySlots> {
  if (viewer?.kind === 'teacher') {
    const [slots, meetings] = await Promise.all([
      bookableSlotViews(deps.db, companyId, now),
      meetingViews(deps.db, viewer, 'upcoming', now),
    ]);
    const bookedSlots = new Map(
      meetings.filter((m) => m.status !== 'cancelled').map((m) => [m.slotId, m.detailsUrl]),
    );
    return {
      audience: 'teacher',
      items: slots.map((slot) => ({ ...slot, myMeetingUrl: bookedSlots.get(slot.id) ?? null })),
    };
  }
  if (viewer?.kind === 'admin' || (viewer?.kind === 'recruiter' && viewer.companyId === companyId)) {
    const slots = await bookableSlotViews(deps.db, companyId, now);
    return { audience: 'company', items: slots.map((slot) => ({ ...slot, myMeetingUrl: null })) };
  }
  return {
    audience: viewer ? 'otherRecruiter' : 'visitor',
    count: await countAvailableSlotsOfCompany(deps.db, companyId, now),
  };
}

export type Data = Awaited<ReturnType<typeof data>>;
