import { render } from 'vike/abort';
import type { PageContextServer } from 'vike/types';
import { meetingView } from '../../../server/meetings/index.ts';

/** One of the viewer's meetings; anyone else's, or none, is a 404 that says nothing of it. */
export async function data(pageContext: PageContextServer) {
  const { viewer, deps } = pageContext;
  const id = Number(pageContext.urlParsed.search.id);
  const meeting =
    viewer && Number.isSafeInteger(id) && id > 0
      ? await meetingView(deps.db, viewer, id, deps.clock.now())
      : null;
  if (!meeting) throw render(404);
  return { meeting };
}

export type Data = Awaited<ReturnType<typeof data>>;
