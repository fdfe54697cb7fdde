import { redirect } from 'vike/abort';
import type { PageContextServer } from 'vike/types';
import { ROUTES } from '../../common/routes.ts';
import { bookingFormErrors, bookingPostSchema } from '../../common/slots.ts';
import { BOOKING_INTENT, BOOKING_PARAM, type PlainBooking } from '../../islands/meetings/BookingForm.tsx';
import { AppError, invalidInput } from '../../server/kernel/errors.ts';
import { bookSlotFor } from '../../server/meetings/index.ts';
import { slotFor } from '../../server/slots/index.ts';
import { formPostOf, idOf, refusalOf, validFormOf } from '../layout/form-post.ts';

/**
 * A booking without JavaScript (issue 22): « Réserver ce créneau » asks the page for the slot's form
 * (`?reserver=<slot>`), shown open under its card; its post is the same use case as `bookSlot`, with the
 * same schema; then the browser goes to the meeting's page (post/redirect/get). A refusal shows the form
 * again with the French messages and every value kept. For a teacher only (the page offers it to no one
 * else, and the use case refuses anyone else).
 */
export async function plainBooking(pageContext: PageContextServer): Promise<PlainBooking> {
  const { viewer, deps } = pageContext;
  const post = await formPostOf(pageContext);
  if (post?.intent !== BOOKING_INTENT) {
    return { slotId: idOf(pageContext.urlParsed.search[BOOKING_PARAM]), posted: null };
  }
  let meetingId: number | null = null;
  const refusal = await refusalOf(post, async () => {
    // Every error at once, as the island says them: the fields, the seats left, the publics, the charter.
    const slot = await slotFor(viewer, idOf(post.fields.slotId) ?? 0, deps);
    if (slot) {
      const { errors } = bookingFormErrors(post.fields, slot);
      if (errors) throw invalidInput(errors);
    }
    const input = await validFormOf(pageContext, bookingPostSchema);
    try {
      meetingId = Number((await bookSlotFor(viewer, input, deps)).id);
    } catch (error) {
      // The charter is a box to tick: its refusal goes under it, as the island says it.
      if (error instanceof AppError && error.code === 'charter_not_accepted') {
        throw invalidInput({ acceptCharter: error.message });
      }
      throw error;
    }
  });
  // Its own fragment: the browser would otherwise keep the form's (#creneau-…) on the meeting's page.
  if (!refusal) throw redirect(`${ROUTES.meetingDetailsTeacher}?id=${meetingId}#contenu`);
  return {
    slotId: idOf(post.fields.slotId),
    posted: { values: refusal.values, errors: refusal.errors, alert: refusal.alert },
  };
}
