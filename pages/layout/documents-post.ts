import { redirect } from 'vike/abort';
import type { PageContextServer } from 'vike/types';
import {
  DOCUMENT_ADD_INTENT,
  DOCUMENT_DONE,
  DOCUMENT_REMOVE_INTENT,
  type PlainDocuments,
} from '../../islands/companies/VisitDocuments.tsx';
import { formPostOf, idOf, refusalOf } from './form-post.ts';

/** A shelf's two use cases, as the API's mutations call them (server/documents/graphql.ts). */
export interface DocumentShelfDoors {
  /** Parses the title and the file with the mutation's schema, then adds. */
  add(input: { title: string; file: File | undefined }): Promise<unknown>;
  remove(input: { id: number }): Promise<unknown>;
}

const DONE_VALUES: readonly string[] = Object.values(DOCUMENT_DONE);

/**
 * A documents block posted without JavaScript (issue 36; « Mes documents », « Documents de visite »): the
 * upload, a multipart form, is the API's use case with its schema, every message at once and the title
 * kept; a removal asks first (decision 0082), the page showing its confirmation, whose `confirm=1` removes.
 * Either way the page comes back saying so (`?document=`, post/redirect/get) at the block, `#blockId`.
 */
export async function plainDocuments(
  pageContext: PageContextServer,
  blockId: string,
  doors: DocumentShelfDoors,
): Promise<PlainDocuments> {
  const post = await formPostOf(pageContext);
  const pageUrl = pageContext.urlParsed.pathname;
  const done = (value: string) => redirect(`${pageUrl}?document=${value}#${blockId}`);
  if (post?.intent === DOCUMENT_ADD_INTENT) {
    const refusal = await refusalOf(post, () =>
      doors.add({ title: post.fields.title ?? '', file: post.files.file }),
    );
    if (!refusal) throw done(DOCUMENT_DONE.added);
    return {
      done: null,
      posted: { values: { title: post.fields.title ?? '' }, errors: refusal.errors, alert: refusal.alert },
      removing: null,
    };
  }
  if (post?.intent === DOCUMENT_REMOVE_INTENT) {
    const id = idOf(post.fields.id);
    if (post.fields.confirm !== '1')
      return { done: null, posted: null, removing: id ? { id, alert: null } : null };
    const refusal = await refusalOf(post, () => doors.remove({ id: id ?? 0 }));
    if (!refusal) throw done(DOCUMENT_DONE.removed);
    return { done: null, posted: null, removing: id ? { id, alert: refusal.alert } : null };
  }
  const said = pageContext.urlParsed.search.document ?? '';
  return {
    done: DONE_VALUES.includes(said) ? (said as PlainDocuments['done']) : null,
    posted: null,
    removing: null,
  };
}
