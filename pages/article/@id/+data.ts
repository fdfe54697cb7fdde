import { render } from 'vike/abort';
import type { PageContextServer } from 'vike/types';
import { platformArticleFor } from '../../../server/content/index.ts';

/** A platform article, as the content domain lets the reader see it (a draft: national administrators only). */
export async function data(pageContext: PageContextServer) {
  const raw = pageContext.routeParams.id ?? '';
  const id = /^\d{1,15}$/.test(raw) ? Number(raw) : 0;
  const found = id > 0 ? await platformArticleFor(pageContext.viewer, { id }, pageContext.deps) : null;
  if (!found) throw render(404);
  return found;
}

export type Data = Awaited<ReturnType<typeof data>>;
