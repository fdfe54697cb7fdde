import type { PageContext } from 'vike/types';
import type { Data } from './+data.ts';

export function title(pageContext: PageContext<Data>) {
  return `${pageContext.data.record.group.name} — Mes classes — Passerelle Industrie`;
}
