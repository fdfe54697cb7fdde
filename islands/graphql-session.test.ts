import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeCacheStorage, WORKER_CACHES } from '../tests/fixtures/fake-cache-storage.ts';

const UNAUTHENTICATED = {
  data: null,
  errors: [
    {
      message: 'Vous avez été déconnecté. Veuillez vous reconnecter.',
      extensions: { code: 'UNAUTHENTICATED' },
    },
  ],
};

function stubFetch(answer: (operationName: string) => Response) {
  const fetchMock = vi.fn(async (_url: string, init: RequestInit) => {
    const { operationName } = JSON.parse(String(init.body)) as { operationName: string };
    return answer(operationName);
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    fetchMock,
    operations: () => fetchMock.mock.calls.map(([, init]) => JSON.parse(String(init.body)).operationName),
    headers: (call: number) => new Headers(fetchMock.mock.calls[call]?.[1].headers),
  };
}
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
const logoutOr = (answer: Response) => (operationName: string) =>
  operationName === 'Logout' ? json({ data: { logout: true } }) : answer;

// A fresh module per test: the forced logout runs once per page.
async function load() {
  vi.resetModules();
  return {
    graphql: await import('./graphql.ts'),
    store: await import('./session-store.ts'),
  };
}

describe('gqlRequest and the recruiter session', () => {
  let assign: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    localStorage.clear();
    assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('sends X-Recruitment-Token when an access token is stored, and nothing otherwise', async () => {
    const { graphql, store } = await load();
    const { headers } = stubFetch(() => json({ data: { me: null } }));
    await graphql.gqlRequest('query Me { me { id } }', {}, 'Me');
    expect(headers(0).has('x-recruitment-token')).toBe(false);
    store.storeTokens({ accessToken: 'jwt-1', expiresIn: 3600, refreshToken: 'r-1' });
    await graphql.gqlRequest('query Me { me { id } }', {}, 'Me');
    expect(headers(1).get('x-recruitment-token')).toBe('jwt-1');
  });

  it('logs out on an unauthenticated answer: stored values and kept pages cleared, logout called, teacher login', async () => {
    const { graphql, store } = await load();
    const leftBefore: boolean[] = [];
    const storage = fakeCacheStorage(WORKER_CACHES, () => leftBefore.push(assign.mock.calls.length > 0));
    store.storeTokens({ accessToken: 'jwt-1', expiresIn: 3600, refreshToken: 'r-1' });
    store.storeCompanyId('12');
    const { operations } = stubFetch(logoutOr(json(UNAUTHENTICATED)));
    const error = await graphql.gqlRequest('query MySlots { mySlots { id } }', {}, 'MySlots').catch((e) => e);
    expect(error).toMatchObject({ code: 'UNAUTHENTICATED', unauthenticated: true });
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('/login-teacher?logout=forced'));
    expect(operations()).toEqual(['MySlots', 'Logout']);
    expect(localStorage.length).toBe(0);
    expect(storage.names()).toEqual(['assets', 'workbox-precache-v2-http://localhost:3000/']);
    expect(leftBefore).toEqual([false, false]);
  });

  it('logs out on an HTTP 401 and on a message saying unauthorized, once for calls failing together', async () => {
    const { graphql } = await load();
    const { operations } = stubFetch(logoutOr(new Response('Unauthorized', { status: 401 })));
    await Promise.allSettled([
      graphql.gqlRequest('query A { a }', {}, 'A'),
      graphql.gqlRequest('query B { b }', {}, 'B'),
    ]);
    await vi.waitFor(() => expect(assign).toHaveBeenCalledTimes(1));
    expect(operations().filter((name) => name === 'Logout')).toHaveLength(1);

    const again = await load();
    stubFetch(
      logoutOr(json({ errors: [{ message: 'Unauthorized access', extensions: { code: 'FORBIDDEN' } }] })),
    );
    await again.graphql.gqlRequest('query C { c }', {}, 'C').catch(() => {});
    await vi.waitFor(() => expect(assign).toHaveBeenCalledTimes(2));
  });

  it('leaves other errors to the caller, and does not log out when asked not to', async () => {
    const { graphql } = await load();
    const { operations } = stubFetch(() =>
      json({ errors: [{ message: 'Identifiants incorrects', extensions: { code: 'wrong_credentials' } }] }),
    );
    await graphql.gqlRequest('mutation L { l }', {}, 'L').catch(() => {});
    stubFetch(() => json(UNAUTHENTICATED));
    const error = await graphql
      .gqlRequest('mutation Logout { logout }', {}, 'Logout', { forceLogout: false })
      .catch((e) => e);
    expect(error).toMatchObject({ code: 'UNAUTHENTICATED' });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(operations()).toEqual(['L']);
    expect(assign).not.toHaveBeenCalled();
  });
});
