import type { Deps } from '../http/context.ts';
import { canSeeDraftArticle, type Viewer } from '../permissions.ts';
import { type ArticleRow, findPlatformArticle } from './queries.ts';

/**
 * A platform article at /article/{id}: once published, for anyone; a draft, for the national
 * administrators who write it, marked as such. Null for anyone else, as for an unknown id: the page is a 404
 * that says nothing of what exists.
 */
export async function platformArticleFor(
  viewer: Viewer | null,
  input: { id: number },
  deps: Deps,
): Promise<{ article: ArticleRow; draft: boolean } | null> {
  const article = await findPlatformArticle(deps.db, input.id);
  if (!article) return null;
  const published = article.publishedAt !== null && article.publishedAt <= deps.clock.now();
  if (!published && !canSeeDraftArticle(viewer)) return null;
  return { article, draft: !published };
}
