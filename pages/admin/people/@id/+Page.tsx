import { useData } from 'vike-react/useData';
import { PROFILE_TYPE_LABELS } from '../../../../common/accounts.ts';
import { PersonActions } from '../../../../islands/admin/PersonActions.tsx';
import { Island } from '../../../../islands/Island.tsx';
import { AdminPage, Facts, History, MeetingsTable, Notice, shortDate } from '../../parts.tsx';
import type { Data } from './+data.ts';

export default function Page() {
  const { person, establishment, company, meetings, history, now, plain, notice } = useData<Data>();
  const teacher = person.kind === 'teacher';
  return (
    <AdminPage title={person.name} section="/admin/people">
      <p>
        <a className="link" href={`/admin/people?type=${teacher ? 'enseignants' : 'recruteurs'}`}>
          Retour aux personnes
        </a>
      </p>
      <Notice>{notice}</Notice>
      <section aria-labelledby="person-identity" className="flex flex-col gap-4 rounded-xl bg-white p-6">
        <h2 id="person-identity">{teacher ? 'Enseignant ou partenaire' : 'Recruteur'}</h2>
        <Facts
          rows={[
            ['E-mail', person.email],
            ['Téléphone', person.phone],
            ...(teacher
              ? ([
                  ['Profil', person.profileType ? PROFILE_TYPE_LABELS[person.profileType] : null],
                  ['Établissement', establishment ? `${establishment.name} (${establishment.type})` : null],
                ] as [string, string | null][])
              : ([
                  [
                    'Entreprise',
                    company ? (
                      <a key="company" className="link" href={`/admin/companies/${company.id}`}>
                        {company.name}
                      </a>
                    ) : null,
                  ],
                  ['Fonction', person.jobTitle],
                ] as [string, React.ReactNode][])),
            ['Département', person.departmentCode],
            [
              'Compte',
              person.invited
                ? 'Invitation en attente : aucun mot de passe choisi'
                : `Créé le ${shortDate(person.createdAt)}`,
            ],
          ]}
        />
        <Island
          name="PersonActions"
          component={PersonActions}
          props={{ id: String(person.id), name: person.name, email: person.email, teacher, plain }}
        />
      </section>
      <section aria-labelledby="person-meetings" className="flex flex-col gap-4">
        <h2 id="person-meetings">{teacher ? 'Ses rencontres' : 'Les rencontres de l’entreprise'}</h2>
        <MeetingsTable meetings={meetings.items} total={meetings.total} now={now} />
      </section>
      <section aria-labelledby="person-history" className="flex flex-col gap-4 rounded-xl bg-white p-6">
        <h2 id="person-history">Historique</h2>
        <History entries={history} />
      </section>
    </AdminPage>
  );
}
