import { useData } from 'vike-react/useData';
import { auditActionLabel } from '../../../common/admin.ts';
import { AUDIT_PAGE_SIZE } from '../../../server/admin/index.ts';
import { AdminPage, DataTable, PageLinks, ResultCount, shortDateTime, withQuery } from '../parts.tsx';
import type { Data } from './+data.ts';

/** Where an entry's subject is described in the back-office. */
const subjectHref = (kind: string | null, id: number | null) =>
  kind === 'company'
    ? `/admin/companies/${id}`
    : kind === 'user'
      ? `/admin/people/${id}`
      : kind === 'contact'
        ? `/admin/contact/${id}`
        : null;

export default function Page() {
  const { page, total, items } = useData<Data>();
  return (
    <AdminPage title="Journal des actions" section="/admin/audit">
      <p>Chaque action de l’administration : qui, quoi, quand. Les plus récentes d’abord.</p>
      <ResultCount total={total} one="action" many="actions" none="Aucune action pour l’instant." />
      {items.length > 0 && (
        <DataTable caption="Journal des actions" headers={['Date', 'Qui', 'Action', 'Sur', 'Région']}>
          {items.map((entry) => {
            const href = subjectHref(entry.subjectKind, entry.subjectId);
            return (
              <tr key={entry.id}>
                <th scope="row" className="whitespace-nowrap font-normal">
                  <time dateTime={entry.createdAt.toISOString()}>{shortDateTime(entry.createdAt)}</time>
                </th>
                <td>{entry.actorName}</td>
                <td>
                  {auditActionLabel(entry.action)}
                  {entry.details ? ` — ${entry.details}` : ''}
                </td>
                <td className="break-words">
                  {href ? (
                    <a className="link" href={href}>
                      {entry.target}
                    </a>
                  ) : (
                    entry.target
                  )}
                </td>
                <td>{entry.regionName ?? 'France'}</td>
              </tr>
            );
          })}
        </DataTable>
      )}
      <PageLinks
        page={page}
        total={total}
        pageSize={AUDIT_PAGE_SIZE}
        href={(target) => withQuery('/admin/audit', { page: target })}
      />
    </AdminPage>
  );
}
