import { render } from 'vike/abort';
import type { PageContextServer } from 'vike/types';
import { feedbackOverviewFor } from '../../../server/feedback/index.ts';

/** Every company's answers, or one company's (`?entreprise=<id>`). */
export async function data(pageContext: PageContextServer) {
  const asked = pageContext.urlParsed.search.entreprise;
  const companyId = asked === undefined ? null : Number(asked);
  if (companyId !== null && !(Number.isSafeInteger(companyId) && companyId > 0)) throw render(404);
  const overview = await feedbackOverviewFor(pageContext.viewer, { companyId }, pageContext.deps);
  // The export link carries the screen's company (issue 21: an export honours its screen's filter).
  return { ...overview, companyId };
}

export type Data = Awaited<ReturnType<typeof data>>;
