import { DOCUMENT_MESSAGES, TEACHER_DOCUMENTS_MAX } from '../../common/documents.ts';
import { findUserById } from '../accounts/index.ts';
import type { Deps } from '../kernel/context.ts';
import { AppError } from '../kernel/errors.ts';
import type { Viewer } from '../kernel/viewer.ts';
import { hasBookedWithCompany } from '../meetings/index.ts';
import { canSeeTeacherDocuments, requireKind } from '../permissions.ts';
import { addToShelf, type DocumentRow, type DocumentShelf, listShelf, removeFromShelf } from './store.ts';

const teacherShelf = (teacherId: number): DocumentShelf => ({
  ownerKind: 'user',
  ownerId: teacherId,
  purpose: 'document',
});

/** Whether the viewer may read this teacher's documents (permissions.canSeeTeacherDocuments). */
export async function maySeeTeacherDocuments(
  viewer: Viewer | null,
  teacherId: number,
  deps: Deps,
): Promise<boolean> {
  const [booked, teacher] = await Promise.all([
    viewer?.kind === 'recruiter' && viewer.companyId !== null
      ? hasBookedWithCompany(deps.db, teacherId, viewer.companyId)
      : false,
    viewer?.kind === 'admin' ? findUserById(deps.db, teacherId) : null,
  ]);
  return canSeeTeacherDocuments(
    viewer,
    { id: teacherId, departmentCode: teacher?.departmentCode ?? null },
    booked,
  );
}

/** A teacher's documents, oldest first, for whoever may read them; nothing for anyone else. */
export async function teacherDocumentsFor(
  viewer: Viewer | null,
  teacherId: number,
  deps: Deps,
): Promise<DocumentRow[]> {
  return (await maySeeTeacherDocuments(viewer, teacherId, deps))
    ? listShelf(deps.db, teacherShelf(teacherId))
    : [];
}

/** The teacher adds a document: 3 at most, the 4th is `max_file_limit_reached` (PRODUCT.md, Limits). */
export function addTeacherDocument(
  viewer: Viewer | null,
  input: { title: string; file: File },
  deps: Deps,
): Promise<DocumentRow> {
  const teacher = requireKind(viewer, 'teacher');
  return addToShelf(
    teacherShelf(teacher.id),
    {
      max: TEACHER_DOCUMENTS_MAX,
      folder: `teachers/${teacher.id}/documents`,
      limitReached: () =>
        new AppError('max_file_limit_reached', {
          message: DOCUMENT_MESSAGES.teacherDocumentsLimit,
          extensions: { max: TEACHER_DOCUMENTS_MAX },
        }),
    },
    input,
    deps,
  );
}

/** The teacher removes one of their documents (anyone else's is NOT_FOUND). */
export function removeTeacherDocument(
  viewer: Viewer | null,
  input: { id: number },
  deps: Deps,
): Promise<void> {
  const teacher = requireKind(viewer, 'teacher');
  return removeFromShelf(teacherShelf(teacher.id), input.id, deps);
}

/** Every document of a teacher whose account is deleted: rows and files (the privacy orchestration). */
export async function removeAllTeacherDocuments(teacherId: number, deps: Deps): Promise<void> {
  for (const document of await listShelf(deps.db, teacherShelf(teacherId))) {
    await removeFromShelf(teacherShelf(teacherId), document.id, deps);
  }
}
