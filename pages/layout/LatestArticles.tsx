import { formatArticleDate } from '../../common/platform-content.ts';
import { ROUTES } from '../../common/routes.ts';

/** How many of the platform's articles the landing pages link to, latest first. */
export const LANDING_ARTICLES = 3;

interface ArticleLink {
  id: number;
  title: string;
  summary: string | null;
  publishedAt: Date | null;
}

/** The landing pages' news: the latest published platform articles, each a link to its page. */
export function LatestArticles({ articles }: { articles: ArticleLink[] }) {
  if (articles.length === 0) return null;
  return (
    <section aria-labelledby="latest-articles" className="flex flex-col gap-4">
      <h2 id="latest-articles">Actualités de la plateforme</h2>
      <ul className="grid gap-4 sm:grid-cols-3">
        {articles.map((article) => (
          <li key={article.id} className="flex flex-col gap-2 rounded-xl bg-white p-6">
            <h3 className="font-bold">
              <a className="link" href={ROUTES.article(article.id)}>
                {article.title}
              </a>
            </h3>
            {article.publishedAt && (
              <p className="text-sm text-grey-text">
                <time dateTime={article.publishedAt.toISOString()}>
                  {formatArticleDate(article.publishedAt)}
                </time>
              </p>
            )}
            {article.summary && <p>{article.summary}</p>}
          </li>
        ))}
      </ul>
    </section>
  );
}
