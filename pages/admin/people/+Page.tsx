import { useData } from 'vike-react/useData';
import { TabLinks } from '../../../islands/ui/TabLinks.tsx';
import {
  AdminPage,
  DataTable,
  departmentLabel,
  FilterForm,
  PageLinks,
  ResultCount,
  SearchText,
  shortDate,
  withQuery,
} from '../parts.tsx';
import { type Data, PEOPLE_PAGE_SIZE } from './+data.ts';

export default function Page() {
  const { anonymised, departments, filter, total, items } = useData<Data>();
  const teachers = filter.type === 'enseignants';
  const exportLink = teachers ? (
    <a className="link" href={withQuery('/exports/teachers.csv', { q: filter.text })} download>
      Exporter ces enseignants (CSV)
    </a>
  ) : null;
  return (
    <AdminPage title="Personnes" section="/admin/people">
      {anonymised && (
        <p role="status" className="rounded-xl bg-green-light p-4 font-semibold">
          Le compte est supprimé. Ses rencontres à venir sont annulées et les entreprises prévenues.
        </p>
      )}
      <TabLinks
        label="Personnes"
        current={withQuery('/admin/people', { type: filter.type })}
        tabs={[
          { href: '/admin/people?type=enseignants', label: 'Enseignants et partenaires' },
          { href: '/admin/people?type=recruteurs', label: 'Recruteurs' },
        ]}
      />
      <FilterForm label="Rechercher une personne" action="/admin/people">
        <input type="hidden" name="type" value={filter.type} />
        <SearchText label="Nom ou e-mail" name="q" value={filter.text ?? ''} />
      </FilterForm>
      <div className="flex flex-wrap items-baseline justify-between gap-4">
        <ResultCount
          total={total}
          one={teachers ? 'enseignant ou partenaire' : 'recruteur'}
          many={teachers ? 'enseignants et partenaires' : 'recruteurs'}
          none="Personne ne correspond à cette recherche."
        />
        {exportLink}
      </div>
      {items.length > 0 && (
        <DataTable
          caption={teachers ? 'Enseignants et partenaires' : 'Recruteurs'}
          headers={['Nom', 'E-mail', 'Département', 'Inscription']}
        >
          {items.map((person) => (
            <tr key={person.id}>
              <th scope="row">
                <a className="link" href={`/admin/people/${person.id}`}>
                  {person.name}
                </a>
              </th>
              <td className="break-all">{person.email}</td>
              <td>{departmentLabel(departments, person.departmentCode)}</td>
              <td className="whitespace-nowrap">
                {person.invited ? 'Invitation en attente' : shortDate(person.createdAt)}
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      <PageLinks
        page={filter.page}
        total={total}
        pageSize={PEOPLE_PAGE_SIZE}
        href={(page) => withQuery('/admin/people', { type: filter.type, q: filter.text, page })}
      />
    </AdminPage>
  );
}
