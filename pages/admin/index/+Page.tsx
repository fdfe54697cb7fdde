import { useData } from 'vike-react/useData';
import { COMPANY_STATUS_LABELS } from '../../../common/companies.ts';
import { COMPANY_STATUSES } from '../../../common/constants.ts';
import { plural } from '../../../common/format.ts';
import { PendingCompanies } from '../../../islands/admin/PendingCompanies.tsx';
import { Island } from '../../../islands/Island.tsx';
import {
  AdminPage,
  DataTable,
  departmentLabel,
  FilterForm,
  Notice,
  PageLinks,
  ResultCount,
  SearchText,
  SelectField,
  shortDate,
  withQuery,
} from '../parts.tsx';
import { COMPANIES_PAGE_SIZE, type Data } from './+data.ts';

/** What waits for the operators of the area, each count a link to where it is done. */
function WaitingWork({ waiting }: { waiting: Data['waiting'] }) {
  const items = [
    {
      href: '#pending-companies-title',
      text: plural(
        waiting.companies,
        'entreprise à valider',
        'entreprises à valider',
        'Aucune entreprise à valider',
      ),
      count: waiting.companies,
    },
    {
      href: '/admin/transport',
      text: plural(
        waiting.transportRequests,
        'demande de transport en attente',
        'demandes de transport en attente',
        'Aucune demande de transport en attente',
      ),
      count: waiting.transportRequests,
    },
    {
      href: '/admin/contact?statut=new',
      text: plural(waiting.messages, 'nouveau message', 'nouveaux messages', 'Aucun nouveau message'),
      count: waiting.messages,
    },
  ];
  return (
    <section aria-labelledby="waiting-work" className="flex flex-col gap-3">
      <h2 id="waiting-work">Ce qui vous attend</h2>
      <ul className="grid gap-3 sm:grid-cols-3">
        {items.map((item) => (
          <li key={item.href} className="rounded-xl border border-grey bg-white p-4">
            <a className={item.count > 0 ? 'link font-semibold' : 'link'} href={item.href}>
              {item.text}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

export default function Page() {
  const { pending, companies, departments, filter, waiting, notice, plain } = useData<Data>();
  const query = { q: filter.text, statut: filter.status, departement: filter.departmentCode };
  return (
    <AdminPage title="Entreprises" section="/admin">
      <WaitingWork waiting={waiting} />
      <Notice>{notice}</Notice>
      <Island name="PendingCompanies" component={PendingCompanies} props={{ pending, plain }} />

      <section aria-labelledby="all-companies" className="flex flex-col gap-4">
        <div className="flex flex-wrap items-baseline justify-between gap-4">
          <h2 id="all-companies">Toutes les entreprises</h2>
          <a className="link" href={withQuery('/exports/companies.csv', query)} download>
            Exporter ces entreprises (CSV)
          </a>
        </div>
        <FilterForm label="Rechercher une entreprise" action="/admin">
          <SearchText label="Nom, ville ou SIRET" name="q" value={filter.text ?? ''} />
          <SelectField
            label="Statut"
            name="statut"
            value={filter.status ?? ''}
            empty="Tous les statuts"
            choices={COMPANY_STATUSES.map((status) => ({
              value: status,
              label: COMPANY_STATUS_LABELS[status],
            }))}
          />
          <SelectField
            label="Département"
            name="departement"
            value={filter.departmentCode ?? ''}
            empty="Tous les départements"
            choices={departments.map((d) => ({ value: d.code, label: `${d.name} (${d.code})` }))}
          />
        </FilterForm>
        <ResultCount
          total={companies.total}
          one="entreprise"
          many="entreprises"
          none="Aucune entreprise ne correspond à ces critères."
        />
        {companies.items.length > 0 && (
          <DataTable
            caption="Entreprises"
            headers={['Nom', 'SIRET', 'Ville', 'Département', 'Statut', 'Inscription']}
          >
            {companies.items.map((company) => (
              <tr key={company.id}>
                <th scope="row" className="font-semibold">
                  <a className="link" href={`/admin/companies/${company.id}`}>
                    {company.name}
                  </a>
                </th>
                <td className="whitespace-nowrap">{company.siret}</td>
                <td>{company.city ?? '—'}</td>
                <td>{departmentLabel(departments, company.departmentCode)}</td>
                <td>{COMPANY_STATUS_LABELS[company.status]}</td>
                <td className="whitespace-nowrap">{shortDate(company.createdAt)}</td>
              </tr>
            ))}
          </DataTable>
        )}
        <PageLinks
          page={filter.page}
          total={companies.total}
          pageSize={COMPANIES_PAGE_SIZE}
          href={(page) => withQuery('/admin', { ...query, page })}
        />
      </section>
    </AdminPage>
  );
}
