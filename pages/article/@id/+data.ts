import { render } from 'vike/abort';
import type { PageContextServer } from 'vike/types';
import { findPublishedArticle } from '../../../server/content/index.ts';

export async function data(pageContext: PageContextServer) {
  const id = Number(pageContext.routeParams.id);
  const article = Number.isSafeInteger(id)
    ? await findPublishedArticle(pageContext.deps.db, id, pageContext.deps.clock.now())
    : null;
  if (!article) throw render(404);
  return { article };
}

export type Data = Awaited<ReturnType<typeof data>>;
