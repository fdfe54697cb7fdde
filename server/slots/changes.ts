import { MEETING_TYPE_LABELS, PUBLIC_CATEGORY_LABELS, SLOT_SUBJECT_LABELS } from '../../common/constants.ts';
import { formatDuration, formatSlotStart } from '../../common/format.ts';
import { LINK_FROM_COMPANY_LABEL } from '../../common/meetings.ts';
import type { slots } from '../../db/schema/slots.ts';
import type { SlotChange } from '../kernel/events.ts';

type Slot = typeof slots.$inferSelect;

/** What a visit's place says when the slot gives none: the company's own address (PRODUCT.md, Slots). */
const AT_THE_COMPANY = 'à l’adresse de l’entreprise';

/** In the labels' own order, so that the same choices ticked in another order are no change. */
const listOf = <T extends string>(values: readonly T[], labels: Record<T, string>) =>
  (Object.keys(labels) as T[])
    .filter((value) => values.includes(value))
    .map((value) => labels[value])
    .join(', ') || '—';

const speakerOf = (slot: Slot) =>
  `${slot.speakerFirstname} ${slot.speakerName}, ${slot.speakerRole}, ${slot.speakerPhone}, ${slot.speakerEmail}`;

/**
 * Where it happens, as the booked group reads it: a visit's address, a webinar's external link, else the
 * built-in room — or, on a platform without one, what its teachers read instead (issue 21).
 */
function placeOf(slot: Slot, builtInRoom: boolean): string {
  if (slot.meetingType === 'CompanyVisit') return slot.placeLabel ?? AT_THE_COMPANY;
  if (slot.meetingType === 'Webinar') {
    return (
      slot.videoLink ??
      (builtInRoom ? 'la salle de visioconférence de la plateforme' : LINK_FROM_COMPANY_LABEL)
    );
  }
  return 'dans l’établissement de l’enseignant';
}

/** Each thing a booked group cares about (PRODUCT.md, Third wave: « What a change tells whom »). */
const WATCHED: { label: string; of: (slot: Slot, builtInRoom: boolean) => string }[] = [
  { label: 'Date et heure', of: (slot) => formatSlotStart(slot.startsAt, slot.timeZone) },
  { label: 'Durée', of: (slot) => formatDuration(slot.durationMinutes) },
  { label: 'Type de rencontre', of: (slot) => MEETING_TYPE_LABELS[slot.meetingType] },
  { label: 'Public', of: (slot) => listOf(slot.publicCategories, PUBLIC_CATEGORY_LABELS) },
  { label: 'Lieu', of: placeOf },
  { label: 'Thématiques', of: (slot) => listOf(slot.subjects, SLOT_SUBJECT_LABELS) },
  { label: 'Intervenant', of: speakerOf },
];

/**
 * What changed of a slot between two versions, for the groups who booked it: each thing, old → new, in
 * French; and whether it moved (date, time or duration: the bookings are then postponed, PRODUCT.md).
 */
export function changesOf(
  before: Slot,
  after: Slot,
  builtInRoom = true,
): { changes: SlotChange[]; moved: boolean } {
  const changes = WATCHED.flatMap(({ label, of }) => {
    const [was, is] = [of(before, builtInRoom), of(after, builtInRoom)];
    return was === is ? [] : [{ label, before: was, after: is }];
  });
  const moved =
    before.startsAt.getTime() !== after.startsAt.getTime() ||
    before.durationMinutes !== after.durationMinutes;
  return { changes, moved };
}
