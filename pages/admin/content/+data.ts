import type { PageContextServer } from 'vike/types';
import {
  type ArticleForAdmin,
  type FaqEntryForAdmin,
  formatArticleDate,
} from '../../../common/platform-content.ts';
import { contentForAdmin } from '../../../server/admin/index.ts';
import { pageOf } from '../page-input.ts';

/** The FAQ and the platform's articles, drafts included, as the content screen's islands keep them. */
export async function data(pageContext: PageContextServer) {
  const { faq, articles } = await pageOf(() => contentForAdmin(pageContext.viewer, pageContext.deps));
  return {
    faq: faq.map(
      ({ id, question, answer, audience, position }): FaqEntryForAdmin => ({
        id: String(id),
        question,
        answer,
        audience,
        position,
      }),
    ),
    articles: articles.map((article): ArticleForAdmin => {
      const updatedAt = article.updatedAt ?? article.createdAt;
      return {
        id: String(article.id),
        title: article.title,
        summary: article.summary,
        body: article.body,
        published: article.publishedAt !== null,
        updatedAt: updatedAt.toISOString(),
        updatedOn: formatArticleDate(updatedAt),
      };
    }),
  };
}

export type Data = Awaited<ReturnType<typeof data>>;
