import { z } from 'zod';
import { PUBLIC_CATEGORIES } from './constants.ts';
import { plural } from './format.ts';
import { MESSAGES } from './messages.ts';
import { charterBoxField, SLOT_CAPACITY_MAX, wholeNumber } from './slots.ts';

/** Where a waitlist entry stands (docs/decisions/0041): the first two are open, the others closed (`closed`: its slot was deleted). */
const WAITLIST_STATUSES = ['waiting', 'offered', 'booked', 'lapsed', 'declined', 'left', 'closed'] as const;
export type WaitlistStatus = (typeof WAITLIST_STATUSES)[number];

/** The teacher's meetings page's waitlist section: where an offer's e-mail leads. */
export const WAITLIST_SECTION_ID = 'liste-attente';

/** How long an offer holds its seats, unless the slot starts sooner. */
export const WAITLIST_OFFER_HOURS = 24;

export const WAITLIST_MESSAGES = {
  groupAtLeastOne: 'Indiquez au moins un participant',
  groupAboveCapacity: (capacity: number) =>
    `Ce créneau accueille ${plural(capacity, 'participant')} au maximum`,
  joined: 'Votre groupe est sur la liste d’attente : nous vous écrirons si une place se libère.',
  left: 'Vous avez quitté la liste d’attente.',
  declined: 'Vous avez refusé la place : elle est proposée à la personne suivante.',
} as const;

/** The join form: the group's size (accompanying adults included, as a booking) and its category. */
export const joinWaitlistSchema = z.object({
  groupSize: wholeNumber(1, SLOT_CAPACITY_MAX, WAITLIST_MESSAGES.groupAtLeastOne),
  publicCategory: z.preprocess(
    (value) => value ?? undefined,
    z.enum(PUBLIC_CATEGORIES, { error: MESSAGES.required }).optional(),
  ),
});
export type JoinWaitlistInput = z.infer<typeof joinWaitlistSchema>;

/** The join form posted to the company page without JavaScript (issue 22): its slot, then the join's fields. */
export const joinWaitlistPostSchema = joinWaitlistSchema.extend({
  slotId: z.coerce.number().int().positive(),
});

/** « Quitter la liste d’attente », or an offer's « Refuser », posted without JavaScript: the entry left. */
export const leaveWaitlistPostSchema = z.object({ entryId: z.coerce.number().int().positive() });

export const acceptWaitlistOfferSchema = z.object({
  acceptCharter: z.boolean({ error: MESSAGES.acceptCharter }),
});

/** An offer's « Accepter » posted without JavaScript (issue 36): the entry, and the charter's box as sent. */
export const acceptWaitlistOfferPostSchema = z.object({
  entryId: z.coerce.number().int().positive(),
  acceptCharter: charterBoxField,
});
