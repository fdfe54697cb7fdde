import { companyRowById } from '../companies/index.ts';
import type { Deps } from '../kernel/context.ts';
import type { Viewer } from '../kernel/viewer.ts';
import { canSeeCompany } from '../permissions.ts';
import { slotViewById } from '../slots/index.ts';
import { maySeeSlotDocuments } from './slot-documents.ts';
import { type DocumentRow, findDocument } from './store.ts';
import { maySeeTeacherDocuments } from './teacher-documents.ts';

/** Whether the viewer may read the document, by whose it is (permissions.ts decides each). */
async function mayRead(viewer: Viewer | null, document: DocumentRow, deps: Deps): Promise<boolean> {
  if (document.ownerKind === 'company' && document.purpose === 'visitDocument') {
    const company = await companyRowById(deps.db, document.ownerId);
    return company !== null && canSeeCompany(viewer, company);
  }
  if (document.ownerKind === 'user' && document.purpose === 'document') {
    return maySeeTeacherDocuments(viewer, document.ownerId, deps);
  }
  if (document.ownerKind === 'slot' && document.purpose === 'document') {
    const slot = await slotViewById(deps.db, document.ownerId, deps.clock.now());
    return slot !== null && (await maySeeSlotDocuments(viewer, slot, deps));
  }
  // Pictures have their own address (pictures.ts); nothing else is downloaded.
  return false;
}

/**
 * A document's file, for whoever may read it, under its own name only (a link to a renamed or other
 * document finds nothing); null otherwise, which the route answers as a 404 that says nothing.
 */
export async function readDocument(
  viewer: Viewer | null,
  input: { id: number; fileName: string },
  deps: Deps,
) {
  const document = await findDocument(deps.db, input.id);
  if (!document || document.fileName !== input.fileName) return null;
  if (!(await mayRead(viewer, document, deps))) return null;
  const stored = await deps.files.get(document.storageKey);
  if (!stored) {
    deps.log.error('document file missing', { id: document.id });
    return null;
  }
  return { document, stored };
}
