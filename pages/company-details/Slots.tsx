import { usePageContext } from 'vike-react/usePageContext';
import { classClash, classClashWarning, schoolYearAt } from '../../common/classes.ts';
import { AVAILABLE_SLOTS_WINDOW_DAYS, MEETING_TYPE_LABELS } from '../../common/constants.ts';
import {
  availableSlotsLabel,
  formatCount,
  formatSlotChip,
  formatSlotDate,
  formatSlotHours,
  plural,
} from '../../common/format.ts';
import { ROUTES } from '../../common/routes.ts';
import { DateChip } from '../../islands/discovery/CompanyCard.tsx';
import { ContactCompany } from '../../islands/discovery/ContactCompany.tsx';
import { Island } from '../../islands/Island.tsx';
import { SlotCard, type SlotCardData } from '../../islands/meetings/SlotCard.tsx';
import type { WaitlistEntryData } from '../../islands/meetings/Waitlist.tsx';
import { Button } from '../../islands/ui/Button.tsx';
import { Card } from '../../islands/ui/Card.tsx';
import { SelectField } from '../admin/parts.tsx';
import type { CompanyIdentity as Company, CompanyActions, Data, SlotItem } from './+data.ts';
import { type FilteredSlots, monthLabel, SLOTS_SHOWN_STEP, slotFiltersUrl } from './slot-filters.ts';

/** The company's slots as each reader may see them, and the way to contact a company without any. */

/** The next free slot as a date chip for those who see dates; the count of available slots otherwise. */
export function NextSlot({
  slots,
  slotUrl = (id) => `#creneau-${id}`,
}: {
  slots: Data['slots'];
  slotUrl?: (slotId: number) => string;
}) {
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
    <a href={slotUrl(next.id)} className="self-start rounded-xl focus-visible:outline-offset-4">
      <DateChip chip={formatSlotChip(next.startsAt, next.timeZone)} label="Prochain créneau libre" />
    </a>
  );
}

/** What visitors get (PRODUCT.md, Discovery): how many slots are open soon, and the way to log in. */
export function SlotCount({
  count,
  companyId,
  visitor,
}: {
  count: number;
  companyId: number;
  visitor: boolean;
}) {
  const next = `${ROUTES.companyDetails}?id=${companyId}`;
  return (
    <Card className="flex flex-col gap-4">
      <p className="text-xl" data-testid="company-available-slots">
        <strong className="text-3xl font-extrabold">{formatCount(count)}</strong>{' '}
        {count >= 2 ? 'créneaux disponibles' : 'créneau disponible'} dans les {AVAILABLE_SLOTS_WINDOW_DAYS}{' '}
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

/**
 * The slots' filters (type, month) as a plain GET form, and what they leave: « 6 créneaux sur 40 », then
 * « Voir plus » (a link, as the filters, so that the list is the same without JavaScript).
 */
export function SlotFiltersForm({ companyId, list }: { companyId: number; list: FilteredSlots }) {
  const { filters } = list;
  const filtered = filters.type !== null || filters.month !== null;
  return (
    // On a phone, compact: the labels are read by screen readers, the empty choices say « Tous les … ».
    <form
      method="get"
      action={`${ROUTES.companyDetails}#creneaux`}
      aria-label="Filtrer les créneaux"
      className="grid grid-cols-2 items-end gap-2 rounded-2xl bg-white p-3 max-sm:[&_label]:sr-only sm:flex sm:flex-row sm:flex-wrap sm:gap-3 sm:p-4"
    >
      <input type="hidden" name="id" value={companyId} />
      <div className="sm:w-56">
        <SelectField
          label="Type de rencontre"
          name="type"
          value={filters.type ?? ''}
          empty="Tous les types"
          choices={list.types.map((type) => ({ value: type, label: MEETING_TYPE_LABELS[type] }))}
        />
      </div>
      <div className="sm:w-56">
        <SelectField
          label="Mois"
          name="mois"
          value={filters.month ?? ''}
          empty="Tous les mois"
          choices={list.months.map((month) => ({ value: month, label: monthLabel(month) }))}
        />
      </div>
      <div className="col-span-2 flex flex-wrap items-center gap-4">
        <Button type="submit" variant="outline" size="m">
          Filtrer
        </Button>
        {filtered && (
          <a className="link" href={`${ROUTES.companyDetails}?id=${companyId}#creneaux`}>
            Tous les créneaux
          </a>
        )}
      </div>
    </form>
  );
}

/** How many slots the list shows of how many, and the way to the next ones. */
export function SlotListFooter({ companyId, list }: { companyId: number; list: FilteredSlots }) {
  const { filters } = list;
  const more = Math.min(list.matching - list.items.length, SLOTS_SHOWN_STEP);
  return (
    <div className="flex flex-wrap items-center gap-4">
      <p className="text-grey-text" role="status">
        {list.matching === list.total
          ? `${plural(list.items.length, 'créneau affiché', 'créneaux affichés')} sur ${list.total}`
          : `${plural(list.items.length, 'créneau affiché', 'créneaux affichés')} sur ${plural(list.matching, 'créneau correspondant', 'créneaux correspondants', 'aucun créneau correspondant')} (${list.total} en tout)`}
      </p>
      {more > 0 && (
        <Button
          variant="outline"
          href={slotFiltersUrl(companyId, { ...filters, shown: filters.shown + SLOTS_SHOWN_STEP })}
        >
          Voir plus ({plural(more, 'créneau', 'créneaux')})
        </Button>
      )}
    </div>
  );
}

export function SlotList({
  items,
  audience,
  companyName,
  pageUrl,
  waitlist,
  groups,
  booking,
  waitlistPlain,
  filtered = false,
}: {
  items: SlotItem[];
  audience: 'teacher' | 'company';
  companyName: string;
  /** The page with its list's filters, where the cards' forms post without JavaScript. */
  pageUrl: string;
  waitlist: Data['waitlist'];
  groups: Data['groups'];
  /** The slot whose booking form is open without JavaScript, and a refused plain booking. */
  booking: Data['booking'];
  /** The waitlist's plain forms: the slot whose join form is open, a refusal, what was just done. */
  waitlistPlain: Data['waitlistPlain'];
  /** The filters left none of the company's slots. */
  filtered?: boolean;
}) {
  const { viewer } = usePageContext();
  return (
    <>
      {audience === 'company' && (
        <p>
          Les créneaux tels que les enseignants les voient : eux seuls peuvent les réserver.
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
          <p>
            {filtered
              ? 'Aucun créneau ne correspond à ces filtres.'
              : 'Cette entreprise n’a pas de créneau à venir pour le moment.'}
          </p>
        </Card>
      ) : (
        <ul className="grid items-start gap-4">
          {items.map((slot) => {
            const props = {
              slot: {
                ...cardData(slot, waitlist[slot.id] ?? null, groups),
                booking: {
                  pageUrl,
                  open: booking.slotId === slot.id,
                  posted: booking.slotId === slot.id ? booking.posted : null,
                },
                waitlistPlain: {
                  slotId: waitlistPlain.slotId === slot.id ? slot.id : null,
                  done: waitlistPlain.doneSlotId === slot.id ? waitlistPlain.done : null,
                  doneSlotId: waitlistPlain.doneSlotId === slot.id ? slot.id : null,
                  posted: waitlistPlain.slotId === slot.id ? waitlistPlain.posted : null,
                  offer: waitlistPlain.offer?.slotId === slot.id ? waitlistPlain.offer : null,
                  booked: waitlistPlain.doneSlotId === slot.id ? waitlistPlain.booked : null,
                },
              },
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
function cardData(slot: SlotItem, waitlist: WaitlistEntryData | null, groups: Data['groups']): SlotCardData {
  const schoolYear = schoolYearAt(slot.startsAt, slot.timeZone);
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
    state: slot.state,
    description: slot.description,
    myMeetingUrl: slot.myMeetingUrl,
    waitlist,
    groups: groups
      .filter((group) => group.schoolYear === schoolYear)
      .map((group) => {
        const other = group.meetings.find((meeting) => classClash(meeting, slot));
        return { id: group.id, name: group.name, clash: other ? classClashWarning(group.name, other) : null };
      }),
  };
}

/** For a company that asked to be contacted and has no slot: a teacher writes, a visitor logs in first. */
export function Contact({ company, contact }: { company: Company; contact: CompanyActions['contact'] }) {
  if (!contact) return null;
  const props = {
    companyId: company.id,
    companyName: company.name,
    audience: contact.audience,
    sentCount: contact.sentCount,
    plain: contact.plain,
  };
  // A visitor's version is a link: it needs no JavaScript.
  return contact.audience === 'teacher' ? (
    <Island name="ContactCompany" component={ContactCompany} props={props} />
  ) : (
    <ContactCompany {...props} />
  );
}
