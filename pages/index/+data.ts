import type { PageContextServer } from 'vike/types';
import { publishedArticles } from '../../server/content/index.ts';
import { countAvailableSlots } from '../../server/slots/index.ts';
import { LANDING_ARTICLES } from '../layout/LatestArticles.tsx';

export async function data(pageContext: PageContextServer) {
  const { db, clock } = pageContext.deps;
  const [availableSlots, articles] = await Promise.all([
    countAvailableSlots(db, clock.now()),
    publishedArticles(pageContext.deps, LANDING_ARTICLES),
  ]);
  return { availableSlots, articles, accountDeleted: pageContext.urlParsed.search.compte === 'supprime' };
}

export type Data = Awaited<ReturnType<typeof data>>;
