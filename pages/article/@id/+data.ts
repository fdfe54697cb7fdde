import { render } from 'vike/abort';
import type { PageContextServer } from 'vike/types';
import { publishedArticle } from '../../../server/content/index.ts';

export async function data(pageContext: PageContextServer) {
  const id = Number(pageContext.routeParams.id);
  const article = Number.isSafeInteger(id) ? await publishedArticle(id, pageContext.deps) : null;
  if (!article) throw render(404);
  return { article };
}

export type Data = Awaited<ReturnType<typeof data>>;
