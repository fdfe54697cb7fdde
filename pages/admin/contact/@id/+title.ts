import type { PageContext } from 'vike/types';
import { elide } from '../../../../common/format.ts';
import type { Data } from './+data.ts';

export function title(pageContext: PageContext<Data>) {
  return `Message ${elide('de', pageContext.data.message.name)} — Administration — Passerelle Industrie`;
}
