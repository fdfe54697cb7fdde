import type { PageContext } from 'vike/types';

export function title(pageContext: PageContext) {
  return pageContext.is404 ? 'Page introuvable — Passerelle Industrie' : 'Erreur — Passerelle Industrie';
}
