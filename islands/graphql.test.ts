import { afterEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '../common/messages.ts';
import { GraphQLRequestError, gqlRequest } from './graphql.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

const respond = (body: unknown, status = 200) => {
  const fetchMock = vi.fn(
    async (_url: string, _init: RequestInit) => new Response(JSON.stringify(body), { status }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
};

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected a failure');
    },
    (error: unknown) => error as GraphQLRequestError,
  );

describe('gqlRequest', () => {
  it('posts the operation as JSON to /graphql and returns its data', async () => {
    const fetchMock = respond({ data: { departments: [] } });
    const data = await gqlRequest<{ departments: unknown[] }>(
      'query Departments { departments { code } }',
      {},
      'Departments',
    );
    expect(data).toEqual({ departments: [] });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/graphql');
    expect(init).toMatchObject({ method: 'POST', credentials: 'same-origin' });
    expect(new Headers(init?.headers).get('content-type')).toBe('application/json');
    expect(JSON.parse(String(init?.body))).toEqual({
      operationName: 'Departments',
      query: 'query Departments { departments { code } }',
      variables: {},
    });
  });

  it("throws the API's first error with its code, message and fields", async () => {
    respond({
      data: null,
      errors: [
        {
          message: 'Certains champs sont à corriger.',
          extensions: { code: 'BAD_USER_INPUT', fields: { query: 'Saisissez au moins 3 caractères' } },
        },
      ],
    });
    const error = await failure(gqlRequest('query { x }'));
    expect(error).toBeInstanceOf(GraphQLRequestError);
    expect(error).toMatchObject({
      code: 'BAD_USER_INPUT',
      message: 'Certains champs sont à corriger.',
      fields: { query: 'Saisissez au moins 3 caractères' },
      unauthenticated: false,
    });
  });

  it('recognises an ended session as the spec does', async () => {
    respond({ errors: [{ message: 'Vous avez été déconnecté.', extensions: { code: 'UNAUTHENTICATED' } }] });
    expect((await failure(gqlRequest('query { me { id } }'))).unauthenticated).toBe(true);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('Unauthorized', { status: 401 })),
    );
    expect(await failure(gqlRequest('query { me { id } }'))).toMatchObject({
      code: 'other_error',
      unauthenticated: true,
    });
  });

  it('turns a network failure or an unreadable answer into other_error with the generic message', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    expect(await failure(gqlRequest('query { x }'))).toMatchObject({
      code: 'other_error',
      message: MESSAGES.genericError,
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<h1>Bad gateway</h1>', { status: 502 })),
    );
    expect(await failure(gqlRequest('query { x }'))).toMatchObject({ code: 'other_error', status: 502 });
  });

  it('lets an abort through as it is', async () => {
    const controller = new AbortController();
    const abort = new DOMException('aborted', 'AbortError');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(abort)),
    );
    controller.abort();
    await expect(gqlRequest('query { x }', {}, undefined, { signal: controller.signal })).rejects.toBe(abort);
  });
});
