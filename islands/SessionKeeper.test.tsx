import { render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOKEN_REFRESH_MARGIN_MS } from '../common/constants.ts';

const NOW = new Date('2026-03-10T09:00:00Z').getTime();
const HOUR = 3_600_000;

type Answer = { body: unknown; status?: number } | Error;

/** fetch answering each call with the next answer, recording the operations it was sent. */
function stubFetch(...answers: Answer[]) {
  const fetchMock = vi.fn(async (_url: string, _init: RequestInit) => {
    const answer = answers.shift() ?? { body: { data: { logout: true } } };
    if (answer instanceof Error) throw answer;
    return new Response(JSON.stringify(answer.body), { status: answer.status ?? 200 });
  });
  vi.stubGlobal('fetch', fetchMock);
  const operations = () =>
    fetchMock.mock.calls.map(
      ([, init]) =>
        JSON.parse(String(init.body)) as { operationName: string; variables: Record<string, unknown> },
    );
  return { fetchMock, operations };
}

const pair = (n: number) => ({ accessToken: `access-${n}`, expiresIn: 3600, refreshToken: `refresh-${n}` });

// A fresh module graph per test: forceLogout runs once per page, as it does in the browser.
async function load() {
  vi.resetModules();
  const store = await import('./session-store.ts');
  const { SessionKeeper } = await import('./SessionKeeper.tsx');
  return { store, SessionKeeper };
}

describe('SessionKeeper', () => {
  let assign: ReturnType<typeof vi.spyOn>;

  beforeEach(() => {
    vi.useFakeTimers({ now: NOW, toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    localStorage.clear();
    // Web Locks are the browser's; without them the keeper runs the refresh directly.
    vi.stubGlobal('navigator', { ...navigator, locks: undefined });
    assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('refreshes 5 minutes before expiry, stores the new pair and waits for the next expiry', async () => {
    const { store, SessionKeeper } = await load();
    store.storeTokens(pair(1), NOW);
    const { operations } = stubFetch(
      { body: { data: { refreshToken: pair(2) } } },
      { body: { data: { refreshToken: pair(3) } } },
    );
    render(<SessionKeeper />);

    await vi.advanceTimersByTimeAsync(HOUR - TOKEN_REFRESH_MARGIN_MS - 1);
    expect(operations()).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(operations()).toEqual([
      expect.objectContaining({ operationName: 'RefreshToken', variables: { refreshToken: 'refresh-1' } }),
    ]);
    const refreshedAt = NOW + HOUR - TOKEN_REFRESH_MARGIN_MS;
    expect(store.readTokens()).toEqual({
      accessToken: 'access-2',
      refreshToken: 'refresh-2',
      expiresAt: refreshedAt + HOUR,
      createdAt: refreshedAt,
    });

    await vi.advanceTimersByTimeAsync(HOUR - TOKEN_REFRESH_MARGIN_MS - 1);
    expect(operations()).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(operations()[1]).toMatchObject({ variables: { refreshToken: 'refresh-2' } });
    expect(store.readTokens()?.accessToken).toBe('access-3');
    expect(assign).not.toHaveBeenCalled();
  });

  it('refreshes at once a pair already inside the margin', async () => {
    const { store, SessionKeeper } = await load();
    store.storeTokens(pair(1), NOW - HOUR + 60_000);
    const { operations } = stubFetch({ body: { data: { refreshToken: pair(2) } } });
    render(<SessionKeeper />);
    await vi.advanceTimersByTimeAsync(0);
    expect(operations()).toHaveLength(1);
    expect(store.readTokens()?.accessToken).toBe('access-2');
  });

  it('logs out when the refresh is refused: logout call, tokens cleared, teacher login with the reason', async () => {
    const { store, SessionKeeper } = await load();
    store.storeTokens(pair(1), NOW);
    store.storeCompanyId('7');
    const { operations } = stubFetch({
      body: {
        data: null,
        errors: [{ message: 'Vous avez été déconnecté.', extensions: { code: 'UNAUTHENTICATED' } }],
      },
    });
    render(<SessionKeeper />);
    await vi.advanceTimersByTimeAsync(HOUR - TOKEN_REFRESH_MARGIN_MS);

    expect(operations().map((o) => o.operationName)).toEqual(['RefreshToken', 'Logout']);
    expect(store.readTokens()).toBeNull();
    expect(store.readCompanyId()).toBeNull();
    expect(assign).toHaveBeenCalledTimes(1);
    expect(assign).toHaveBeenCalledWith('/login-teacher?logout=forced');
  });

  it('logs out on any other refusal too, and does nothing without a stored pair', async () => {
    const { store, SessionKeeper } = await load();
    const { operations } = stubFetch({
      body: { errors: [{ message: 'x', extensions: { code: 'other_error' } }] },
      status: 500,
    });
    const { unmount } = render(<SessionKeeper />);
    await vi.advanceTimersByTimeAsync(2 * HOUR);
    expect(operations()).toEqual([]);
    unmount();

    store.storeTokens(pair(1), NOW);
    render(<SessionKeeper />);
    await vi.advanceTimersByTimeAsync(2 * HOUR);
    expect(operations().map((o) => o.operationName)).toEqual(['RefreshToken', 'Logout']);
    expect(assign).toHaveBeenCalledWith('/login-teacher?logout=forced');
  });

  it('tries again a minute later when the network does not answer, while the token is still good', async () => {
    const { store, SessionKeeper } = await load();
    store.storeTokens(pair(1), NOW);
    const { operations } = stubFetch(new TypeError('Failed to fetch'), {
      body: { data: { refreshToken: pair(2) } },
    });
    render(<SessionKeeper />);
    await vi.advanceTimersByTimeAsync(HOUR - TOKEN_REFRESH_MARGIN_MS);
    expect(operations()).toHaveLength(1);
    expect(store.readTokens()?.accessToken).toBe('access-1');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(operations()).toHaveLength(2);
    expect(store.readTokens()?.accessToken).toBe('access-2');
    expect(assign).not.toHaveBeenCalled();
  });

  it('refreshes under the browser lock shared by the tabs', async () => {
    const request = vi.fn((_name: string, task: () => Promise<unknown>) => task());
    vi.stubGlobal('navigator', { locks: { request } });
    const { store, SessionKeeper } = await load();
    store.storeTokens(pair(1), NOW);
    const { operations } = stubFetch({ body: { data: { refreshToken: pair(2) } } });
    render(<SessionKeeper />);
    await vi.advanceTimersByTimeAsync(HOUR - TOKEN_REFRESH_MARGIN_MS);
    expect(request).toHaveBeenCalledWith('passerelle-recruitment-token-refresh', expect.any(Function));
    expect(operations()).toHaveLength(1);
    expect(store.readTokens()?.accessToken).toBe('access-2');
  });

  it('follows a pair another tab refreshed instead of spending the old refresh token', async () => {
    const { store, SessionKeeper } = await load();
    store.storeTokens(pair(1), NOW);
    const { operations } = stubFetch();
    render(<SessionKeeper />);
    await vi.advanceTimersByTimeAsync(30 * 60_000);
    store.storeTokens(pair(2), Date.now());
    window.dispatchEvent(new StorageEvent('storage', { key: 'expiresAt' }));
    await vi.advanceTimersByTimeAsync(HOUR - TOKEN_REFRESH_MARGIN_MS - 30 * 60_000);
    expect(operations()).toEqual([]);
  });
});
