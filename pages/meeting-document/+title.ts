import type { PageContext } from 'vike/types';
import type { Data } from './+data.ts';

export function title(pageContext: PageContext<Data>) {
  const { title, about } = pageContext.data.document;
  return `${title} — ${about} — Passerelle Industrie`;
}
