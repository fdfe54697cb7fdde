import { redirect, render } from 'vike/abort';
import type { PageContextServer } from 'vike/types';
import { ERROR_MESSAGES } from '../../../common/errors.ts';
import { SLOT_DELETED_PATH } from '../../../islands/slots/DeleteSlot.tsx';
import { AppError } from '../../../server/kernel/errors.ts';
import { ownSlotWithBookingsFor } from '../../../server/meetings/index.ts';
import { deleteSlot } from '../../../server/slots/index.ts';
import { waitlistLengthsFor } from '../../../server/waitlist/index.ts';
import { formPostOf } from '../../layout/form-post.ts';

/**
 * « Supprimer » without JavaScript (PRODUCT.md, HTML first; issue 21): the slot of `?id=` with what deleting it
 * touches (its bookings, its line), and a plain form that deletes it through the same use case as the API.
 * Another company's slot or a deleted one is a plain 404; a started one cannot be deleted any more.
 */
export async function data(pageContext: PageContextServer) {
  const { viewer, deps, urlParsed } = pageContext;
  const id = Number(urlParsed.search.id);
  const slot = Number.isSafeInteger(id) && id > 0 ? await ownSlotWithBookingsFor(viewer, id, deps) : null;
  if (!slot) throw render(404);
  let alert: string | null = null;
  if (slot.started) return { slot, waitingCount: 0, alert };
  if (await formPostOf(pageContext)) {
    try {
      await deleteSlot(viewer, { id: slot.id }, deps);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      if (error.code === 'NOT_FOUND') throw render(404);
      alert = error.message || ERROR_MESSAGES[error.code];
    }
    if (!alert) throw redirect(SLOT_DELETED_PATH, 302);
  }
  const waitlists = await waitlistLengthsFor(viewer, [slot.id], deps);
  return { slot, waitingCount: waitlists.get(slot.id) ?? 0, alert };
}

export type Data = Awaited<ReturnType<typeof data>>;
