import type { ReactNode } from 'react';
import { useData } from 'vike-react/useData';
import {
  formatCount,
  formatMonth,
  formatParisDay,
  formatRate,
  formatShortMonth,
} from '../../../common/format.ts';
import { Button } from '../../../islands/ui/Button.tsx';
import { controlClassName, describedControlProps, Field, useFieldIds } from '../../../islands/ui/Field.tsx';
import type { Statistics } from '../../../server/admin/index.ts';
import { AdminNav } from '../AdminNav.tsx';
import type { Data } from './+data.ts';
import { BarChart, type ChartCategory } from './BarChart.tsx';

/** "0 place prise", "1 place prise", "2 places prises": French puts 0 and 1 in the singular. */
const counted = (n: number, one: string, many: string) => `${formatCount(n)} ${n >= 2 ? many : one}`;

/**
 * The key figures, each with how it is counted (docs/decisions/0034). A new rate or average (the no-show
 * rate, the satisfaction averages of issue 11) is one more line here once the use case returns it.
 */
const KEY_FIGURES: {
  label: string;
  value: (s: Statistics) => string;
  definition: (s: Statistics) => string;
}[] = [
  {
    label: 'Réservations',
    value: (s) => formatCount(s.bookings),
    definition: () => 'Réservations faites pendant la période, qu’elles aient été annulées ensuite ou non.',
  },
  {
    label: 'Rencontres tenues',
    value: (s) => formatCount(s.meetingsHeld),
    definition: () =>
      'Réservations non annulées des créneaux terminés pendant la période (jusqu’à maintenant pour une période en cours).',
  },
  {
    label: 'Participants accueillis',
    value: (s) => formatCount(s.pupilsReached),
    definition: () => 'Taille des groupes des rencontres tenues, telle que déclarée à la réservation.',
  },
  {
    label: 'Taux de remplissage',
    value: (s) => formatRate(s.fillRate),
    definition: (s) =>
      `${counted(s.seatsTaken, 'place prise', 'places prises')} sur ${counted(s.seatsOffered, 'offerte', 'offertes')} par les créneaux terminés pendant la période (créneaux supprimés exclus).`,
  },
  {
    label: 'Annulations tardives',
    value: (s) => formatRate(s.lateCancellationRate),
    definition: (s) =>
      `${counted(s.lateCancellations, 'réservation annulée', 'réservations annulées')} moins de 48 h avant le début, sur ${counted(s.meetingsHeld + s.cancellations, 'réservation', 'réservations')} des créneaux terminés pendant la période.`,
  },
  {
    label: 'Groupes absents',
    value: (s) => formatRate(s.noShowRate),
    definition: (s) =>
      `${counted(s.noShows, 'rencontre tenue', 'rencontres tenues')} sans le groupe, signalée${s.noShows > 1 ? 's' : ''} par l’entreprise, sur ${counted(s.meetingsHeld, 'rencontre tenue', 'rencontres tenues')}.`,
  },
  {
    label: 'Satisfaction des enseignants',
    value: (s) =>
      s.satisfaction
        ? `${formatAverage((s.satisfaction.organisation + s.satisfaction.matching + s.satisfaction.engagement) / 3)} / 4`
        : '—',
    definition: (s) =>
      s.satisfaction
        ? `Moyenne des ${counted(s.satisfactionAnswers, 'questionnaire', 'questionnaires')} des rencontres tenues (sur 4) : organisation ${formatAverage(s.satisfaction.organisation)}, adéquation avec le groupe ${formatAverage(s.satisfaction.matching)}, implication de l’entreprise ${formatAverage(s.satisfaction.engagement)}.`
        : 'Aucun questionnaire rempli pour les rencontres tenues de la période.',
  },
];

const AVERAGE = new Intl.NumberFormat('fr-FR', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const formatAverage = (value: number) => AVERAGE.format(value);

export default function Page() {
  const data = useData<Data>();
  return (
    <div className="page flex max-w-6xl flex-col gap-8">
      <h1>Statistiques</h1>
      <AdminNav current="/admin/statistics" />
      <Filters {...data} />
      {data.statistics ? (
        <Report statistics={data.statistics} area={data.area} />
      ) : (
        <p className="rounded-lg bg-error-light p-4 font-medium text-error-text">
          Corrigez les filtres pour afficher les statistiques.
        </p>
      )}
    </div>
  );
}

function Filters({ area, form, fieldErrors }: Data) {
  const errors = fieldErrors as Record<string, string | undefined>;
  return (
    <form
      method="get"
      action="/admin/statistics"
      aria-labelledby="filtres"
      className="flex flex-col gap-4 rounded-lg bg-white p-4"
    >
      <h2 id="filtres">Période et territoire</h2>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-[1fr_1fr_2fr_auto] lg:items-start">
        <DateField name="du" label="Du" value={form.du} error={errors.du} />
        <DateField name="au" label="Au (inclus)" value={form.au} error={errors.au} />
        <AreaField area={area} value={form.departement} error={errors.departement} />
        <Button type="submit" color="purple" className="lg:mt-7">
          Afficher
        </Button>
      </div>
      <p className="text-sm text-grey-text">
        Les dates sont celles de l’heure de Paris ; sans date, la période va du début du mois, il y a onze
        mois, jusqu’à aujourd’hui.
      </p>
    </form>
  );
}

function DateField({
  name,
  label,
  value,
  error,
}: {
  name: string;
  label: string;
  value: string;
  error?: string;
}) {
  const ids = useFieldIds(`filtre-${name}`);
  return (
    <Field ids={ids} label={label} error={error}>
      <input
        type="date"
        id={ids.controlId}
        name={name}
        defaultValue={value}
        min="2000-01-01"
        max="2100-12-31"
        {...describedControlProps(ids, { error })}
        className={controlClassName(Boolean(error))}
      />
    </Field>
  );
}

function AreaField({ area, value, error }: { area: Data['area']; value: string; error?: string }) {
  const ids = useFieldIds('filtre-departement');
  return (
    <Field ids={ids} label="Territoire" error={error}>
      <select
        id={ids.controlId}
        name="departement"
        defaultValue={value}
        {...describedControlProps(ids, { error })}
        className={controlClassName(Boolean(error))}
      >
        <option value="">{area.regionName ? `Toute la région ${area.regionName}` : 'Toute la France'}</option>
        {area.departments.map((department) => (
          <option key={department.code} value={department.code}>
            {department.code} — {department.name}
          </option>
        ))}
      </select>
    </Field>
  );
}

function areaLabel(statistics: Statistics, area: Data['area']): string {
  const department = statistics.departmentCode
    ? area.departments.find((candidate) => candidate.code === statistics.departmentCode)
    : null;
  if (department) return `${department.name} (${department.code})`;
  return area.regionName ? `région ${area.regionName}` : 'toute la France';
}

const TOP = 15;

function Report({ statistics: s, area }: { statistics: Statistics; area: Data['area'] }) {
  const months: ChartCategory[] = s.bookingsPerMonth.map(({ month }) => ({
    label: formatMonth(month),
    axisLabel: formatShortMonth(month),
    axisSubLabel: month.slice(0, 4),
  }));
  const period = `du ${formatParisDay(s.from)} au ${formatParisDay(s.to.getTime() - 1)}`;
  return (
    <>
      <section aria-labelledby="chiffres-cles" className="flex flex-col gap-4">
        <h2 id="chiffres-cles">Chiffres clés</h2>
        <p>
          Période : {period}. Territoire : {areaLabel(s, area)}. Les mois sont ceux de l’heure de Paris, y
          compris pour les départements d’outre-mer.
        </p>
        <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {KEY_FIGURES.map((figure) => (
            <div key={figure.label} className="flex flex-col gap-1 rounded-lg bg-white p-4">
              <dt className="font-semibold">{figure.label}</dt>
              <dd className="text-3xl font-bold text-purple-dark">{figure.value(s)}</dd>
              <dd className="text-sm text-grey-text">{figure.definition(s)}</dd>
            </div>
          ))}
        </dl>
      </section>

      <ChartSection id="par-mois" title="Réservations et rencontres tenues par mois">
        <BarChart
          id="graphique-par-mois"
          title="Réservations et rencontres tenues par mois"
          description={`Barres par mois, ${period} : en plein les réservations faites dans le mois, hachurées les rencontres tenues dans le mois.`}
          categoryHeader="Mois"
          categories={months}
          series={[
            { label: 'Réservations', values: s.bookingsPerMonth.map((m) => m.count) },
            { label: 'Rencontres tenues', values: s.meetingsHeldPerMonth.map((m) => m.count) },
          ]}
          emptyText="Aucune réservation ni rencontre sur la période."
        />
      </ChartSection>

      <ChartSection id="par-secteur" title="Rencontres tenues par secteur">
        <BarChart
          id="graphique-par-secteur"
          title="Rencontres tenues par secteur"
          description="Une barre par secteur de l’entreprise qui recevait : le nombre de rencontres tenues pendant la période."
          categoryHeader="Secteur"
          orientation="bars"
          categories={s.bySector.map((group) => ({ label: group.label }))}
          series={[
            { label: 'Rencontres tenues', values: s.bySector.map((group) => group.meetingsHeld) },
            {
              label: 'Participants',
              values: s.bySector.map((group) => group.pupilsReached),
              tableOnly: true,
            },
          ]}
          emptyText="Aucune rencontre tenue sur la période."
        />
      </ChartSection>

      <ChartSection id="par-departement" title="Rencontres tenues par département">
        <BarChart
          id="graphique-par-departement"
          title="Rencontres tenues par département"
          description="Une barre par département de l’entreprise qui recevait, du plus grand nombre de rencontres tenues au plus petit."
          categoryHeader="Département"
          orientation="bars"
          chartLimit={TOP}
          categories={s.byDepartment.map((group) => ({
            label: `${group.label} (${group.key})`,
            axisLabel: `${group.key} ${group.label}`,
          }))}
          series={[
            { label: 'Rencontres tenues', values: s.byDepartment.map((group) => group.meetingsHeld) },
            {
              label: 'Participants',
              values: s.byDepartment.map((group) => group.pupilsReached),
              tableOnly: true,
            },
          ]}
          emptyText="Aucune rencontre tenue sur la période."
        />
      </ChartSection>

      <ChartSection id="par-type" title="Rencontres tenues par type de rencontre">
        <BarChart
          id="graphique-par-type"
          title="Rencontres tenues par type de rencontre"
          description="Une barre par type : visite d’entreprise, intervention en classe, webinaire."
          categoryHeader="Type de rencontre"
          orientation="bars"
          categories={s.byMeetingType.map((group) => ({ label: group.label }))}
          series={[
            { label: 'Rencontres tenues', values: s.byMeetingType.map((group) => group.meetingsHeld) },
            {
              label: 'Participants',
              values: s.byMeetingType.map((group) => group.pupilsReached),
              tableOnly: true,
            },
          ]}
          emptyText="Aucune rencontre tenue sur la période."
        />
      </ChartSection>

      <ChartSection
        id="demande-non-satisfaite"
        title="Demande non satisfaite par département"
        explanation="Recherches autour d’un lieu du département qui n’ont trouvé aucune entreprise avec un créneau disponible dans les 15 jours suivants, comptées une fois par recherche."
      >
        <BarChart
          id="graphique-demande"
          title="Recherches sans créneau dans les 15 jours, par département"
          description="Une barre par département du lieu cherché, du plus grand nombre de recherches sans résultat au plus petit."
          categoryHeader="Département"
          orientation="bars"
          chartLimit={TOP}
          categories={s.unmetDemand.map((row) => ({
            label: `${row.departmentName} (${row.departmentCode})`,
            axisLabel: `${row.departmentCode} ${row.departmentName}`,
          }))}
          series={[{ label: 'Recherches sans résultat', values: s.unmetDemand.map((row) => row.searches) }]}
          emptyText="Aucune recherche sans résultat sur la période."
        />
      </ChartSection>
    </>
  );
}

function ChartSection({
  id,
  title,
  explanation,
  children,
}: {
  id: string;
  title: string;
  explanation?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3">
      <h2 id={id}>{title}</h2>
      {explanation && <p>{explanation}</p>}
      {children}
    </section>
  );
}
