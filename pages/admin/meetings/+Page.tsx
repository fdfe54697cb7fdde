import { useData } from 'vike-react/useData';
import { MEETING_TYPE_LABELS, MEETING_TYPES } from '../../../common/constants.ts';
import {
  AdminPage,
  DateInput,
  FilterForm,
  MeetingsTable,
  PageLinks,
  ResultCount,
  SelectField,
  withQuery,
} from '../parts.tsx';
import { type Data, MEETING_FILTER_STATUSES, MEETINGS_PAGE_SIZE } from './+data.ts';

const STATUS_LABELS: Record<(typeof MEETING_FILTER_STATUSES)[number], string> = {
  upcoming: 'À venir ou en cours',
  done: 'Terminées',
  cancelled: 'Annulées',
  absent: 'Groupe absent',
};

export default function Page() {
  const { meetings, departments, filter, now } = useData<Data>();
  const query = {
    du: filter.from,
    au: filter.to,
    departement: filter.departmentCode,
    type: filter.meetingType,
    statut: filter.status,
  };
  return (
    <AdminPage title="Rencontres" section="/admin/meetings">
      <FilterForm label="Filtrer les rencontres" action="/admin/meetings">
        <DateInput label="Du" name="du" value={filter.from ?? ''} />
        <DateInput label="Au" name="au" value={filter.to ?? ''} />
        <SelectField
          label="Département"
          name="departement"
          value={filter.departmentCode ?? ''}
          empty="Tous les départements"
          choices={departments.map((d) => ({ value: d.code, label: `${d.name} (${d.code})` }))}
        />
        <SelectField
          label="Type"
          name="type"
          value={filter.meetingType ?? ''}
          empty="Tous les types"
          choices={MEETING_TYPES.map((type) => ({ value: type, label: MEETING_TYPE_LABELS[type] }))}
        />
        <SelectField
          label="Statut"
          name="statut"
          value={filter.status ?? ''}
          empty="Tous les statuts"
          choices={MEETING_FILTER_STATUSES.map((status) => ({ value: status, label: STATUS_LABELS[status] }))}
        />
      </FilterForm>
      <div className="flex flex-wrap items-baseline justify-between gap-4">
        <ResultCount
          total={meetings.total}
          one="rencontre"
          many="rencontres"
          none="Aucune rencontre ne correspond à ces critères."
        />
        <a className="link" href={withQuery('/exports/meetings.csv', query)} download>
          Exporter ces rencontres (CSV)
        </a>
      </div>
      <MeetingsTable meetings={meetings.items} total={meetings.items.length} now={now} />
      <PageLinks
        page={filter.page}
        total={meetings.total}
        pageSize={MEETINGS_PAGE_SIZE}
        href={(page) => withQuery('/admin/meetings', { ...query, page })}
      />
    </AdminPage>
  );
}
