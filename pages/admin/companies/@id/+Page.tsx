import { useData } from 'vike-react/useData';
import { COMPANY_STATUS_LABELS } from '../../../../common/companies.ts';
import { MEETING_TYPE_LABELS, SECTOR_LABELS } from '../../../../common/constants.ts';
import { formatSlotStart, plural } from '../../../../common/format.ts';
import { ROUTES } from '../../../../common/routes.ts';
import { CompanyDecisions } from '../../../../islands/admin/CompanyDecisions.tsx';
import { Island } from '../../../../islands/Island.tsx';
import { AdminPage, DataTable, Facts, History, MeetingsTable, Notice, shortDate } from '../../parts.tsx';
import type { Data } from './+data.ts';

export default function Page() {
  const { company, departmentName, recruiters, slots, meetings, history, notice, now, plain } =
    useData<Data>();
  return (
    <AdminPage title={company.name} section="/admin">
      <p>
        <a className="link" href="/admin">
          Retour aux entreprises
        </a>
      </p>
      <Notice>{notice}</Notice>
      <section aria-labelledby="company-status" className="flex flex-col gap-4 rounded-xl bg-white p-6">
        <h2 id="company-status" className="scroll-mt-24">
          Statut : {COMPANY_STATUS_LABELS[company.status]}
        </h2>
        {company.statusReason && <p>Motif : {company.statusReason}</p>}
        <Island
          name="CompanyDecisions"
          component={CompanyDecisions}
          props={{ id: String(company.id), name: company.name, status: company.status, plain }}
        />
      </section>
      <section aria-labelledby="company-identity" className="flex flex-col gap-4 rounded-xl bg-white p-6">
        <h2 id="company-identity">Identité</h2>
        <Facts
          rows={[
            ['SIRET', company.siret],
            ['Code NAF', company.nafCode],
            ['Secteur', SECTOR_LABELS[company.sector]],
            ['Adresse', company.label ?? [company.zipcode, company.city].filter(Boolean).join(' ')],
            ['Département', departmentName],
            ['Téléphone', company.phone],
            ['Site internet', company.website],
            ['Contact', [company.contactName, company.contactEmail].filter(Boolean).join(' — ') || null],
            ['Inscription', shortDate(company.createdAt)],
            ['Validation', shortDate(company.validatedAt)],
            [
              'Page publique',
              company.status === 'validated' ? (
                <a key="public" className="link" href={`${ROUTES.companyDetails}?id=${company.id}`}>
                  Voir la page de l’entreprise
                </a>
              ) : null,
            ],
          ]}
        />
      </section>

      <section aria-labelledby="company-recruiters" className="flex flex-col gap-4">
        <h2 id="company-recruiters">Recruteurs</h2>
        {recruiters.length === 0 ? (
          <p>Aucun recruteur.</p>
        ) : (
          <DataTable caption="Recruteurs" headers={['Nom', 'E-mail', 'Téléphone']}>
            {recruiters.map((recruiter) => (
              <tr key={recruiter.id}>
                <th scope="row">
                  <a className="link" href={`/admin/people/${recruiter.id}`}>
                    {recruiter.firstName} {recruiter.lastName}
                  </a>
                </th>
                <td>{recruiter.email}</td>
                <td>{recruiter.phone ?? '—'}</td>
              </tr>
            ))}
          </DataTable>
        )}
      </section>

      <section aria-labelledby="company-slots" className="flex flex-col gap-4">
        <h2 id="company-slots">Créneaux</h2>
        {slots.length === 0 ? (
          <p>Aucun créneau publié.</p>
        ) : (
          <DataTable
            caption="Créneaux, du plus récent au plus ancien"
            headers={['Date', 'Type', 'Places', 'État']}
          >
            {slots.map((slot) => (
              <tr key={slot.id}>
                <th scope="row" className="font-normal">
                  {formatSlotStart(slot.startsAt, slot.timeZone)}
                </th>
                <td>{MEETING_TYPE_LABELS[slot.meetingType]}</td>
                <td>
                  {plural(slot.seatsTaken, 'réservée')} sur {slot.maxParticipants}
                </td>
                <td>{slot.deleted ? 'Supprimé' : slot.ended ? 'Passé' : 'À venir'}</td>
              </tr>
            ))}
          </DataTable>
        )}
      </section>

      <section aria-labelledby="company-meetings" className="flex flex-col gap-4">
        <h2 id="company-meetings">Rencontres</h2>
        <MeetingsTable meetings={meetings.items} total={meetings.total} now={now} of="company" />
      </section>

      <section aria-labelledby="company-history" className="flex flex-col gap-4 rounded-xl bg-white p-6">
        <h2 id="company-history">Historique</h2>
        <History entries={history} />
      </section>
    </AdminPage>
  );
}
