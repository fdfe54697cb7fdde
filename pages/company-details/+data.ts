import { render } from 'vike/abort';
import type { PageContextServer } from 'vike/types';
import type { Sector } from '../../common/constants.ts';
import { findCompanyById } from '../../server/companies/index.ts';
import { meetingViews } from '../../server/meetings/index.ts';
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

/** `?id=N`, a positive whole number; anything else is no company. */
function idOfSearch(value: string | undefined): number | null {
  const id = Number(value);
  return value && /^\d+$/.test(value) && Number.isSafeInteger(id) && id > 0 ? id : null;
}

/**
 * A validated company's page (PRODUCT.md, Discovery). Visitors see how many slots are open in the next
 * 15 days, never their dates; teachers see the upcoming slots and book them; the company's own recruiters
 * and admins see the slots without booking; other recruiters see the count, as the API lets them.
 */
export async function data(
  pageContext: PageContextServer,
): Promise<{ company: CompanyIdentity; slots: CompanySlots }> {
  const { viewer, deps } = pageContext;
  const id = idOfSearch(pageContext.urlParsed.search.id);
  const company = id === null ? null : await findCompanyById(deps.db, id);
  if (company?.status !== 'validated') throw render(404);
  const now = deps.clock.now();

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

  if (viewer?.kind === 'teacher') {
    const [slots, meetings] = await Promise.all([
      bookableSlotViews(deps.db, company.id, now),
      meetingViews(deps.db, viewer, 'upcoming', now),
    ]);
    const bookedSlots = new Map(
      meetings.filter((m) => m.status !== 'cancelled').map((m) => [m.slotId, m.detailsUrl]),
    );
    return {
      company: identity,
      slots: {
        audience: 'teacher',
        items: slots.map((slot) => ({ ...slot, myMeetingUrl: bookedSlots.get(slot.id) ?? null })),
      },
    };
  }
  if (viewer?.kind === 'admin' || (viewer?.kind === 'recruiter' && viewer.companyId === company.id)) {
    const slots = await bookableSlotViews(deps.db, company.id, now);
    return {
      company: identity,
      slots: { audience: 'company', items: slots.map((slot) => ({ ...slot, myMeetingUrl: null })) },
    };
  }
  return {
    company: identity,
    slots: {
      audience: viewer ? 'otherRecruiter' : 'visitor',
      count: await countAvailableSlotsOfCompany(deps.db, company.id, now),
    },
  };
}

export type Data = Awaited<ReturnType<typeof data>>;
