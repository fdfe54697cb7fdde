import '@livekit/components-styles';
import { createRoot } from 'react-dom/client';
import { liveKitPort } from './livekit-port.tsx';
import { RoomFlow } from './RoomFlow.tsx';
import type { VideoRoomProps } from './room-port.ts';

/**
 * The room's browser-only part, loaded by the VideoRoom island with `import()`: this chunk and what it
 * imports (livekit-client, @livekit/components-react, their styles) are fetched on the room's page alone.
 */
export function mountRoom(container: HTMLElement, props: VideoRoomProps): () => void {
  const root = createRoot(container, { identifierPrefix: 'salle-' });
  root.render(<RoomFlow {...props} port={liveKitPort} />);
  return () => root.unmount();
}
