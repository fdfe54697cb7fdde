import { useData } from 'vike-react/useData';
import { schoolYearLabel } from '../../common/classes.ts';
import { SECTOR_LABELS } from '../../common/constants.ts';
import { ROUTES } from '../../common/routes.ts';
import { Button } from '../../islands/ui/Button.tsx';
import { TextField } from '../../islands/ui/TextField.tsx';
import { DataTable } from '../admin/parts.tsx';
import type { Data } from './+data.ts';
import {
  EncounterMark,
  encountersLabel,
  FormMessage,
  GroupFields,
  hoursLabel,
  refusalFor,
  SchoolYearPicker,
  Section,
  shortDay,
} from './parts.tsx';

type Group = Data['record']['groups'][number];

export default function Page() {
  const { record, refusal } = useData<Data>();
  const year = schoolYearLabel(record.schoolYear);
  const created = refusalFor(refusal, 'create');
  const exportUrl = `${ROUTES.myGroupsExport}?schoolYear=${record.schoolYear}`;
  return (
    <div className="page flex max-w-5xl flex-col gap-6">
      <div className="flex flex-col gap-2">
        <h1>Mes classes</h1>
        <p>
          Nommez vos groupes et rattachez-y vos rendez-vous : chaque rencontre réalisée compte pour le
          parcours de vos élèves (Parcours Avenir, Folios) ou les heures de vos bénéficiaires.
        </p>
      </div>
      <div className="flex flex-wrap items-end justify-between gap-4">
        {record.schoolYears.length > 1 ? (
          <SchoolYearPicker
            action={ROUTES.myGroups}
            schoolYears={record.schoolYears}
            current={record.schoolYear}
          />
        ) : (
          <p className="font-semibold">Année scolaire {year}</p>
        )}
        {record.groups.length > 0 && (
          <a className="link font-semibold" href={exportUrl} download>
            Télécharger les rencontres de {year} (CSV)
          </a>
        )}
      </div>
      {record.prescriber && <PeriodForm />}
      <Section id="groupes" title={`Vos groupes en ${year}`}>
        {record.groups.length === 0 ? (
          <p>Vous n’avez pas encore de groupe pour cette année scolaire : créez-en un ci-dessous.</p>
        ) : (
          <ul className="flex flex-col gap-4">
            {record.groups.map((item) => (
              <GroupItem key={item.group.id} item={item} />
            ))}
          </ul>
        )}
      </Section>
      {record.groups.length > 0 && <YearTable />}
      <Section id="nouveau-groupe" title="Créer un groupe">
        <form
          method="post"
          action={`${ROUTES.myGroups}#nouveau-groupe`}
          noValidate
          className="flex max-w-xl flex-col gap-4"
        >
          <input type="hidden" name="intent" value="create" />
          <FormMessage message={created?.alert} />
          <GroupFields
            values={{
              name: created?.values.name ?? '',
              level: created?.values.level ?? '',
              schoolYear: created?.values.schoolYear ?? record.schoolYear,
            }}
            errors={created?.errors ?? {}}
          />
          <div>
            <Button type="submit">Créer le groupe</Button>
          </div>
        </form>
      </Section>
    </div>
  );
}

/** A group: its name and mark, its counts, and its edition and deletion (each behind a disclosure). */
function GroupItem({ item }: { item: Group }) {
  const { refusal, record } = useData<Data>();
  const { group } = item;
  const id = String(group.id);
  const edited = refusalFor(refusal, 'update', id);
  const deleted = refusalFor(refusal, 'delete', id);
  return (
    <li id={`groupe-${id}`} className="flex flex-col gap-3 rounded-xl border border-grey p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-lg font-bold">
          <a className="link" href={ROUTES.myGroup(group.id)}>
            {group.name}
          </a>
          {group.level && <span className="font-normal"> · {group.level}</span>}
        </h3>
        <EncounterMark count={item.encountersCount} />
      </div>
      <p>
        {encountersLabel(item.encountersCount)} · {hoursLabel(item.hours)}
        {item.periodHours !== null && (
          <>
            {' '}
            · {hoursLabel(item.periodHours)} du {shortDay(record.period.from)} au {shortDay(record.period.to)}
          </>
        )}
      </p>
      <div className="flex flex-wrap gap-x-6 gap-y-2">
        <details className="group min-w-0 flex-1" open={Boolean(edited)}>
          <summary className="link cursor-pointer font-semibold">
            Modifier<span className="sr-only"> le groupe {group.name}</span>
          </summary>
          <form
            method="post"
            action={`${ROUTES.myGroups}#groupe-${id}`}
            noValidate
            className="mt-3 flex max-w-xl flex-col gap-4"
          >
            <input type="hidden" name="intent" value="update" />
            <input type="hidden" name="id" value={id} />
            <FormMessage message={edited?.alert} />
            <GroupFields
              values={{
                name: edited?.values.name ?? group.name,
                level: edited?.values.level ?? group.level ?? '',
                schoolYear: edited?.values.schoolYear ?? group.schoolYear,
              }}
              errors={edited?.errors ?? {}}
            />
            <div>
              <Button type="submit">Enregistrer</Button>
            </div>
          </form>
        </details>
        <details className="min-w-0 flex-1" open={Boolean(deleted)}>
          <summary className="link cursor-pointer font-semibold text-error-text">
            Supprimer<span className="sr-only"> le groupe {group.name}</span>
          </summary>
          <form
            method="post"
            action={`${ROUTES.myGroups}#groupe-${id}`}
            className="mt-3 flex flex-col items-start gap-3"
          >
            <input type="hidden" name="intent" value="delete" />
            <input type="hidden" name="id" value={id} />
            <input type="hidden" name="schoolYear" value={group.schoolYear} />
            <FormMessage message={deleted?.alert} />
            <p>
              Supprimer « {group.name} » ? Ses rendez-vous restent dans vos créneaux, sans groupe. Cette
              action est définitive.
            </p>
            <Button type="submit" color="error">
              Confirmer la suppression
            </Button>
          </form>
        </details>
      </div>
    </li>
  );
}

/** The year at a glance: each group's encounters, hours and sectors, and the totals. */
function YearTable() {
  const { record } = useData<Data>();
  const year = schoolYearLabel(record.schoolYear);
  const headers = ['Groupe', 'Niveau', 'Rencontres', 'Heures', 'Secteurs découverts'];
  if (record.prescriber)
    headers.push(`Heures du ${shortDay(record.period.from)} au ${shortDay(record.period.to)}`);
  const total = record.groups.reduce((sum, item) => sum + item.encountersCount, 0);
  const hours = record.groups.reduce((sum, item) => sum + item.hours, 0);
  const periodHours = record.groups.reduce((sum, item) => sum + (item.periodHours ?? 0), 0);
  return (
    <section aria-labelledby="bilan-annee" className="flex flex-col gap-4">
      <h2 id="bilan-annee">Bilan de l’année {year}</h2>
      <DataTable caption={`Rencontres et heures de vos groupes en ${year}`} headers={headers}>
        {record.groups.map((item) => (
          <tr key={item.group.id}>
            <th scope="row" className="text-left font-semibold">
              {item.group.name}
            </th>
            <td>{item.group.level ?? '—'}</td>
            <td>{item.encountersCount}</td>
            <td>{hoursLabel(item.hours)}</td>
            <td>{item.sectors.map((sector) => SECTOR_LABELS[sector]).join(', ') || '—'}</td>
            {record.prescriber && <td>{hoursLabel(item.periodHours ?? 0)}</td>}
          </tr>
        ))}
        <tr className="font-semibold">
          <th scope="row" className="text-left">
            Total
          </th>
          <td />
          <td>{total}</td>
          <td>{hoursLabel(hours)}</td>
          <td />
          {record.prescriber && <td>{hoursLabel(periodHours)}</td>}
        </tr>
      </DataTable>
    </section>
  );
}

/** A prescriber's period: their beneficiaries' hours between two days (the school year by default). */
function PeriodForm() {
  const { record, period, periodErrors } = useData<Data>();
  return (
    <Section id="periode" title="Heures sur une période">
      <p>Les heures de vos groupes entre deux dates, bornes comprises : pour vos bilans d’accompagnement.</p>
      <form method="get" action={ROUTES.myGroups} noValidate className="flex flex-wrap items-end gap-4">
        <input type="hidden" name="schoolYear" value={record.schoolYear} />
        <div className="w-48">
          <TextField
            label="Du"
            name="from"
            type="date"
            defaultValue={period.from || record.period.from}
            error={periodErrors.from}
          />
        </div>
        <div className="w-48">
          <TextField
            label="Au"
            name="to"
            type="date"
            defaultValue={period.to || record.period.to}
            error={periodErrors.to}
          />
        </div>
        <Button type="submit" variant="outline">
          Calculer les heures
        </Button>
        <a
          className="link font-semibold"
          href={`${ROUTES.myGroupsExport}?from=${record.period.from}&to=${record.period.to}`}
          download
        >
          Télécharger les rencontres de la période (CSV)
        </a>
      </form>
    </Section>
  );
}
