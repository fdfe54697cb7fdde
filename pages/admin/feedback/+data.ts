import { render } from 'vike/abort';
import type { PageContextServer } from 'vike/types';
import { feedbackOverviewFor } from '../../../server/feedback/index.ts';

/** Every company's answers, or one company's (`?entreprise=<id>`). */
export function data(pageContext: PageContextServer) {
  const asked = pageContext.urlParsed.search.entreprise;
  const companyId = asked === undefined ? null : Number(asked);
  if (companyId !== null && !(Number.isSafeInteger(companyId) && companyId > 0)) throw render(404);
  return feedbackOverviewFor(pageContext.viewer, { companyId }, pageContext.deps);
}

export type Data = Awaited<ReturnType<typeof data>>;
