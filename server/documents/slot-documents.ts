import { DOCUMENT_MESSAGES, SLOT_DOCUMENTS_MAX } from '../../common/documents.ts';
import { companyRowById } from '../companies/index.ts';
import type { Deps } from '../kernel/context.ts';
import { AppError } from '../kernel/errors.ts';
import type { Viewer } from '../kernel/viewer.ts';
import { liveMeetingOfTeacher } from '../meetings/index.ts';
import { canSeeSlotDocuments, isOwnCompany, requireRecruiter } from '../permissions.ts';
import { type SlotView, slotViewById } from '../slots/index.ts';
import {
  addToShelf,
  type DocumentRow,
  type DocumentShelf,
  findDocument,
  listShelf,
  removeFromShelf,
} from './store.ts';

const slotShelf = (slotId: number): DocumentShelf => ({
  ownerKind: 'slot',
  ownerId: slotId,
  purpose: 'document',
});

/** Whether the viewer may read this slot's documents (permissions.canSeeSlotDocuments). */
export async function maySeeSlotDocuments(
  viewer: Viewer | null,
  slot: Pick<SlotView, 'id' | 'companyId'>,
  deps: Deps,
): Promise<boolean> {
  const [meeting, company] = await Promise.all([
    viewer?.kind === 'teacher' ? liveMeetingOfTeacher(deps.db, slot.id, viewer.id) : null,
    companyRowById(deps.db, slot.companyId),
  ]);
  return company !== null && canSeeSlotDocuments(viewer, company, meeting !== null);
}

/** A slot's documents, oldest first: its company, the operators and its booked teachers; nothing otherwise. */
export async function slotDocumentsFor(
  viewer: Viewer | null,
  slot: Pick<SlotView, 'id' | 'companyId'>,
  deps: Deps,
): Promise<DocumentRow[]> {
  return (await maySeeSlotDocuments(viewer, slot, deps)) ? listShelf(deps.db, slotShelf(slot.id)) : [];
}

/** One of the recruiter's company's slots; another company's, or a deleted one, is NOT_FOUND. */
async function ownSlot(viewer: Viewer | null, slotId: number, deps: Deps): Promise<SlotView> {
  requireRecruiter(viewer);
  const slot = await slotViewById(deps.db, slotId, deps.clock.now());
  if (!slot || !isOwnCompany(viewer, slot.companyId)) throw new AppError('NOT_FOUND');
  return slot;
}

/** The company attaches a document to one of its slots: 5 at most (decision 0030). */
export async function addSlotDocument(
  viewer: Viewer | null,
  input: { slotId: number; title: string; file: File },
  deps: Deps,
): Promise<DocumentRow> {
  const slot = await ownSlot(viewer, input.slotId, deps);
  return addToShelf(
    slotShelf(slot.id),
    {
      max: SLOT_DOCUMENTS_MAX,
      folder: `companies/${slot.companyId}/slots/${slot.id}`,
      limitReached: () =>
        new AppError('max_file_limit_reached', {
          message: DOCUMENT_MESSAGES.slotDocumentsLimit,
          extensions: { max: SLOT_DOCUMENTS_MAX },
        }),
    },
    input,
    deps,
  );
}

/** The company removes a document of one of its slots (another company's is NOT_FOUND). */
export async function removeSlotDocument(
  viewer: Viewer | null,
  input: { id: number },
  deps: Deps,
): Promise<void> {
  requireRecruiter(viewer);
  const document = await findDocument(deps.db, input.id);
  if (document?.ownerKind !== 'slot') throw new AppError('NOT_FOUND');
  const slot = await ownSlot(viewer, document.ownerId, deps);
  await removeFromShelf(slotShelf(slot.id), input.id, deps);
}
