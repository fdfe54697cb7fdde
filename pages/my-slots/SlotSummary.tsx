import {
  MEETING_TYPE_LABELS,
  PUBLIC_CATEGORIES,
  PUBLIC_CATEGORY_LABELS,
  type SlotState,
} from '../../common/constants.ts';
import {
  formatDuration,
  formatSlotDate,
  formatSlotHours,
  formatSlotStart,
  plural,
} from '../../common/format.ts';
import { LINK_FROM_COMPANY_LABEL } from '../../common/meetings.ts';
import { ROUTES } from '../../common/routes.ts';
import { SLOT_STATE_LABELS } from '../../common/slots.ts';
import { cx } from '../../islands/ui/cx.ts';
import type { SlotView } from '../../server/slots/index.ts';

/**
 * How a slot reads on the company's pages (/my-slots, /home-company): its day and hours in its zone, its
 * type and length, its state and seats (spec, section 4: free, not complete, reserved).
 */

const STATE_CLASSES: Record<SlotState, string> = {
  free: 'bg-green-light text-green-text',
  notComplete: 'bg-yellow-light text-yellow-text',
  reserved: 'bg-purple-light text-purple-dark',
};

/** A slot's state; once it is over, that it is past (its seats no longer free nor full). */
export function SlotStateBadge({ slot }: { slot: Pick<SlotView, 'state' | 'ended'> }) {
  return (
    <span
      className={cx(
        'inline-flex rounded-full px-3 py-1 text-sm font-semibold whitespace-nowrap',
        slot.ended ? 'bg-grey-light text-grey-dark' : STATE_CLASSES[slot.state],
      )}
    >
      {slot.ended ? 'Passé' : SLOT_STATE_LABELS[slot.state]}
    </span>
  );
}

/** "8 places réservées sur 20, 12 restantes"; once over, only what was booked: nothing is left to take. */
export function seatsSummary(
  slot: Pick<SlotView, 'seatsTaken' | 'seatsLeft' | 'maxParticipants' | 'ended'>,
): string {
  const taken = `${plural(slot.seatsTaken, 'place réservée', 'places réservées')} sur ${slot.maxParticipants}`;
  if (slot.ended) return slot.seatsTaken === 0 ? 'Aucune réservation' : taken;
  return `${taken}, ${plural(slot.seatsLeft, 'restante')}`;
}

/** "mardi 14 avril 2026 à 09:00": what a button's hidden text names the slot by. */
export const slotWhen = (slot: Pick<SlotView, 'startsAt' | 'timeZone'>) =>
  formatSlotStart(slot.startsAt, slot.timeZone);

/** The slot's heading: its day, then its hours (with the zone named outside mainland France). */
export function SlotHeading({
  slot,
  level = 2,
}: {
  slot: Pick<SlotView, 'startsAt' | 'endsAt' | 'timeZone'>;
  level?: 2 | 3;
}) {
  const Tag = level === 2 ? 'h2' : 'h3';
  return (
    <Tag className="text-lg font-bold first-letter:uppercase">
      {formatSlotDate(slot.startsAt, slot.timeZone)}
      <span className="block text-base font-semibold text-grey-dark">
        {formatSlotHours(slot.startsAt, slot.endsAt, slot.timeZone)}
      </span>
    </Tag>
  );
}

/** "2 enseignants en attente, 4 places proposées" (decision 0041); null without a line. */
function waitlistSummary(waitlistLength: number, seatsHeld: number): string | null {
  if (waitlistLength <= 0 && seatsHeld <= 0) return null;
  const line = plural(waitlistLength, 'enseignant en attente', 'enseignants en attente');
  return seatsHeld > 0
    ? `${line} ; ${plural(seatsHeld, 'place proposée', 'places proposées')} en ce moment`
    : line;
}

/** Type, duration, seats, waitlist (when the page knows it) and public of a slot, as a description list. */
export function SlotFacts({ slot }: { slot: SlotView & { waitlistLength?: number } }) {
  const waitlist = waitlistSummary(slot.waitlistLength ?? 0, slot.seatsHeld);
  const facts: [string, string][] = [
    ['Type', MEETING_TYPE_LABELS[slot.meetingType]],
    ['Durée', formatDuration(slot.durationMinutes)],
    ['Places', seatsSummary(slot)],
    ...(waitlist ? [['Liste d’attente', waitlist] as [string, string]] : []),
    [
      'Public',
      PUBLIC_CATEGORIES.filter((category) => slot.publicCategories.includes(category))
        .map((category) => PUBLIC_CATEGORY_LABELS[category])
        .join(', '),
    ],
  ];
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2">
      {facts.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="font-semibold">{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * A webinar nobody could join (no link, no built-in room on this platform: server/slots lacksWorkingRoom),
 * flagged to its company with the way to add the link (issue 21).
 */
export function RoomMissingWarning({ slotId, when }: { slotId: number; when: string }) {
  return (
    <div
      className="flex flex-col gap-2 rounded-lg border-2 border-warning bg-yellow-light p-4"
      data-testid="room-missing"
    >
      <p className="font-semibold">Ce webinaire n’a pas de lien de visioconférence.</p>
      <p>
        La salle de visioconférence de Passerelle Industrie n’est pas disponible : sans votre lien, les
        classes inscrites ne pourront pas rejoindre le webinaire. Elles lisent « {LINK_FROM_COMPANY_LABEL} ».
      </p>
      <p>
        <a className="link font-semibold" href={`${ROUTES.editSlot}?id=${slotId}`}>
          Ajouter le lien de visioconférence<span className="sr-only"> du webinaire du {when}</span>
        </a>
      </p>
    </div>
  );
}
