import type { PageContext } from 'vike/types';
import type { Data } from './+data.ts';

export function title(pageContext: PageContext<Data>) {
  return `Message de ${pageContext.data.message.name} — Administration — Passerelle Industrie`;
}
