import { useData } from 'vike-react/useData';
import { CONTACT_STATUS_LABELS, CONTACT_STATUSES, contactSubjectLabel } from '../../../common/contact.ts';
import { elide } from '../../../common/format.ts';
import { ROUTES } from '../../../common/routes.ts';
import {
  AdminPage,
  DataTable,
  departmentLabel,
  FilterForm,
  PageLinks,
  ResultCount,
  SelectField,
  shortDateTime,
  withQuery,
} from '../parts.tsx';
import type { Data } from './+data.ts';

export default function Page() {
  const { departments, filter, total, pageSize, items } = useData<Data>();
  return (
    <AdminPage title="Messages de contact" section="/admin/contact">
      <p>
        Les messages envoyés par le formulaire « Nous contacter » par les enseignants et les entreprises de
        votre région, du plus récent au plus ancien. Ouvrez un message pour le prendre en charge et y
        répondre : la réponse est envoyée par e-mail à son auteur.
      </p>
      <FilterForm label="Filtrer les messages" action="/admin/contact">
        <SelectField
          label="Statut"
          name="statut"
          value={filter.status ?? ''}
          empty="Tous les statuts"
          choices={CONTACT_STATUSES.map((status) => ({
            value: status,
            label: CONTACT_STATUS_LABELS[status],
          }))}
        />
      </FilterForm>
      <div className="flex flex-wrap items-baseline justify-between gap-4">
        <ResultCount total={total} one="message" many="messages" none="Aucun message." />
        <a className="link" href={withQuery('/exports/contact.csv', { statut: filter.status })} download>
          Exporter ces messages (CSV)
        </a>
      </div>
      {items.length > 0 && (
        <DataTable
          caption="Messages de contact, du plus récent au plus ancien"
          headers={['Reçu le', 'Sujet', 'De', 'Département', 'Statut']}
        >
          {items.map((message) => (
            <tr key={message.id}>
              <td className="whitespace-nowrap">
                <time dateTime={message.createdAt.toISOString()}>{shortDateTime(message.createdAt)}</time>
              </td>
              <th scope="row">
                <a className="link" href={ROUTES.adminContactMessage(message.id)}>
                  {contactSubjectLabel(message.subject)}
                  <span className="sr-only"> — message {elide('de', message.name)}</span>
                </a>
              </th>
              <td className="break-words">
                {message.name}
                {message.organisation ? ` (${message.organisation})` : ''}
              </td>
              <td>{departmentLabel(departments, message.departmentCode)}</td>
              <td>
                {CONTACT_STATUS_LABELS[message.status]}
                {message.answered ? ', répondu' : ''}
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      <PageLinks
        page={filter.page}
        total={total}
        pageSize={pageSize}
        href={(page) => withQuery(ROUTES.adminContact, { statut: filter.status, page })}
      />
    </AdminPage>
  );
}
