import { useData } from 'vike-react/useData';
import { formatAverage } from '../../../common/feedback.ts';
import { ROUTES } from '../../../common/routes.ts';
import { FeedbackResults } from '../../../islands/feedback/FeedbackParts.tsx';
import { AdminNav } from '../AdminNav.tsx';
import { withQuery } from '../parts.tsx';
import type { Data } from './+data.ts';

export default function Page() {
  const { results, companies, selected, companyId } = useData<Data>();
  return (
    <div className="page flex max-w-5xl flex-col gap-6">
      <h1>Questionnaires de satisfaction</h1>
      <AdminNav current="/admin/feedback" />
      {selected ? (
        <p>
          Les avis sur les rencontres de <strong>{selected}</strong>.{' '}
          <a className="link" href={ROUTES.adminFeedback}>
            Voir toutes les entreprises
          </a>
        </p>
      ) : (
        <p>Les avis des enseignants sur les rencontres de toutes les entreprises de la plateforme.</p>
      )}
      <p>
        <a className="link" href={withQuery(ROUTES.feedbackExport, { companyId })} download>
          {selected ? 'Exporter ces avis (CSV)' : 'Exporter tous les avis (CSV)'}
        </a>
      </p>
      <FeedbackResults
        results={results}
        showCompany={!selected}
        beforeAnswers={selected ? null : <ByCompany companies={companies} />}
      />
    </div>
  );
}

/** Each company's count and averages, most answered first; a company's name opens its answers. */
function ByCompany({ companies }: { companies: Data['companies'] }) {
  if (companies.length === 0) return null;
  return (
    <section aria-labelledby="par-entreprise" className="flex flex-col gap-4">
      <h3 id="par-entreprise" className="text-lg font-bold">
        Par entreprise
      </h3>
      <div className="overflow-x-auto rounded-2xl border border-grey bg-white">
        <table className="w-full text-left">
          <caption className="sr-only">Nombre d’avis et moyennes par entreprise</caption>
          <thead className="bg-grey-light">
            <tr>
              <th scope="col" className="px-4 py-3">
                Entreprise
              </th>
              <th scope="col" className="px-4 py-3">
                Avis
              </th>
              <th scope="col" className="px-4 py-3">
                Organisation
              </th>
              <th scope="col" className="px-4 py-3">
                Adéquation
              </th>
              <th scope="col" className="px-4 py-3">
                Implication
              </th>
            </tr>
          </thead>
          <tbody>
            {companies.map((company) => (
              <tr key={company.companyId} className="border-t border-grey">
                <th scope="row" className="px-4 py-2 font-normal">
                  <a className="link" href={company.url}>
                    {company.companyName}
                  </a>
                </th>
                <td className="px-4 py-2">{company.count}</td>
                <td className="px-4 py-2 whitespace-nowrap">{formatAverage(company.organisation)}</td>
                <td className="px-4 py-2 whitespace-nowrap">{formatAverage(company.matching)}</td>
                <td className="px-4 py-2 whitespace-nowrap">{formatAverage(company.engagement)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
