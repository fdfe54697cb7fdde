import { redirect } from 'vike/abort';
import type { PageContextServer } from 'vike/types';
import { MEETING_TYPES, PUBLIC_CATEGORIES, SLOT_SUBJECTS } from '../../common/constants.ts';
import { editNeedsConfirmation, type SlotEditPreview } from '../../common/slot-consequences.ts';
import { SLOT_MESSAGES } from '../../common/slots.ts';
import type { TypedAddress } from '../../islands/address-post.ts';
import { postedAddress } from '../../islands/address-post.ts';
import {
  checkSlotValues,
  SLOT_CONFIRM_INTENT,
  SLOT_SAVED_PATH,
  type SlotFormValues,
  savedPathOf,
} from '../../islands/slots/SlotForm.tsx';
import { AppError } from '../../server/kernel/errors.ts';
import { createSlot, previewSlotUpdate, updateSlot } from '../../server/slots/index.ts';
import { allowedOf, type FormPost, formPostOf } from '../layout/form-post.ts';

/**
 * What the slot form shows again after a plain post that did not save: the values, the messages, a preview,
 * and the place as typed when the server could not settle it.
 */
export interface SlotFormOutcome {
  values: SlotFormValues;
  errors: Record<string, string>;
  alert: string | null;
  preview: SlotEditPreview | null;
  typedPlace: TypedAddress | null;
}

/** The slot form's fields as posted without JavaScript, as the island holds them. */
export function slotValuesOf({ fields, lists }: FormPost): SlotFormValues {
  const text = (name: string) => fields[name] ?? '';
  const meetingType = text('meetingType');
  return {
    date: text('date'),
    time: text('time'),
    durationMinutes: text('durationMinutes'),
    meetingType: allowedOf(MEETING_TYPES, [meetingType])[0] ?? '',
    publicCategories: allowedOf(PUBLIC_CATEGORIES, lists.publicCategories),
    subjects: allowedOf(SLOT_SUBJECTS, lists.subjects),
    maxParticipants: text('maxParticipants'),
    speaker: {
      name: text('speaker.name'),
      firstname: text('speaker.firstname'),
      email: text('speaker.email'),
      phone: text('speaker.phone'),
      role: text('speaker.role'),
    },
    description: text('description'),
    videoLink: text('videoLink'),
    otherPlace: text('otherPlace') !== '',
    place: postedAddress(fields, 'place'),
  };
}

/** A refusal of the use case as the form shows it: per field, else once above the form. */
function refused(values: SlotFormValues, typedPlace: TypedAddress | null, error: unknown): SlotFormOutcome {
  if (!(error instanceof AppError) || error.code === 'NOT_FOUND') throw error;
  const fields = (error.extensions.fields ?? {}) as Record<string, string>;
  const outcome = { values, preview: null, typedPlace };
  if (Object.keys(fields).length > 0) return { ...outcome, errors: fields, alert: null };
  return { ...outcome, errors: {}, alert: error.message || SLOT_MESSAGES.notSaved };
}

/**
 * The slot form posted without JavaScript (PRODUCT.md, HTML first), through the same use cases as the API.
 * A new slot is created; an edit of a booked slot first shows what it does to the bookings (the preview of
 * server/slots, the same plan as the change) and is saved on « Confirmer »; then a redirect to the list. Null
 * for a GET; otherwise what the form shows again, the values kept.
 */
export async function postedSlotForm(
  pageContext: PageContextServer,
  options: { videoRoomAvailable: boolean; slot: { id: number; bookingsCount: number } | null },
): Promise<SlotFormOutcome | null> {
  const post = await formPostOf(pageContext);
  if (!post) return null;
  const { viewer, deps } = pageContext;
  const values = slotValuesOf(post);
  const typedPlace = post.addresses.place ?? null;
  const checked = checkSlotValues(values, options.videoRoomAvailable);
  if (!checked.input) return { values, errors: checked.errors, alert: null, preview: null, typedPlace };
  const { input } = checked;
  const { slot } = options;
  let moved = false;
  try {
    if (!slot) {
      await createSlot(viewer, input, deps);
    } else {
      const planned = await previewSlotUpdate(viewer, { id: slot.id, input }, deps);
      const preview = { ...planned, bookingsCount: slot.bookingsCount };
      if (editNeedsConfirmation(preview) && post.intent !== SLOT_CONFIRM_INTENT) {
        return { values, errors: {}, alert: null, preview, typedPlace };
      }
      await updateSlot(viewer, { id: slot.id, input }, deps);
      moved = preview.bookingsCount > 0 && preview.moved;
    }
  } catch (error) {
    return refused(values, typedPlace, error);
  }
  throw redirect(slot ? savedPathOf(moved) : SLOT_SAVED_PATH, 302);
}
