import type { PageContextServer } from 'vike/types';
import { publishedArticles } from '../../server/content/index.ts';
import { LANDING_ARTICLES } from '../layout/LatestArticles.tsx';

export async function data(pageContext: PageContextServer) {
  return { articles: await publishedArticles(pageContext.deps, LANDING_ARTICLES) };
}

export type Data = Awaited<ReturnType<typeof data>>;
