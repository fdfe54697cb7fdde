import { useEffect } from 'react';
import { TOKEN_REFRESH_MARGIN_MS } from '../common/constants.ts';
import { forceLogout, GraphQLRequestError, gqlRequest } from './graphql.ts';
import { readTokens, STORAGE_KEYS, storeTokens, type TokenResponse } from './session-store.ts';

const REFRESH_TOKEN_QUERY =
  'query RefreshToken($refreshToken: String!) { refreshToken(refreshToken: $refreshToken) { accessToken expiresIn refreshToken } }';

/** After a network failure (no answer at all), the next try; the token may still be good till then. */
const NETWORK_RETRY_MS = 60_000;
// setTimeout fires at once for longer delays.
const MAX_TIMER_MS = 2 ** 31 - 1;
const LOCK_NAME = 'passerelle-recruitment-token-refresh';

/**
 * Tabs share the stored pair and a refresh token is good once (a second use revokes them all), so only
 * one tab refreshes at a time, and each checks under the lock whether another just did.
 */
function withRefreshLock<T>(task: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks?.request ? locks.request(LOCK_NAME, task) : task();
}

const dueAt = (expiresAt: number) => expiresAt - TOKEN_REFRESH_MARGIN_MS;

/**
 * Keeps a recruiter's recruitment-site access token fresh (spec, sections 4 and 9): refreshes it 5 minutes
 * before it expires, stores the new pair and waits for the next; a refused refresh logs the user out.
 * Renders nothing. Without a stored pair (a session opened elsewhere) there is nothing to keep.
 */
export function SessionKeeper() {
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;

    function wait(ms: number) {
      clearTimeout(timer);
      if (!stopped) timer = setTimeout(refresh, Math.min(Math.max(0, ms), MAX_TIMER_MS));
    }

    function schedule() {
      const tokens = readTokens();
      if (tokens) wait(dueAt(tokens.expiresAt) - Date.now());
      else clearTimeout(timer);
    }

    async function refresh() {
      const retryIn = await withRefreshLock(async (): Promise<number | null> => {
        const tokens = readTokens();
        if (!tokens || dueAt(tokens.expiresAt) > Date.now()) return null;
        try {
          const data = await gqlRequest<{ refreshToken: TokenResponse }>(
            REFRESH_TOKEN_QUERY,
            { refreshToken: tokens.refreshToken },
            'RefreshToken',
          );
          storeTokens(data.refreshToken);
        } catch (error) {
          const noAnswer = error instanceof GraphQLRequestError && error.status === null;
          if (noAnswer && tokens.expiresAt - Date.now() > NETWORK_RETRY_MS) return NETWORK_RETRY_MS;
          await forceLogout();
        }
        return null;
      });
      if (retryIn !== null) wait(retryIn);
      else schedule();
    }

    // Another tab refreshed or logged out: follow its stored pair.
    function onStorage(event: StorageEvent) {
      if (event.key === null || event.key === STORAGE_KEYS.expiresAt) schedule();
    }

    schedule();
    window.addEventListener('storage', onStorage);
    return () => {
      stopped = true;
      clearTimeout(timer);
      window.removeEventListener('storage', onStorage);
    };
  }, []);
  return null;
}
