import { redirect } from 'vike/abort';
import type { PageContextServer } from 'vike/types';
import { operationsOverview, retryFailedDelivery } from '../../../server/operations/index.ts';
import { formPostOf } from '../../layout/form-post.ts';
import { idOf, pageOf } from '../page-input.ts';

/**
 * What the national administrators watch (issue 34): the outbox's backlog, what was set aside with
 * « Relancer » (a plain post, then the page again saying which went back in the queue), the jobs' runs,
 * the database's size, and whether mail and video answer. Anyone else: 404.
 */
export async function data(pageContext: PageContextServer) {
  const { viewer, deps, urlParsed } = pageContext;
  const post = await formPostOf(pageContext);
  if (post?.intent === 'retry') {
    // An id that is not set aside (any more) is a 404, as for anyone who may not.
    const id = idOf(post.fields.id) ?? 0;
    await pageOf(() => retryFailedDelivery(viewer, { id }, deps));
    throw redirect(`${urlParsed.pathname}?relance=${id}`);
  }
  const operations = await pageOf(() => operationsOverview(viewer, deps));
  return { ...operations, now: deps.clock.now(), retried: idOf(urlParsed.search.relance) };
}

export type Data = Awaited<ReturnType<typeof data>>;
