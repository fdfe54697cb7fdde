import { type SignallingAddress, signallingAddressOf } from '../../common/connection-test.ts';
import { ROUTES } from '../../common/routes.ts';
import { liveKitSettings } from '../kernel/config.ts';
import type { Deps } from '../kernel/context.ts';

/** What /test-connexion knows before any check: the built-in room or not, and where its server is. */
export type ConnectionTestPage =
  | { available: false }
  | { available: true; testUrl: string; signalling: SignallingAddress };

/**
 * The page's facts: without LiveKit the rooms are external links and there is nothing to test; otherwise the
 * signalling's host and port from LIVEKIT_URL (the media ports and the relays come from the server in the
 * test itself).
 */
export function connectionTestPage(deps: Pick<Deps, 'config'>): ConnectionTestPage {
  const livekit = liveKitSettings(deps.config);
  if (!livekit) return { available: false };
  return {
    available: true,
    testUrl: `${deps.config.PUBLIC_URL}${ROUTES.connectionTest}`,
    signalling: signallingAddressOf(livekit.url),
  };
}
