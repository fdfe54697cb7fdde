import type { ReactNode } from 'react';
import { useData } from 'vike-react/useData';
import { usePageContext } from 'vike-react/usePageContext';
import { AVAILABLE_SLOTS_WINDOW_DAYS, SECTOR_LABELS } from '../../common/constants.ts';
import {
  availableSlotsLabel,
  formatSlotChip,
  formatSlotDate,
  formatSlotHours,
  MAINLAND_TIME_ZONE,
} from '../../common/format.ts';
import { MESSAGES } from '../../common/messages.ts';
import { ROUTES } from '../../common/routes.ts';
import { CompanyPicture, DateChip } from '../../islands/discovery/CompanyCard.tsx';
import { ContactCompany } from '../../islands/discovery/ContactCompany.tsx';
import { FavoriteButton } from '../../islands/discovery/FavoriteButton.tsx';
import { Island } from '../../islands/Island.tsx';
import { SlotCard, type SlotCardData } from '../../islands/meetings/SlotCard.tsx';
import type { WaitlistEntryData } from '../../islands/meetings/Waitlist.tsx';
import { Button } from '../../islands/ui/Button.tsx';
import { Card } from '../../islands/ui/Card.tsx';
import { Toaster } from '../../islands/ui/Toast.tsx';
import type {
  CompanyIdentity as Company,
  CompanyActions,
  Data,
  JobOffers,
  NewsItem,
  SlotItem,
} from './+data.ts';
import { VisitDocuments } from './VisitDocuments.tsx';
import { WeekView } from './WeekView.tsx';

const numberFormat = new Intl.NumberFormat('fr-FR');
const dayFormat = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long', timeZone: 'UTC' });
/** Offers and news are dated in mainland France's zone: they have no place of their own. */
const publishedFormat = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long', timeZone: MAINLAND_TIME_ZONE });

export default function Page() {
  const { company, jobs, jobOffers, news, slots, week, actions, visitDocuments, waitlist } = useData<Data>();
  return (
    <div className="page flex flex-col gap-8">
      <header className="grid items-center gap-6 md:grid-cols-[minmax(0,5fr)_minmax(0,6fr)]">
        <div className="aspect-[8/5] overflow-hidden rounded-2xl bg-grey-light shadow-sm">
          <CompanyPicture company={company} eager />
        </div>
        <div className="flex flex-col gap-3">
          <p className="text-sm font-bold tracking-wide text-purple uppercase">
            {SECTOR_LABELS[company.sector]}
          </p>
          <div className="flex items-start justify-between gap-4">
            <h1>{company.name}</h1>
            {actions.favorite !== null && (
              <div className="flex items-center gap-3">
                <Island
                  name="FavoriteButton"
                  component={FavoriteButton}
                  props={{
                    companyId: String(company.id),
                    companyName: company.name,
                    starred: actions.favorite,
                  }}
                />
                <Island name="Toaster" component={Toaster} props={{}} />
              </div>
            )}
          </div>
          {company.city && <p className="text-lg text-grey-text">{company.city}</p>}
          <NextSlot slots={slots} />
        </div>
      </header>
      <div className="grid items-start gap-6 lg:grid-cols-[2fr_1fr]">
        <Presentation company={company} />
        <Identity company={company} />
      </div>
      <section aria-labelledby="creneaux" className="flex flex-col gap-4">
        <h2 id="creneaux">Créneaux</h2>
        {'items' in slots ? (
          <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_24rem]">
            <div className="flex flex-col gap-4">
              <SlotList
                items={slots.items}
                audience={slots.audience}
                companyName={company.name}
                waitlist={waitlist}
              />
            </div>
            <div className="lg:sticky lg:top-24">
              <WeekView
                items={slots.items}
                monday={week}
                weekUrl={(monday) => `${ROUTES.companyDetails}?id=${company.id}&semaine=${monday}#semaine`}
              />
            </div>
          </div>
        ) : (
          <SlotCount count={slots.count} companyId={company.id} visitor={slots.audience === 'visitor'} />
        )}
        <Contact company={company} contact={actions.contact} />
      </section>
      <VisitDocuments documents={visitDocuments} />
      <Jobs jobs={jobs} />
      <Offers offers={jobOffers} />
      <News news={news} />
    </div>
  );
}

/** For a company that asked to be contacted and has no slot: a teacher writes, a visitor logs in first. */
function Contact({ company, contact }: { company: Company; contact: CompanyActions['contact'] }) {
  if (!contact) return null;
  const props = {
    companyId: company.id,
    companyName: company.name,
    audience: contact.audience,
    sentCount: contact.sentCount,
  };
  // A visitor's version is a link: it needs no JavaScript.
  return contact.audience === 'teacher' ? (
    <Island name="ContactCompany" component={ContactCompany} props={props} />
  ) : (
    <ContactCompany {...props} />
  );
}

function Jobs({ jobs }: { jobs: string[] }) {
  return (
    <section aria-labelledby="metiers" className="flex flex-col gap-3 rounded-2xl bg-white p-6">
      <h2 id="metiers">Métiers</h2>
      {jobs.length === 0 ? (
        <p className="text-grey-text">Cette entreprise n’a pas encore indiqué ses métiers.</p>
      ) : (
        <ul className="flex flex-wrap gap-2">
          {jobs.map((job) => (
            <li key={job} className="rounded-full bg-purple-light px-3 py-1 font-semibold text-purple-dark">
              {job}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The recruitment site's offers; when it cannot be reached, the message says so and nothing else is lost. */
function Offers({ offers }: { offers: JobOffers }) {
  return (
    <section aria-labelledby="offres" className="flex flex-col gap-3 rounded-2xl bg-white p-6">
      <h2 id="offres">Offres d’emploi</h2>
      {offers.unavailable ? (
        <p
          className="rounded-lg border-2 border-yellow-text bg-yellow-light p-4 font-medium"
          data-testid="job-offers-unavailable"
        >
          {MESSAGES.jobOffersUnavailable}
        </p>
      ) : offers.items.length === 0 ? (
        <p className="text-grey-text">Cette entreprise n’a pas d’offre d’emploi publiée en ce moment.</p>
      ) : (
        <ul className="flex flex-col divide-y divide-grey">
          {offers.items.map((offer) => (
            <li key={offer.id} className="flex flex-col gap-1 py-3 first:pt-0 last:pb-0">
              <h3 className="text-lg font-bold">
                {offer.url ? (
                  <a className="link" href={offer.url} target="_blank" rel="noreferrer">
                    {offer.title}
                    <span className="sr-only"> (nouvelle fenêtre)</span>
                  </a>
                ) : (
                  offer.title
                )}
              </h3>
              <p className="text-sm">
                {[
                  offer.contractType,
                  offer.location,
                  offer.publishedAt && `Publiée le ${publishedFormat.format(new Date(offer.publishedAt))}`,
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function News({ news }: { news: NewsItem[] }) {
  return (
    <section aria-labelledby="actualites" className="flex flex-col gap-4">
      <h2 id="actualites">Actualités</h2>
      {news.length === 0 ? (
        <Card>
          <p className="text-grey-text">Cette entreprise n’a pas encore publié d’actualité.</p>
        </Card>
      ) : (
        // List items rather than articles: the slot cards are the page's articles.
        <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
          {news.map((item) => (
            <li
              key={item.id}
              className="relative flex flex-col gap-2 rounded-2xl border border-grey bg-white p-5 shadow-sm transition-shadow focus-within:shadow-lg hover:shadow-lg"
            >
              {item.publishedAt && (
                <p className="text-sm font-semibold text-grey-text">
                  <time dateTime={item.publishedAt}>
                    {publishedFormat.format(new Date(item.publishedAt))}
                  </time>
                </p>
              )}
              <h3 className="text-lg leading-snug font-bold">
                <a
                  href={ROUTES.article(item.id)}
                  className="after:absolute after:inset-0 after:content-[''] hover:underline focus-visible:outline-none"
                >
                  {item.title}
                </a>
              </h3>
              {(item.summary || item.body) && (
                <p className="line-clamp-3 text-grey-dark">{item.summary ?? item.body}</p>
              )}
              <p aria-hidden="true" className="mt-auto font-semibold text-purple">
                Lire l’actualité →
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The next free slot as a date chip for those who see dates; the count of available slots otherwise. */
function NextSlot({ slots }: { slots: Data['slots'] }) {
  if (!('items' in slots)) {
    return (
      <p className="self-start rounded-full bg-green-light px-4 py-1.5 font-semibold text-green-text">
        {availableSlotsLabel(slots.count)}
      </p>
    );
  }
  const next = slots.items.find((slot) => slot.id === slots.nextOpenSlotId);
  if (!next) return <p className="text-grey-text">Aucun créneau libre à venir</p>;
  return (
    <a href={`#creneau-${next.id}`} className="self-start rounded-xl focus-visible:outline-offset-4">
      <DateChip chip={formatSlotChip(next.startsAt, next.timeZone)} label="Prochain créneau libre" />
    </a>
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
  waitlist,
}: {
  items: SlotItem[];
  audience: 'teacher' | 'company';
  companyName: string;
  waitlist: Data['waitlist'];
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
        <ul className="grid gap-4 xl:grid-cols-2">
          {items.map((slot) => {
            const props = {
              slot: cardData(slot, waitlist[slot.id] ?? null),
              bookable: audience === 'teacher',
              companyName,
            };
            return (
              <li key={slot.id}>
                {props.bookable ? (
                  <Island name="SlotCard" component={SlotCard} props={props} />
                ) : (
                  <SlotCard {...props} />
                )}
              </li>
            );
          })}
        </ul>
      )}
    </>
  );
}

/** What the card shows, and nothing else of the slot (the speaker's details stay out of the page's props). */
function cardData(slot: SlotItem, waitlist: WaitlistEntryData | null): SlotCardData {
  return {
    id: slot.id,
    date: formatSlotDate(slot.startsAt, slot.timeZone),
    hours: formatSlotHours(slot.startsAt, slot.endsAt, slot.timeZone),
    durationMinutes: slot.durationMinutes,
    meetingType: slot.meetingType,
    publicCategories: slot.publicCategories,
    subjects: slot.subjects,
    maxParticipants: slot.maxParticipants,
    seatsLeft: slot.seatsLeft,
    description: slot.description,
    myMeetingUrl: slot.myMeetingUrl,
    waitlist,
  };
}
