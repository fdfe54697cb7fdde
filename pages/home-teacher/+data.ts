import type { PageContextServer } from 'vike/types';
import { pictureUrl } from '../../common/pictures.ts';
import type { CompanyCardData } from '../../islands/discovery/CompanyCard.tsx';
import { upcomingTicketPaths } from '../../server/documents/index.ts';
import { meetingsAwaitingFeedback } from '../../server/feedback/index.ts';
import { meetingViewsFor } from '../../server/meetings/index.ts';
import { starredCompanyIds, suggestionCardsFor } from '../../server/search/index.ts';
import { plainFavorite } from '../layout/favorite-post.ts';
import { plainKeep } from '../layout/keep-post.ts';

/** How many of the next meetings "Mon espace" shows. */
const NEXT_MEETINGS = 3;
/** How many companies it suggests. */
const SUGGESTIONS = 6;
/** How many done meetings it asks the teacher's opinion of. */
const AWAITING_FEEDBACK = 3;

export type Suggestion = CompanyCardData & { starred: boolean };

/**
 * The teacher's next meetings that still stand (a cancelled one is no longer "next"), the done ones that
 * wait for their opinion (PRODUCT.md, After the meeting: the home page invites them), the companies
 * suggested for them (PRODUCT.md, Discovery), each with why and whether it is starred, and what their
 * suggestions lack to be good: without sectors or jobs they follow distance and dates only, without an
 * address they follow criteria and dates only (the profile's criteria block fixes both).
 */
export async function data(pageContext: PageContextServer) {
  await plainFavorite(pageContext);
  // « Je garde ma place » posted without JavaScript, before the meetings are read.
  const keep = await plainKeep(pageContext);
  const { viewer, deps } = pageContext;
  if (viewer?.kind !== 'teacher') {
    return {
      firstName: '',
      meetings: [],
      awaitingFeedback: [],
      suggestions: [],
      missing: null,
      tickets: [],
      keep,
    };
  }
  const [meetings, awaitingFeedback, { cards: suggested, reference }, starred, tickets] = await Promise.all([
    meetingViewsFor(viewer, { period: 'upcoming', standingOnly: true, limit: NEXT_MEETINGS }, deps),
    meetingsAwaitingFeedback(viewer, { limit: AWAITING_FEEDBACK }, deps),
    suggestionCardsFor(viewer, { limit: SUGGESTIONS }, deps),
    starredCompanyIds(deps.db, viewer.id),
    upcomingTicketPaths(viewer, deps),
  ]);
  const missing = {
    criteria: !reference || (reference.sectors.length === 0 && reference.jobs.length === 0),
    address: !reference?.point,
  };
  return {
    keep,
    firstName: viewer.firstName,
    meetings,
    awaitingFeedback,
    suggestions: suggested.map(
      (company): Suggestion => ({
        id: company.id,
        name: company.name,
        sector: company.sector,
        city: company.city,
        pictureUrl: company.pictureDocumentId ? pictureUrl(company.pictureDocumentId) : null,
        suggestionReasons: company.suggestionReasons,
        starred: starred.includes(company.id),
      }),
    ),
    missing: missing.criteria || missing.address ? missing : null,
    /** The tickets the teacher's phone keeps for offline reading (docs/decisions/0046). */
    tickets,
  };
}

export type Data = Awaited<ReturnType<typeof data>>;
