import { render } from 'vike/abort';
import type { PageContextServer } from 'vike/types';
import { articleFor } from '../../../server/content/index.ts';

/** A platform article or a company's news item, as the content domain lets the reader see it. */
export async function data(pageContext: PageContextServer) {
  const raw = pageContext.routeParams.id ?? '';
  const id = /^\d{1,15}$/.test(raw) ? Number(raw) : 0;
  const found = id > 0 ? await articleFor(pageContext.viewer, id, pageContext.deps) : null;
  if (!found) throw render(404);
  return found;
}

export type Data = Awaited<ReturnType<typeof data>>;
