import { useData } from 'vike-react/useData';
import { Markdown } from '../../../islands/ui/Markdown.tsx';
import type { Data } from './+data.ts';

const dateFormat = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long', timeZone: 'Europe/Paris' });

export default function Page() {
  const { article, draft } = useData<Data>();
  return (
    <article className="page flex max-w-3xl flex-col gap-4">
      <h1>{article.title}</h1>
      {draft && (
        <p className="rounded-lg border-2 border-yellow-text bg-yellow-light p-3 font-medium">
          Brouillon : cet article n’est pas publié. Seuls les administrateurs nationaux le voient.
        </p>
      )}
      {article.publishedAt && (
        <p className="text-sm text-grey-text">
          Publié le{' '}
          <time dateTime={article.publishedAt.toISOString()}>{dateFormat.format(article.publishedAt)}</time>
        </p>
      )}
      {article.summary && <p className="whitespace-pre-line text-lg font-semibold">{article.summary}</p>}
      <Markdown source={article.body} />
    </article>
  );
}
