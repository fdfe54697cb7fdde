import { z } from 'zod';
import { addressField, emailField, fieldErrors, phoneField, requiredText } from './accounts.ts';
import { optionalGroupId } from './classes.ts';
import {
  MEETING_TYPES,
  PUBLIC_CATEGORIES,
  type PublicCategory,
  SLOT_DURATIONS_MINUTES,
  SLOT_SUBJECTS,
  TIME_INPUT_DEFAULTS,
} from './constants.ts';
import { agreeing, plural } from './format.ts';
import { MESSAGES } from './messages.ts';
import { isSingleLine, multiLineText, optionalSingleLineText, TEXT_MAX, TEXT_MESSAGES } from './text.ts';

/**
 * The slot form's rules and the booking form's (spec, section 5; PRODUCT.md, Slots and Meetings), shared
 * by the islands and the API: one message per rule, in French.
 */
export const SLOT_MESSAGES = {
  invalidDate: 'La date doit être au format JJ/MM/AAAA',
  pastSlot: 'Le créneau doit commencer dans le futur',
  timeRange: `L’heure doit être comprise entre ${TIME_INPUT_DEFAULTS.min} et ${TIME_INPUT_DEFAULTS.max}, par pas de 30 minutes`,
  chooseDuration: 'Choisissez une durée',
  chooseMeetingType: 'Choisissez un type de rencontre',
  chooseCategory: 'Choisissez au moins une catégorie de public',
  capacityBelowBooked: (booked: number) =>
    `${plural(booked, 'place est déjà réservée', 'places sont déjà réservées')} : la capacité ne peut pas être inférieure`,
  invalidVideoLink: 'Le lien doit être une adresse web complète, commençant par https://',
  webinarNeedsLink:
    'Indiquez le lien de votre visioconférence : la salle intégrée de Passerelle Industrie n’est pas disponible, sans lien les classes ne pourraient pas rejoindre le webinaire',
  notSaved: 'Le créneau n’a pas été enregistré. Vos saisies sont conservées : réessayez dans un instant.',
  pastSlotLocked: 'Ce créneau est passé : il ne peut plus être modifié.',
  duplicateDates: 'Choisissez au moins une date',
  tooManyDuplicates: (max: number) => `${max} dates au maximum à la fois`,
  participantsAtLeastOne: 'Indiquez au moins un participant',
  participantsAboveSeatsLeft: (left: number) => `Il reste ${plural(left, 'place')} sur ce créneau`,
  categoryNotOffered: 'Choisissez une des catégories de public du créneau',
  acceptCharter: MESSAGES.acceptCharter,
} as const;

export const SLOT_CAPACITY_MAX = 500;
export const MAX_DUPLICATE_DATES = 52;

/** Half-hour steps from 01:00 to 23:00, the spec's time input. */
export const SLOT_TIMES: readonly string[] = Array.from({ length: 45 }, (_, index) => {
  const minutes = 60 + index * 30;
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${minutes % 60 === 0 ? '00' : '30'}`;
});

export const dateField = z
  .string({ error: MESSAGES.required })
  .trim()
  .min(1, { error: MESSAGES.required, abort: true })
  .refine((value) => /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), {
    error: SLOT_MESSAGES.invalidDate,
  });

const slotTimeField = z
  .string({ error: MESSAGES.required })
  .trim()
  .min(1, { error: MESSAGES.required, abort: true })
  .regex(/^\d{2}:\d{2}$/, { error: MESSAGES.invalidTime, abort: true })
  .refine((value) => SLOT_TIMES.includes(value), { error: SLOT_MESSAGES.timeRange });

/**
 * A whole number typed in a field: the form sends what was typed, the API a number. An empty field is
 * required; "2.5" or anything else that is not a whole number is asked again as one.
 */
export const wholeNumber = (min: number, max: number, belowMin: string = MESSAGES.numberTooSmall(min)) =>
  z.preprocess(
    (value) => (typeof value === 'string' ? (value.trim() === '' ? undefined : Number(value)) : value),
    z
      .number({ error: (issue) => (issue.input == null ? MESSAGES.required : MESSAGES.wholeNumber) })
      .int({ error: MESSAGES.wholeNumber })
      .min(min, { error: belowMin })
      .max(max, { error: MESSAGES.numberTooLarge(max) }),
  );

const speakerSchema = z.object({
  name: requiredText(TEXT_MAX.personName),
  firstname: requiredText(TEXT_MAX.personName),
  email: emailField,
  phone: phoneField,
  role: requiredText(TEXT_MAX.speakerRole),
});

const videoLinkField = z.preprocess(
  (value) => (typeof value === 'string' ? value.trim() || undefined : (value ?? undefined)),
  z
    .string()
    .max(TEXT_MAX.videoLink, { error: TEXT_MESSAGES.tooLong(TEXT_MAX.videoLink) })
    .refine((value) => /^https:\/\/[^\s/$.?#][^\s]*$/i.test(value) && isSingleLine(value), {
      error: SLOT_MESSAGES.invalidVideoLink,
    })
    .optional(),
);

/** A slot as the company types it: date and time are wall-clock in the company's zone. */
export const slotInputSchema = z
  .object({
    date: dateField,
    time: slotTimeField,
    durationMinutes: z.preprocess(
      (value) => (typeof value === 'string' && value !== '' ? Number(value) : value),
      z.union(
        SLOT_DURATIONS_MINUTES.map((minutes) => z.literal(minutes)),
        { error: SLOT_MESSAGES.chooseDuration },
      ),
    ),
    meetingType: z.enum(MEETING_TYPES, { error: SLOT_MESSAGES.chooseMeetingType }),
    publicCategories: z
      .array(z.enum(PUBLIC_CATEGORIES), { error: SLOT_MESSAGES.chooseCategory })
      .min(1, { error: SLOT_MESSAGES.chooseCategory })
      .transform((values) => [...new Set(values)]),
    subjects: z.preprocess(
      (value) => value ?? [],
      z.array(z.enum(SLOT_SUBJECTS)).transform((values) => [...new Set(values)]),
    ),
    maxParticipants: wholeNumber(1, SLOT_CAPACITY_MAX),
    speaker: speakerSchema,
    description: multiLineText(TEXT_MAX.slotDescription),
    videoLink: videoLinkField,
    /** A visit elsewhere than at the company's address (PRODUCT.md, Slots); absent or null: the company's. */
    place: z.preprocess((value) => value ?? undefined, addressField.optional()),
  })
  .transform((slot) => ({
    ...slot,
    // Only a webinar has a video link; the others would carry a stale one from an earlier type.
    videoLink: slot.meetingType === 'Webinar' ? slot.videoLink : undefined,
    // Only a visit happens at a place of the company's choosing.
    place: slot.meetingType === 'CompanyVisit' ? slot.place : undefined,
  }));
export type SlotInput = z.infer<typeof slotInputSchema>;

export const duplicateSlotSchema = z.object({
  dates: z
    .array(dateField, { error: SLOT_MESSAGES.duplicateDates })
    .min(1, { error: SLOT_MESSAGES.duplicateDates })
    .max(MAX_DUPLICATE_DATES, { error: SLOT_MESSAGES.tooManyDuplicates(MAX_DUPLICATE_DATES) })
    .transform((values) => [...new Set(values)].sort()),
});

/** The charter's box: a plain form's ticked box sends « on », an unticked one nothing; the API sends a boolean. */
export const charterBoxField = z.preprocess(
  (value) => (value === 'on' ? true : (value ?? false)),
  z.boolean({ error: SLOT_MESSAGES.acceptCharter }),
);

/** A booking as the teacher fills it in; the seats left and the slot's categories are checked against the slot. */
export const bookingInputSchema = z.object({
  participantsCount: wholeNumber(1, SLOT_CAPACITY_MAX, SLOT_MESSAGES.participantsAtLeastOne),
  publicCategory: z.enum(PUBLIC_CATEGORIES, { error: MESSAGES.required }),
  message: multiLineText(TEXT_MAX.bookingMessage),
  accompanyingAdultName: optionalSingleLineText(TEXT_MAX.fullName),
  accompanyingAdultPhone: z.preprocess(
    (value) => (typeof value === 'string' ? value.replace(/[\s.-]/g, '') || undefined : (value ?? undefined)),
    z
      .string()
      .regex(/^0\d{9}$/, { error: MESSAGES.invalidPhone })
      .optional(),
  ),
  acceptCharter: charterBoxField,
  /** The teacher's group it is filed in (« Mes classes »); none when empty. */
  groupId: optionalGroupId,
});
export type BookingFormInput = z.infer<typeof bookingInputSchema>;

/**
 * Everything a booking form says is wrong, at once: the shared schema, then what only its slot knows (the
 * seats left, the publics it offers), and the charter. The island checks it before sending, and the plain
 * post before booking, so that a form never shows its errors one at a time (issue 36).
 */
export function bookingFormErrors(
  values: { participantsCount?: unknown; publicCategory?: unknown; acceptCharter?: unknown },
  slot: { seatsLeft: number; publicCategories: readonly PublicCategory[] },
): { input: BookingFormInput; errors: null } | { input: null; errors: Record<string, string> } {
  const parsed = bookingInputSchema.safeParse(values);
  const errors = parsed.success ? {} : fieldErrors(parsed.error);
  // Without an error of its own, the count is a whole number in range, whatever the other fields hold.
  if (!errors.participantsCount && Number(values.participantsCount) > slot.seatsLeft) {
    errors.participantsCount = SLOT_MESSAGES.participantsAboveSeatsLeft(slot.seatsLeft);
  }
  const category = values.publicCategory as PublicCategory | null | undefined;
  if (category && !slot.publicCategories.includes(category)) {
    errors.publicCategory = SLOT_MESSAGES.categoryNotOffered;
  }
  // A plain form's ticked box sends « on », the island's state true.
  if (values.acceptCharter !== true && values.acceptCharter !== 'on') {
    errors.acceptCharter = SLOT_MESSAGES.acceptCharter;
  }
  if (parsed.success && Object.keys(errors).length === 0) return { input: parsed.data, errors: null };
  return { input: null, errors };
}

/** A booking posted as a plain form to the company page (issue 22): its slot, then the booking's fields. */
export const bookingPostSchema = bookingInputSchema.extend({
  slotId: z.coerce.number({ error: MESSAGES.required }).int().positive(),
});

/** A field a change may clear: empty or null clears it, absent leaves it as it is. */
const clearable = <T extends z.ZodType>(field: T) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
    field.nullable(),
  );

export const BOOKING_CHANGE_MESSAGES = {
  groupAboveCapacity: (capacity: number) =>
    `Ce créneau accueille ${plural(capacity, 'participant')} au maximum`,
  nothingChanged: 'Rien n’a changé : la réservation reste telle quelle.',
  changed: 'Votre réservation est modifiée : l’entreprise est prévenue par e-mail.',
  waitlisted: (extra: number) =>
    `Votre réservation reste telle quelle pour l’instant : ${plural(extra, 'place supplémentaire est demandée', 'places supplémentaires sont demandées')} sur la liste d’attente. ${agreeing(extra, 'Elle s’ajoutera à votre réservation dès qu’elle se libérera.', 'Elles s’ajouteront à votre réservation dès qu’elles se libéreront.')}`,
} as const;

/**
 * A booking changed by its teacher (API.md, Taking a class out: `BookingChangeInput`), with the booking's own
 * rules and messages. Absent: left as it is; empty or null: cleared (not the group's size). `waitlistIfFull`
 * is the teacher's choice when a larger group does not fit the seats left (docs/decisions/0048): refused
 * with `slot_full` (the default), or the difference put on the slot's waitlist.
 */
export const bookingChangeSchema = z.object({
  participantsCount: z.preprocess(
    (value) => value ?? undefined,
    bookingInputSchema.shape.participantsCount.optional(),
  ),
  message: clearable(multiLineText(TEXT_MAX.bookingMessage)),
  accompanyingAdultName: clearable(optionalSingleLineText(TEXT_MAX.fullName)),
  accompanyingAdultPhone: clearable(bookingInputSchema.shape.accompanyingAdultPhone),
  groupId: optionalGroupId,
  waitlistIfFull: z.preprocess(
    (value) => (value === 'on' || value === 'true' ? true : value === 'false' ? false : (value ?? undefined)),
    z.boolean().optional(),
  ),
});
export type BookingChange = z.infer<typeof bookingChangeSchema>;

export const cancelMeetingSchema = z.object({ reason: multiLineText(TEXT_MAX.cancelReason) });

/** The seats a slot has left (the seats a waitlist offer holds are taken): never below zero. */
export function seatsLeft(slot: { maxParticipants: number; seatsTaken: number }): number {
  return Math.max(slot.maxParticipants - slot.seatsTaken, 0);
}

/** Spec section 4: the state of a slot's card. */
export function slotState(slot: {
  maxParticipants: number;
  seatsTaken: number;
}): 'free' | 'notComplete' | 'reserved' {
  if (slot.seatsTaken <= 0) return 'free';
  return seatsLeft(slot) === 0 ? 'reserved' : 'notComplete';
}

export const SLOT_STATE_LABELS = {
  free: 'Libre',
  notComplete: 'Non complet',
  reserved: 'Complet',
} as const;

export const MEETING_STATUS_LABELS = {
  confirmed: 'Confirmé',
  inProgress: 'En cours',
  done: 'Terminé',
  reported: 'Reporté',
  cancelled: 'Annulé',
} as const;

/**
 * The same statuses said of a « rencontre », the back-office's word for a meeting (its list, its filter
 * « Annulées », its export's « Réservée le », « Annulée le »): one gender per page and per export.
 */
export const MEETING_STATUS_FEMININE_LABELS: Record<keyof typeof MEETING_STATUS_LABELS, string> = {
  confirmed: 'Confirmée',
  inProgress: 'En cours',
  done: 'Terminée',
  reported: 'Reportée',
  cancelled: 'Annulée',
};

/**
 * A meeting is held once it is over, not cancelled, and the company has not marked the group absent
 * (PRODUCT.md, « Taking a class out »): its attestation exists from then on, and its duration counts in its
 * group's hours. In SQL, over `meeting_facts`: `status <> 'cancelled' AND ends_at <= :now AND absent_at IS NULL`.
 */
export function meetingHeld(
  meeting: { status: 'confirmed' | 'reported' | 'cancelled'; endsAt: Date; absentAt: Date | null },
  now: Date,
): boolean {
  return (
    meeting.status !== 'cancelled' && meeting.absentAt === null && now.getTime() >= meeting.endsAt.getTime()
  );
}

/**
 * The status shown (PRODUCT.md, Meetings): a cancelled meeting stays cancelled; otherwise the clock says
 * in progress between the start and the end, done after the end, and the stored status before.
 */
export function shownMeetingStatus(
  stored: 'confirmed' | 'reported' | 'cancelled',
  startsAt: Date,
  endsAt: Date,
  now: Date,
): keyof typeof MEETING_STATUS_LABELS {
  if (stored === 'cancelled') return 'cancelled';
  if (now.getTime() >= endsAt.getTime()) return 'done';
  if (now.getTime() >= startsAt.getTime()) return 'inProgress';
  return stored;
}
