import { render } from 'vike/abort';
import type { PageContextServer } from 'vike/types';
import {
  isMeetingDocumentKind,
  NO_PRINT_DETAILS,
  PRINT_DETAILS_ASKED,
  printDetailsOf,
} from '../../common/meeting-documents.ts';
import { ROUTES } from '../../common/routes.ts';
import { meetingDocumentFor } from '../../server/documents/index.ts';
import { formPostOf } from '../layout/form-post.ts';

/**
 * One of a meeting's documents as a printable page (docs/decisions/0046): the same sheets as its PDF. Its
 * teacher and its company's recruiters only; anyone else, a document the meeting has not, a 404. The page
 * posted to itself carries what the teacher typed before printing (docs/decisions/0081): written into
 * this rendering and given back to the form, kept nowhere.
 */
export async function data(pageContext: PageContextServer) {
  const { id, kind } = pageContext.routeParams;
  if (!id || !/^[0-9]{1,15}$/.test(id) || !kind || !isMeetingDocumentKind(kind)) throw render(404);
  const { viewer, deps } = pageContext;
  const post = await formPostOf(pageContext);
  const print = post ? printDetailsOf(post.fields) : NO_PRINT_DETAILS;
  const document = await meetingDocumentFor(viewer, Number(id), kind, deps, print);
  if (!document) throw render(404);
  const details = viewer?.kind === 'teacher' ? ROUTES.meetingDetailsTeacher : ROUTES.meetingDetailsCompany;
  return {
    document,
    detailsUrl: `${details}?id=${document.meetingId}`,
    print,
    asked: PRINT_DETAILS_ASKED[kind] ?? null,
  };
}
export type Data = Awaited<ReturnType<typeof data>>;
