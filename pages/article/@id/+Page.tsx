import { useData } from 'vike-react/useData';
import type { Data } from './+data.ts';

const dateFormat = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long', timeZone: 'Europe/Paris' });

export default function Page() {
  const { article } = useData<Data>();
  return (
    <article className="page flex max-w-3xl flex-col gap-4">
      <h1>{article.title}</h1>
      {article.publishedAt && (
        <p className="text-sm text-grey-text">
          Publié le{' '}
          <time dateTime={article.publishedAt.toISOString()}>{dateFormat.format(article.publishedAt)}</time>
        </p>
      )}
      {article.summary && <p className="text-lg font-semibold">{article.summary}</p>}
      <div className="prose-block">
        {article.body.split(/\n{2,}/).map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
      </div>
    </article>
  );
}
