import type { ReactNode } from 'react';
import { SECTOR_LABELS } from '../../common/constants.ts';
import { formatCount, frenchDateFormat, MAINLAND_TIME_ZONE } from '../../common/format.ts';
import { MESSAGES } from '../../common/messages.ts';
import { ROUTES } from '../../common/routes.ts';
import { Card } from '../../islands/ui/Card.tsx';
import type { CompanyIdentity as Company, JobOffers, NewsItem } from './+data.ts';

/** What the company says of itself: its presentation and identity, its jobs, offers and news. */

const dayFormat = frenchDateFormat({ dateStyle: 'long', timeZone: 'UTC' });
/** Offers and news are dated in mainland France's zone: they have no place of their own. */
const publishedFormat = frenchDateFormat({ dateStyle: 'long', timeZone: MAINLAND_TIME_ZONE });

export function Presentation({ company }: { company: Company }) {
  return (
    <section aria-labelledby="presentation" className="flex flex-col gap-3 rounded-2xl bg-white p-6">
      <h2 id="presentation">Présentation</h2>
      {company.description ? (
        <div className="prose-block">
          {company.description.split(/\n{2,}/).map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </div>
      ) : (
        <p className="text-grey-text">Cette entreprise n’a pas encore rédigé sa présentation.</p>
      )}
    </section>
  );
}

export function Identity({ company }: { company: Company }) {
  const facts: [string, ReactNode][] = [
    ['Secteur', SECTOR_LABELS[company.sector]],
    ['Adresse', company.address],
    ['Code NAF', company.nafCode],
  ];
  if (company.website) {
    facts.push([
      'Site internet',
      <a key="site" className="link break-all" href={company.website} target="_blank" rel="noreferrer">
        {company.website.replace(/^https?:\/\//, '')}
        <span className="sr-only"> (nouvelle fenêtre)</span>
      </a>,
    ]);
  }
  if (company.employeesCount) facts.push(['Salariés', formatCount(company.employeesCount)]);
  if (company.creationDate && /^\d{4}-\d{2}-\d{2}$/.test(company.creationDate)) {
    facts.push(['Date de création', dayFormat.format(new Date(`${company.creationDate}T00:00:00Z`))]);
  }
  facts.push([
    'Stagiaires',
    company.acceptsInterns ? 'Accueille des stagiaires' : 'N’accueille pas de stagiaires',
  ]);
  return (
    <section aria-labelledby="identite" className="flex flex-col gap-3 rounded-2xl bg-white p-6">
      <h2 id="identite">L’entreprise</h2>
      <dl className="flex flex-col gap-3">
        {facts
          .filter(([, value]) => value)
          .map(([term, value]) => (
            <div key={term}>
              <dt className="font-semibold">{term}</dt>
              <dd>{value}</dd>
            </div>
          ))}
      </dl>
    </section>
  );
}

export function Jobs({ jobs }: { jobs: string[] }) {
  return (
    <section aria-labelledby="metiers" className="flex flex-col gap-3 rounded-2xl bg-white p-6">
      <h2 id="metiers">Métiers</h2>
      {jobs.length === 0 ? (
        <p className="text-grey-text">Cette entreprise n’a pas encore indiqué ses métiers.</p>
      ) : (
        <ul className="flex flex-wrap gap-2">
          {jobs.map((job) => (
            <li key={job} className="rounded-full bg-purple-light px-3 py-1 font-semibold text-purple-dark">
              {job}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The recruitment site's offers; when it cannot be reached, the message says so and nothing else is lost. */
export function Offers({ offers }: { offers: JobOffers }) {
  return (
    <section aria-labelledby="offres" className="flex flex-col gap-3 rounded-2xl bg-white p-6">
      <h2 id="offres">Offres d’emploi</h2>
      {offers.unavailable ? (
        <p
          className="rounded-lg border-2 border-yellow-text bg-yellow-light p-4 font-medium"
          data-testid="job-offers-unavailable"
        >
          {MESSAGES.jobOffersUnavailable}
        </p>
      ) : offers.items.length === 0 ? (
        <p className="text-grey-text">Cette entreprise n’a pas d’offre d’emploi publiée en ce moment.</p>
      ) : (
        <ul className="flex flex-col divide-y divide-grey">
          {offers.items.map((offer) => (
            <li key={offer.id} className="flex flex-col gap-1 py-3 first:pt-0 last:pb-0">
              <h3 className="text-lg font-bold">
                {offer.url ? (
                  <a className="link" href={offer.url} target="_blank" rel="noreferrer">
                    {offer.title}
                    <span className="sr-only"> (nouvelle fenêtre)</span>
                  </a>
                ) : (
                  offer.title
                )}
              </h3>
              <p className="text-sm">
                {[
                  offer.contractType,
                  offer.location,
                  offer.publishedAt && `Publiée le ${publishedFormat.format(new Date(offer.publishedAt))}`,
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function News({ news }: { news: NewsItem[] }) {
  return (
    <section aria-labelledby="actualites" className="flex flex-col gap-4">
      <h2 id="actualites">Actualités</h2>
      {news.length === 0 ? (
        <Card>
          <p className="text-grey-text">Cette entreprise n’a pas encore publié d’actualité.</p>
        </Card>
      ) : (
        // List items rather than articles: the slot cards are the page's articles.
        <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
          {news.map((item) => (
            <li
              key={item.id}
              className="relative flex flex-col gap-2 rounded-2xl border border-grey bg-white p-5 shadow-sm transition-shadow focus-within:shadow-lg hover:shadow-lg"
            >
              {item.publishedAt && (
                <p className="text-sm font-semibold text-grey-text">
                  <time dateTime={item.publishedAt}>
                    {publishedFormat.format(new Date(item.publishedAt))}
                  </time>
                </p>
              )}
              <h3 className="text-lg leading-snug font-bold">
                <a
                  href={ROUTES.article(item.id)}
                  className="after:absolute after:inset-0 after:content-[''] hover:underline focus-visible:outline-none"
                >
                  {item.title}
                </a>
              </h3>
              {(item.summary || item.body) && (
                <p className="line-clamp-3 text-grey-dark">{item.summary ?? item.body}</p>
              )}
              <p aria-hidden="true" className="mt-auto font-semibold text-purple">
                Lire l’actualité →
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
