import type { ReactNode } from 'react';
import { useData } from 'vike-react/useData';
import { usePageContext } from 'vike-react/usePageContext';
import {
  AVAILABLE_SLOTS_WINDOW_DAYS,
  MEETING_TYPE_LABELS,
  PUBLIC_CATEGORY_LABELS,
  SECTOR_LABELS,
  SLOT_SUBJECT_LABELS,
  type SlotState,
} from '../../common/constants.ts';
import { formatDuration, formatSlotDate, formatSlotHours } from '../../common/format.ts';
import { ROUTES } from '../../common/routes.ts';
import { SLOT_STATE_LABELS } from '../../common/slots.ts';
import { Island } from '../../islands/Island.tsx';
import { BookingForm } from '../../islands/meetings/BookingForm.tsx';
import { Button } from '../../islands/ui/Button.tsx';
import { Card } from '../../islands/ui/Card.tsx';
import { cx } from '../../islands/ui/cx.ts';
import type { CompanyIdentity as Company, Data, SlotItem } from './+data.ts';

const numberFormat = new Intl.NumberFormat('fr-FR');
const dayFormat = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long', timeZone: 'UTC' });

export default function Page() {
  const { company, slots } = useData<Data>();
  return (
    <div className="page flex flex-col gap-8">
      <header className="flex flex-col gap-2">
        <p className="font-semibold text-purple">{SECTOR_LABELS[company.sector]}</p>
        <h1>{company.name}</h1>
        {company.city && <p className="text-lg">{company.city}</p>}
      </header>
      <div className="grid gap-6 lg:grid-cols-[2fr_1fr]">
        <Presentation company={company} />
        <Identity company={company} />
      </div>
      <section aria-labelledby="creneaux" className="flex flex-col gap-4">
        <h2 id="creneaux">Créneaux</h2>
        {'items' in slots ? (
          <SlotList items={slots.items} audience={slots.audience} companyName={company.name} />
        ) : (
          <SlotCount count={slots.count} companyId={company.id} visitor={slots.audience === 'visitor'} />
        )}
      </section>
    </div>
  );
}

function Presentation({ company }: { company: Company }) {
  return (
    <section aria-labelledby="presentation" className="flex flex-col gap-3 rounded-2xl bg-white p-6">
      <h2 id="presentation">Présentation</h2>
      {company.description ? (
        <div className="prose-block">
          {company.description.split(/\n{2,}/).map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </div>
      ) : (
        <p className="text-grey-text">Cette entreprise n’a pas encore rédigé sa présentation.</p>
      )}
    </section>
  );
}

function Identity({ company }: { company: Company }) {
  const facts: [string, ReactNode][] = [
    ['Secteur', SECTOR_LABELS[company.sector]],
    ['Adresse', company.address],
    ['Code NAF', company.nafCode],
  ];
  if (company.website) {
    facts.push([
      'Site internet',
      <a key="site" className="link break-all" href={company.website} target="_blank" rel="noreferrer">
        {company.website.replace(/^https?:\/\//, '')}
        <span className="sr-only"> (nouvelle fenêtre)</span>
      </a>,
    ]);
  }
  if (company.employeesCount) facts.push(['Salariés', numberFormat.format(company.employeesCount)]);
  if (company.creationDate && /^\d{4}-\d{2}-\d{2}$/.test(company.creationDate)) {
    facts.push(['Date de création', dayFormat.format(new Date(`${company.creationDate}T00:00:00Z`))]);
  }
  facts.push([
    'Stagiaires',
    company.acceptsInterns ? 'Accueille des stagiaires' : 'N’accueille pas de stagiaires',
  ]);
  return (
    <section aria-labelledby="identite" className="flex flex-col gap-3 rounded-2xl bg-white p-6">
      <h2 id="identite">L’entreprise</h2>
      <dl className="flex flex-col gap-3">
        {facts
          .filter(([, value]) => value)
          .map(([term, value]) => (
            <div key={term}>
              <dt className="font-semibold">{term}</dt>
              <dd>{value}</dd>
            </div>
          ))}
      </dl>
    </section>
  );
}

/** What visitors get (PRODUCT.md, Discovery): how many slots are open soon, and the way to log in. */
function SlotCount({ count, companyId, visitor }: { count: number; companyId: number; visitor: boolean }) {
  const next = `${ROUTES.companyDetails}?id=${companyId}`;
  return (
    <Card className="flex flex-col gap-4">
      <p className="text-xl" data-testid="company-available-slots">
        <strong className="text-3xl font-extrabold">{numberFormat.format(count)}</strong>{' '}
        {count > 1 ? 'créneaux disponibles' : 'créneau disponible'} dans les {AVAILABLE_SLOTS_WINDOW_DAYS}{' '}
        prochains jours
      </p>
      {visitor ? (
        <>
          <p>Connectez-vous avec votre compte enseignant pour voir les dates et réserver un créneau.</p>
          <div className="flex flex-wrap items-center gap-4">
            <Button href={`${ROUTES.loginTeacher}?next=${encodeURIComponent(next)}`}>
              Se connecter pour réserver
            </Button>
            <a className="link" href={ROUTES.signUpTeacher}>
              Créer un compte enseignant
            </a>
          </div>
        </>
      ) : (
        <p>Les dates des créneaux sont visibles des enseignants connectés.</p>
      )}
    </Card>
  );
}

function SlotList({
  items,
  audience,
  companyName,
}: {
  items: SlotItem[];
  audience: 'teacher' | 'company';
  companyName: string;
}) {
  const { viewer } = usePageContext();
  return (
    <>
      {audience === 'company' && (
        <p>
          Les créneaux tels que les enseignants les voient : eux seuls peuvent les réserver.
          {viewer?.kind === 'recruiter' && (
            <>
              {' '}
              <a className="link" href={ROUTES.mySlots}>
                Gérer mes créneaux
              </a>
            </>
          )}
        </p>
      )}
      {items.length === 0 ? (
        <Card>
          <p>Cette entreprise n’a pas de créneau à venir pour le moment.</p>
        </Card>
      ) : (
        <ul className="grid gap-4 lg:grid-cols-2">
          {items.map((slot) => (
            <li key={slot.id}>
              <SlotCard slot={slot} bookable={audience === 'teacher'} companyName={companyName} />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

const STATE_COLORS: Record<SlotState, string> = {
  free: 'bg-green-light text-green-text',
  notComplete: 'bg-blue-light text-blue',
  reserved: 'bg-grey text-grey-dark',
};

function Badge({ className, children }: { className: string; children: ReactNode }) {
  return (
    <span className={cx('inline-flex items-center rounded-full px-3 py-1 text-sm font-semibold', className)}>
      {children}
    </span>
  );
}

function SlotCard({
  slot,
  bookable,
  companyName,
}: {
  slot: SlotItem;
  bookable: boolean;
  companyName: string;
}) {
  const headingId = `creneau-${slot.id}`;
  const date = formatSlotDate(slot.startsAt, slot.timeZone);
  const hours = formatSlotHours(slot.startsAt, slot.endsAt, slot.timeZone);
  return (
    <Card as="article" aria-labelledby={headingId} className="flex h-full flex-col gap-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h3 id={headingId} className="text-lg font-bold">
          {date}
          <br />
          <span className="font-semibold">{hours}</span>
        </h3>
        <div className="flex flex-wrap gap-2">
          <Badge className="bg-purple-light text-purple-dark">{MEETING_TYPE_LABELS[slot.meetingType]}</Badge>
          <Badge className={STATE_COLORS[slot.state]}>
            <span className="sr-only">État : </span>
            {SLOT_STATE_LABELS[slot.state]}
          </Badge>
        </div>
      </div>
      <dl className="grid gap-2 text-sm sm:grid-cols-2">
        <div>
          <dt className="font-semibold">Durée</dt>
          <dd>{formatDuration(slot.durationMinutes)}</dd>
        </div>
        <div>
          <dt className="font-semibold">Places restantes</dt>
          <dd>
            {slot.seatsLeft} sur {slot.maxParticipants}
          </dd>
        </div>
        <div>
          <dt className="font-semibold">Public</dt>
          <dd>{slot.publicCategories.map((c) => PUBLIC_CATEGORY_LABELS[c]).join(', ')}</dd>
        </div>
        {slot.subjects.length > 0 && (
          <div>
            <dt className="font-semibold">Thèmes</dt>
            <dd>{slot.subjects.map((s) => SLOT_SUBJECT_LABELS[s]).join(', ')}</dd>
          </div>
        )}
      </dl>
      {slot.description && <p>{slot.description}</p>}
      {bookable && <Booking slot={slot} when={`${date}, ${hours}`} companyName={companyName} />}
    </Card>
  );
}

/** A teacher's way to book the slot, or to the meeting they already have on it. */
function Booking({ slot, when, companyName }: { slot: SlotItem; when: string; companyName: string }) {
  if (slot.myMeetingUrl) {
    return (
      <p className="flex flex-wrap items-center gap-3">
        <Badge className="bg-green-light text-green-text">Déjà réservé</Badge>
        <a className="link font-semibold" href={slot.myMeetingUrl}>
          Voir mon rendez-vous
        </a>
      </p>
    );
  }
  if (slot.seatsLeft <= 0) return <p className="font-semibold">Ce créneau est complet.</p>;
  return (
    <Island
      name="BookingForm"
      component={BookingForm}
      props={{
        slot: { id: slot.id, seatsLeft: slot.seatsLeft, publicCategories: slot.publicCategories, when },
        companyName,
      }}
    />
  );
}
