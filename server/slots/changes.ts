import { MEETING_TYPE_LABELS, PUBLIC_CATEGORY_LABELS, SLOT_SUBJECT_LABELS } from '../../common/constants.ts';
import { formatDuration, formatSlotStart } from '../../common/format.ts';
import { IN_THE_TEACHERS_ESTABLISHMENT, meetingPlace } from '../../common/meetings.ts';
import type { slots } from '../../db/schema/slots.ts';
import type { SlotChange } from '../kernel/events.ts';

type Slot = typeof slots.$inferSelect;

/** In the labels' own order, so that the same choices ticked in another order are no change. */
const listOf = <T extends string>(values: readonly T[], labels: Record<T, string>) =>
  (Object.keys(labels) as T[])
    .filter((value) => values.includes(value))
    .map((value) => labels[value])
    .join(', ') || '—';

const speakerOf = (slot: Slot) =>
  `${slot.speakerFirstname} ${slot.speakerName}, ${slot.speakerRole}, ${slot.speakerPhone}, ${slot.speakerEmail}`;

/** Where the slot happens, as every page and e-mail says it (common/meetings.ts `meetingPlace`). */
export interface PlaceContext {
  builtInRoom: boolean;
  publicUrl: string;
  companyAddress: string | null;
}

/** An intervention's place is each group's own establishment: the summary, shared by every group, says so. */
const placeOf = (slot: Slot, place: PlaceContext) =>
  meetingPlace(
    {
      ...slot,
      slotId: slot.id,
      companyAddress: place.companyAddress,
      establishmentName: null,
      establishmentAddress: null,
    },
    place.publicUrl,
    place.builtInRoom,
  ) ?? IN_THE_TEACHERS_ESTABLISHMENT;

/** Each thing a booked group cares about (PRODUCT.md, Third wave: « What a change tells whom »). */
const WATCHED: { label: string; of: (slot: Slot, place: PlaceContext) => string }[] = [
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
  place: PlaceContext,
): { changes: SlotChange[]; moved: boolean } {
  const changes = WATCHED.flatMap(({ label, of }) => {
    const [was, is] = [of(before, place), of(after, place)];
    return was === is ? [] : [{ label, before: was, after: is }];
  });
  const moved =
    before.startsAt.getTime() !== after.startsAt.getTime() ||
    before.durationMinutes !== after.durationMinutes;
  return { changes, moved };
}
