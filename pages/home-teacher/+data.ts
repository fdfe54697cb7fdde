import type { PageContextServer } from 'vike/types';
import type { CompanyCardData } from '../../islands/discovery/CompanyCard.tsx';
import { findEstablishmentById, findUserById } from '../../server/accounts/index.ts';
import { meetingViews } from '../../server/meetings/index.ts';
import { favoriteCompanies, suggestCompanies } from '../../server/search/index.ts';

/** How many of the next meetings "Mon espace" shows. */
const NEXT_MEETINGS = 3;
/** How many companies it suggests. */
const SUGGESTIONS = 6;

export type Suggestion = CompanyCardData & { starred: boolean };

/**
 * What suggestions lack to be good: without sectors or jobs they follow distance and dates only, without
 * an address they follow criteria and dates only. The profile's criteria block fixes both.
 */
async function missingCriteria(pageContext: PageContextServer, teacherId: number) {
  const { db } = pageContext.deps;
  const user = await findUserById(db, teacherId);
  if (!user) return { criteria: true, address: true };
  const establishment = user.establishmentId ? await findEstablishmentById(db, user.establishmentId) : null;
  const hasEstablishmentPoint = establishment?.lat != null && establishment.lng != null;
  const hasOwnPoint = user.referenceLat != null && user.referenceLng != null;
  return {
    criteria: (user.sectors ?? []).length === 0 && (user.jobs ?? []).length === 0,
    address: user.useEstablishmentAddress ? !hasEstablishmentPoint : !(hasOwnPoint || hasEstablishmentPoint),
  };
}

/**
 * The teacher's next meetings that still stand: a cancelled one is no longer "next", so the cancelled ones
 * are left out before taking the first three (a teacher has few upcoming meetings, so all are read). Then
 * the companies suggested for them (PRODUCT.md, Discovery), each with why, and whether it is starred.
 */
export async function data(pageContext: PageContextServer) {
  const { viewer, deps } = pageContext;
  if (!viewer) return { firstName: '', meetings: [], suggestions: [], missing: null };
  const now = deps.clock.now();
  const [upcoming, suggested, favorites, missing] = await Promise.all([
    meetingViews(deps.db, viewer, 'upcoming', now),
    suggestCompanies(deps.db, viewer.id, now, SUGGESTIONS),
    favoriteCompanies(deps.db, viewer.id),
    missingCriteria(pageContext, viewer.id),
  ]);
  const starred = new Set(favorites.map((company) => company.id));
  return {
    firstName: viewer.firstName,
    meetings: upcoming.filter((meeting) => meeting.status !== 'cancelled').slice(0, NEXT_MEETINGS),
    suggestions: suggested.map(
      (company): Suggestion => ({
        id: company.id,
        name: company.name,
        sector: company.sector,
        city: company.city,
        suggestionReasons: company.suggestionReasons,
        starred: starred.has(company.id),
      }),
    ),
    missing: missing.criteria || missing.address ? missing : null,
  };
}

export type Data = Awaited<ReturnType<typeof data>>;
