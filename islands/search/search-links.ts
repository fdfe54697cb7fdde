import type { MouseEvent } from 'react';
import { ROUTES } from '../../common/routes.ts';
import { type SearchUrlState, searchToUrl } from '../../common/search.ts';

/** The URL of a search, as links and the history carry it. */
export function searchUrl(state: SearchUrlState): string {
  const query = searchToUrl(state);
  return query ? `${ROUTES.searchCompanies}?${query}` : ROUTES.searchCompanies;
}

/** A plain click: modified ones (new tab, new window) keep the link's own meaning. */
export const plainClick = (event: MouseEvent) =>
  event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
