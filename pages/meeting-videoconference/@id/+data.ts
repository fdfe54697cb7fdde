import { render } from 'vike/abort';
import type { PageContextServer } from 'vike/types';
import { roomPage } from '../../../server/video/index.ts';
import type { VideoRoomRefused } from '../../layout/abort-reasons.ts';

export type { RoomView } from '../../../server/video/index.ts';

/**
 * The room of slot `{id}` (issue 6), as the video domain decides it for the viewer: 404 for no such slot;
 * a refusal is a 403 with its own text (the error page); otherwise the room, its window, the slot's own link,
 * that the platform has no room. The guard already sent visitors to the login.
 */
export async function data(pageContext: PageContextServer) {
  const slotId = Number(pageContext.routeParams.id);
  const page =
    Number.isSafeInteger(slotId) && slotId > 0
      ? await roomPage(pageContext.viewer, { slotId }, pageContext.deps)
      : null;
  if (!page) throw render(404);
  if (page.room.state === 'forbidden')
    throw render(403, { videoRoomRefused: page.back } satisfies VideoRoomRefused);
  return page;
}

export type Data = Awaited<ReturnType<typeof data>>;
