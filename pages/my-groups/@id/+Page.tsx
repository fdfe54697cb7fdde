import { useData } from 'vike-react/useData';
import { schoolYearLabel } from '../../../common/classes.ts';
import { MEETING_TYPE_LABELS, SECTOR_LABELS } from '../../../common/constants.ts';
import { formatDuration, formatSlotDate, formatSlotHours } from '../../../common/format.ts';
import { ROUTES } from '../../../common/routes.ts';
import { Button } from '../../../islands/ui/Button.tsx';
import { cx } from '../../../islands/ui/cx.ts';
import type { EncounterState } from '../../../server/classes/index.ts';
import { SelectField } from '../../admin/parts.tsx';
import {
  EncounterMark,
  encountersLabel,
  FormMessage,
  hoursLabel,
  refusalFor,
  Section,
  shortDay,
} from '../parts.tsx';
import type { Data } from './+data.ts';

const STATES: Record<EncounterState, { label: string; className: string }> = {
  held: { label: 'Réalisée', className: 'bg-green-light text-green-text' },
  upcoming: { label: 'À venir', className: 'bg-blue-light text-blue' },
  cancelled: { label: 'Annulée', className: 'bg-error-light text-error-text' },
  absent: { label: 'Groupe absent', className: 'bg-yellow-light text-yellow-text' },
};

type Encounter = Data['record']['encounters'][number];

export default function Page() {
  const { record } = useData<Data>();
  const { group } = record;
  const year = schoolYearLabel(group.schoolYear);
  return (
    <div className="page flex max-w-5xl flex-col gap-6">
      <p>
        <a className="link" href={`${ROUTES.myGroups}?schoolYear=${group.schoolYear}`}>
          Retour à mes classes
        </a>
      </p>
      <header className="flex flex-col gap-2">
        <h1>{group.name}</h1>
        <p className="text-lg">
          {group.level ? `${group.level} · ` : ''}Année scolaire {year}
        </p>
        <div className="flex flex-wrap items-center gap-3">
          <EncounterMark count={record.encountersCount} />
          <p className="font-semibold">
            {encountersLabel(record.encountersCount)} réalisée{record.encountersCount > 1 ? 's' : ''} ·{' '}
            {hoursLabel(record.hours)}
          </p>
        </div>
      </header>
      <Section id="rencontres" title="Rencontres du groupe">
        {record.encounters.length === 0 ? (
          <p>Aucun rendez-vous n’est encore rattaché à ce groupe.</p>
        ) : (
          <ul className="flex flex-col gap-3">
            {record.encounters.map((encounter) => (
              <EncounterItem key={encounter.meetingId} encounter={encounter} />
            ))}
          </ul>
        )}
        <AttachForm />
      </Section>
      <Section id="decouvertes" title="Secteurs et métiers découverts">
        {record.encountersCount === 0 ? (
          <p>Ils apparaîtront ici après la première rencontre réalisée.</p>
        ) : (
          <div className="grid gap-6 sm:grid-cols-2">
            <div className="flex flex-col gap-2">
              <h3 className="font-bold">Secteurs</h3>
              <ul className="list-disc pl-6">
                {record.sectors.map((sector) => (
                  <li key={sector}>{SECTOR_LABELS[sector]}</li>
                ))}
              </ul>
            </div>
            <div className="flex flex-col gap-2">
              <h3 className="font-bold">Métiers</h3>
              {record.jobs.length === 0 ? (
                <p>Les entreprises rencontrées n’ont pas indiqué leurs métiers.</p>
              ) : (
                <ul className="list-disc pl-6">
                  {record.jobs.map((job) => (
                    <li key={job}>{job}</li>
                  ))}
                </ul>
              )}
            </div>
          </div>
        )}
      </Section>
      <Section id="documents" title="Exporter">
        <ul className="flex flex-col gap-2">
          <li>
            <a
              className="link font-semibold"
              href={`${ROUTES.myGroupsExport}?schoolYear=${group.schoolYear}`}
              download
            >
              Rencontres de vos groupes en {year} (CSV, pour Folios ou Parcours Avenir)
            </a>
          </li>
          <li>
            <a className="link font-semibold" href={ROUTES.myGroupSummary(group.id)}>
              Synthèse du groupe {group.name} (PDF)
            </a>
          </li>
        </ul>
      </Section>
    </div>
  );
}

/** A meeting of the group: when, where, what it showed, whether it counts, and the way out of the group. */
function EncounterItem({ encounter }: { encounter: Encounter }) {
  const { refusal, record } = useData<Data>();
  const detached = refusalFor(refusal, 'detach', String(encounter.meetingId));
  const clashes = record.clashingIds.includes(encounter.meetingId);
  const state = STATES[encounter.state];
  return (
    <li className="flex flex-col gap-2 rounded-xl border border-grey p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 className="font-bold">
          <a className="link" href={`${ROUTES.meetingDetailsTeacher}?id=${encounter.meetingId}`}>
            {formatSlotDate(encounter.startsAt, encounter.timeZone)}
          </a>
        </h3>
        <span className={cx('inline-flex rounded-full px-3 py-1 text-sm font-semibold', state.className)}>
          <span className="sr-only">État : </span>
          {state.label}
        </span>
      </div>
      <p>
        {formatSlotHours(encounter.startsAt, encounter.endsAt, encounter.timeZone)} ·{' '}
        {MEETING_TYPE_LABELS[encounter.meetingType]} · {formatDuration(encounter.durationMinutes)}
      </p>
      <p>
        <span className="font-semibold">{encounter.companyName}</span> · {SECTOR_LABELS[encounter.sector]}
      </p>
      {clashes && (
        <p className="text-sm font-semibold text-orange-text">
          Le groupe a une autre rencontre à ce moment-là, ou juste avant ou après dans un autre lieu :
          vérifiez qu’il peut être aux deux endroits.
        </p>
      )}
      {encounter.jobs.length > 0 && (
        <p className="text-sm">Métiers présentés : {encounter.jobs.join(', ')}</p>
      )}
      <form
        method="post"
        action={`${ROUTES.myGroup(encounter.groupId ?? '')}#rencontres`}
        className="flex flex-col items-start gap-1"
      >
        <input type="hidden" name="intent" value="detach" />
        <input type="hidden" name="meetingId" value={encounter.meetingId} />
        <FormMessage message={detached?.alert ?? detached?.errors.groupId} />
        <Button type="submit" variant="link" size="m">
          Retirer du groupe
          <span className="sr-only">
            {' '}
            la rencontre du {shortDay(encounter.day)} chez {encounter.companyName}
          </span>
        </Button>
      </form>
    </li>
  );
}

/** The year's meetings without a group, one of which joins this group. */
function AttachForm() {
  const { record, refusal } = useData<Data>();
  const attached = refusalFor(refusal, 'attach');
  if (record.unfiled.length === 0) {
    return <p>Tous vos rendez-vous de l’année scolaire sont rattachés à un groupe.</p>;
  }
  return (
    <form
      method="post"
      action={`${ROUTES.myGroup(record.group.id)}#rencontres`}
      noValidate
      className="flex flex-col gap-3 rounded-xl bg-grey-light p-4"
    >
      <input type="hidden" name="intent" value="attach" />
      <FormMessage message={attached?.alert} />
      <SelectField
        label="Rattacher un rendez-vous à ce groupe"
        name="meetingId"
        hint="Vos rendez-vous de l’année scolaire qui ne sont dans aucun groupe."
        value={attached?.values.meetingId ?? ''}
        error={attached?.errors.meetingId ?? attached?.errors.groupId}
        empty="Choisir un rendez-vous"
        choices={record.unfiled.map((encounter) => ({
          value: String(encounter.meetingId),
          label: `${shortDay(encounter.day)} — ${encounter.companyName} — ${MEETING_TYPE_LABELS[encounter.meetingType]}`,
        }))}
      />
      <div>
        <Button type="submit">Rattacher au groupe</Button>
      </div>
    </form>
  );
}
