import { render } from 'vike/abort';
import type { PageContextServer } from 'vike/types';
import { roomPage } from '../../../server/video/index.ts';

export type { RoomView } from '../../../server/video/index.ts';

/**
 * The room of slot `{id}` (issue 6), as the video domain decides it for the viewer: 404 for no such slot;
 * otherwise the room, its window, the slot's own link, that the platform has no room, or a refusal. The
 * guard already sent visitors to the login.
 */
export async function data(pageContext: PageContextServer) {
  const slotId = Number(pageContext.routeParams.id);
  const page =
    Number.isSafeInteger(slotId) && slotId > 0
      ? await roomPage(pageContext.viewer, { slotId }, pageContext.deps)
      : null;
  if (!page) throw render(404);
  return page;
}

export type Data = Awaited<ReturnType<typeof data>>;
