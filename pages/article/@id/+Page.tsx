import { useData } from 'vike-react/useData';
import { elision, frenchDateFormat, MAINLAND_TIME_ZONE } from '../../../common/format.ts';
import { ROUTES } from '../../../common/routes.ts';
import { Markdown } from '../../../islands/ui/Markdown.tsx';
import type { Data } from './+data.ts';

const dateFormat = frenchDateFormat({ dateStyle: 'long', timeZone: MAINLAND_TIME_ZONE });
const notice = 'rounded-lg border-2 border-yellow-text bg-yellow-light p-3 font-medium';

/**
 * A platform article (Markdown, written by the national administrators) or a company's news item (plain
 * text, its paragraphs kept).
 */
export default function Page() {
  const { article, company, scheduled, draft } = useData<Data>();
  return (
    <article className="page flex max-w-3xl flex-col gap-4">
      {company && <CompanyLine id={company.id} name={company.name} />}
      <h1>{article.title}</h1>
      {draft && (
        <p className={notice}>
          Brouillon : cet article n’est pas publié. Seuls les administrateurs nationaux le voient.
        </p>
      )}
      {scheduled && (
        <p className={notice} role="status">
          Aperçu : cette actualité n’est pas encore publiée.
        </p>
      )}
      {article.publishedAt && (
        <p className="text-sm text-grey-text">
          {scheduled ? 'Publication prévue le ' : 'Publié le '}
          <time dateTime={article.publishedAt.toISOString()}>{dateFormat.format(article.publishedAt)}</time>
        </p>
      )}
      {article.summary && <p className="whitespace-pre-line text-lg font-semibold">{article.summary}</p>}
      {company ? (
        <div className="prose-block">
          {article.body.split(/\n{2,}/).map((paragraph) => (
            <p key={paragraph} className="whitespace-pre-line">
              {paragraph}
            </p>
          ))}
        </div>
      ) : (
        <Markdown source={article.body} />
      )}
    </article>
  );
}

/** « Actualité d’<a>Aéro Occitanie</a> »: the company's name, a link to its page. */
function CompanyLine({ id, name }: { id: number; name: string }) {
  const [of, shown] = elision('de', name);
  return (
    <p className="font-semibold text-purple">
      Actualité {of}
      <a className="link" href={`${ROUTES.companyDetails}?id=${id}`}>
        {shown}
      </a>
    </p>
  );
}
