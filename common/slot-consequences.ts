import { plural } from './format.ts';

/**
 * What a change or a deletion of a slot does to its bookings and its line, said before it is done
 * (issue 21; PRODUCT.md, « What a change tells whom »). The facts come from the server's one door
 * (server/slots previewSlotUpdate: the same `changesOf` the change publishes); these are their French words,
 * shared by the pages (plain forms) and the islands.
 */

/** One thing a booked group cares about, old → new (server/kernel/events.ts SlotChange). */
export interface SlotChangeFact {
  label: string;
  before: string;
  after: string;
}

export interface SlotEditPreview {
  /** Each thing that changes for the booked groups, old → new, in the order of « What a change tells whom ». */
  changes: SlotChangeFact[];
  /** Date, time or duration changed: the meetings become « Reportée », each teacher keeps or cancels. */
  moved: boolean;
  /** The bookings standing on the slot. */
  bookingsCount: number;
}

/** Whether saving needs the company to confirm first: a booked slot whose change its teachers will hear of. */
export function editNeedsConfirmation(preview: SlotEditPreview): boolean {
  return preview.bookingsCount > 0 && preview.changes.length > 0;
}

/** The sentences of an edit's preview: who is told what, and what becomes of the bookings. */
export function slotEditConsequences({ changes, moved, bookingsCount }: SlotEditPreview): string[] {
  if (bookingsCount === 0) return ['Aucune réservation : personne n’est prévenu.'];
  if (changes.length === 0)
    return ['Rien de ce que les enseignants ont réservé ne change : personne n’est prévenu.'];
  const several = bookingsCount > 1;
  const told = several
    ? `Les enseignants des ${plural(bookingsCount, 'réservation')} seront prévenus par e-mail, comme votre entreprise, de chaque changement (ancien → nouveau).`
    : 'L’enseignant de la réservation sera prévenu par e-mail, comme votre entreprise, de chaque changement (ancien → nouveau).';
  if (!moved) return [told];
  return [
    told,
    several
      ? `Date, horaire ou durée changent : les ${plural(bookingsCount, 'réservation')} passeront en « Reportée », chaque enseignant pourra garder ou annuler la sienne.`
      : 'Date, horaire ou durée changent : la réservation passera en « Reportée », l’enseignant pourra la garder ou l’annuler.',
  ];
}

/** What deleting a slot touches: its bookings (cancelled, both sides told) and its line (each teacher told). */
export interface SlotDeletionFacts {
  bookingsCount: number;
  seatsTaken: number;
  /** The teachers waiting on its line or offered a seat. */
  waitingCount: number;
}

/** « 1 réservation sera annulée », « 3 enseignants en liste d'attente seront prévenus », « aucune réservation ». */
export function slotDeletionConsequences({
  bookingsCount,
  seatsTaken,
  waitingCount,
}: SlotDeletionFacts): string[] {
  const seats = plural(seatsTaken, 'place');
  const bookings =
    bookingsCount === 0
      ? 'Aucune réservation : personne n’a encore réservé ce créneau.'
      : bookingsCount === 1
        ? `1 réservation sera annulée (${seats}) : l’enseignant sera prévenu par e-mail.`
        : `${plural(bookingsCount, 'réservation')} seront annulées (${seats}) : les enseignants seront prévenus par e-mail.`;
  const waiting =
    waitingCount === 0
      ? 'Aucun enseignant en liste d’attente.'
      : waitingCount === 1
        ? '1 enseignant en liste d’attente sera prévenu que le créneau n’aura pas lieu.'
        : `${plural(waitingCount, 'enseignant')} en liste d’attente seront prévenus que le créneau n’aura pas lieu.`;
  return [bookings, waiting];
}
