import { companyFor, companyJobOffers } from '../companies/index.ts';
import { contactMessagesSent, isContactable } from '../contact/index.ts';
import { companyNews } from '../content/index.ts';
import { companyVisitDocuments } from '../documents/index.ts';
import { jobLabelsOfCompany } from '../jobs/index.ts';
import type { Deps } from '../kernel/context.ts';
import type { Viewer } from '../kernel/viewer.ts';
import { companyPageSlots, meetingViewsFor } from '../meetings/index.ts';
import { starredCompanyIds } from '../search/index.ts';

/**
 * A company's page (PRODUCT.md, Discovery), for whoever may see the company (null otherwise, a 404): its
 * identity, jobs, job offers from the recruitment site (asked while the database answers the rest; its
 * failure is a value), news, visit documents, and its slots — dates for those who may see them, the
 * count for anyone else. A teacher also gets the star and, when the company asked to be contacted and has
 * no slot, how many messages they sent it; a visitor is offered to log in to write.
 */
export async function companyPage(viewer: Viewer | null, id: number, deps: Deps) {
  const company = await companyFor(viewer, id, deps);
  if (company?.status !== 'validated') return null;
  const teacherId = viewer?.kind === 'teacher' ? viewer.id : null;
  const now = deps.clock.now();
  // A teacher's upcoming meetings, read once: what the slots offer them, and their groups' clashes.
  const myMeetings =
    teacherId === null ? [] : await meetingViewsFor(viewer, { period: 'upcoming', standingOnly: true }, deps);
  const [jobs, offers, news, slots, contactable, starred, sentCount, visitDocuments] = await Promise.all([
    jobLabelsOfCompany(deps.db, company.id),
    companyJobOffers(company, deps),
    companyNews(deps.db, company.id, now),
    companyPageSlots(viewer, company, deps, myMeetings),
    isContactable(company, deps),
    teacherId === null ? null : starredCompanyIds(deps.db, teacherId),
    teacherId === null ? 0 : contactMessagesSent(deps.db, teacherId, company.id),
    companyVisitDocuments(viewer, company, deps),
  ]);
  return {
    company,
    jobs,
    offers,
    news,
    slots,
    myMeetings,
    visitDocuments,
    favorite: starred === null ? null : starred.includes(company.id),
    contact:
      contactable && (teacherId !== null || !viewer)
        ? { audience: teacherId !== null ? ('teacher' as const) : ('visitor' as const), sentCount }
        : null,
  };
}
