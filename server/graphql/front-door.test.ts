import { serverAudits } from 'graphql-http';
import { Hono } from 'hono';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp } from '../../tests/fixtures/app.ts';
import { requestContext } from '../http/request-log.ts';
import type { AppEnv } from '../kernel/context.ts';
import { createGraphqlEndpoint } from './handler.ts';
import { schema } from './index.ts';
import { LIMITS } from './limits.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
interface Answer {
  status: number;
  headers: Headers;
  text: string;
  data?: Record<string, unknown> | null;
  errors?: { message: string; extensions: Record<string, unknown> }[];
}

const MB = 1024 * 1024;
const SEARCH = 'query Search($input: CompanySearchInput!) { searchCompanies(input: $input) { total } }';

async function answer(response: Response): Promise<Answer> {
  const text = await response.text();
  return { status: response.status, headers: response.headers, text, ...JSON.parse(text) };
}

/** A body of `total` bytes produced on demand, with the count of bytes the reader actually pulled. */
function lazyBody(total: number) {
  const chunk = new TextEncoder().encode(`{"query":"${'x'.repeat(64 * 1024 - 11)}`);
  let pulled = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (pulled >= total) return controller.close();
      pulled += chunk.byteLength;
      controller.enqueue(chunk);
    },
  });
  return { stream, pulled: () => pulled };
}

describe('the GraphQL front door', () => {
  let t: TestApp;
  afterEach(() => t.close());

  // As the islands ask: the GraphQL response media type, where a refused document answers 400.
  const post = (body: BodyInit, headers: Record<string, string> = {}) =>
    t.app.request('/graphql', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/graphql-response+json',
        ...headers,
      },
      body,
    });
  const send = async (payload: unknown, headers: Record<string, string> = {}) =>
    answer(await post(JSON.stringify(payload), headers));

  /** No error-level line, and no stack, in the logs: a client's mistake is not the server's failure. */
  const expectQuietLogs = () => {
    expect(t.logs.filter((line) => line.level === 'error' || line.level === 'warn')).toEqual([]);
    expect(JSON.stringify(t.logs)).not.toMatch(/\n\s+at /);
  };

  describe('in production (the default)', () => {
    beforeEach(async () => {
      t = await createTestApp();
    });

    it('says the length of every answer, so that a short one is not compressed', async () => {
      const count = await send({ query: '{ availableSlotsCount }' }, { 'accept-encoding': 'br, gzip' });
      expect(count.headers.get('content-length')).toBe(String(new Blob([count.text]).size));
      const refused = await answer(await post('{'));
      expect(refused.headers.get('content-length')).toBe(String(new Blob([refused.text]).size));
    });

    it('answers 413 with a code to a body over 1 MB, declared or not', async () => {
      const big = JSON.stringify({
        query: '{ availableSlotsCount }',
        variables: { x: 'é'.repeat(MB / 2 + 1) },
      });
      const declared = await answer(await post(big, { 'content-length': String(new Blob([big]).size) }));
      expect(declared.status).toBe(413);
      expect(declared.errors?.[0]?.extensions.code).toBe('PAYLOAD_TOO_LARGE');
      expect(declared.errors?.[0]?.message).toBe('La requête est trop volumineuse (1 Mo au maximum).');
      const undeclared = await answer(await post(big));
      expect(undeclared.status).toBe(413);
      expect(undeclared.errors?.[0]?.extensions.code).toBe('PAYLOAD_TOO_LARGE');
      expectQuietLogs();
    });

    it('stops reading a streamed 100 MB body soon after the first megabyte', async () => {
      const body = lazyBody(100 * MB);
      const response = await t.app.request(
        new Request('http://localhost/graphql', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: body.stream,
          duplex: 'half',
        } as RequestInit),
      );
      expect(response.status).toBe(413);
      expect(body.pulled()).toBeLessThan(2 * MB);
    });

    it('refuses a body announced over the limit without reading it', async () => {
      const body = lazyBody(100 * MB);
      const response = await t.app.request(
        new Request('http://localhost/graphql', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'content-length': String(100 * MB) },
          body: body.stream,
          duplex: 'half',
        } as RequestInit),
      );
      expect(response.status).toBe(413);
      expect(body.pulled()).toBeLessThanOrEqual(64 * 1024);
    });

    it('answers 400 BAD_REQUEST in French to a body that is not JSON, and logs no stack', async () => {
      const broken = await answer(await post('{"query": "{ availableSlotsCount }"'));
      expect(broken.status).toBe(400);
      expect(broken.errors).toEqual([
        { message: 'Le corps de la requête n’est pas du JSON valide.', extensions: { code: 'BAD_REQUEST' } },
      ]);
      for (const body of [
        '[]',
        '"query"',
        'null',
        '{}',
        '{"query": 3}',
        '{"query": "{ me { id } }", "variables": [1]}',
      ]) {
        const refused = await answer(await post(body));
        expect(refused.status, body).toBe(400);
        expect(refused.errors?.[0]?.extensions.code, body).toBe('BAD_REQUEST');
      }
      expectQuietLogs();
    });

    it('takes application/json only, with or without a charset', async () => {
      const text = await answer(
        await post('{ availableSlotsCount }', {
          'content-type': 'text/plain',
          origin: 'http://localhost:3000',
        }),
      );
      expect(text.status).toBe(415);
      expect(text.errors?.[0]?.extensions.code).toBe('UNSUPPORTED_MEDIA_TYPE');
      const charset = await send(
        { query: '{ availableSlotsCount }' },
        { 'content-type': 'application/json; charset=UTF-8' },
      );
      expect(charset.data).toEqual({ availableSlotsCount: 0 });
    });

    it('refuses a query text over the length limit before parsing it', async () => {
      const long = await send({ query: `{ availableSlotsCount ${' '.repeat(LIMITS.queryLength)}}` });
      expect(long.status).toBe(400);
      expect(long.errors?.[0]).toEqual({
        message: `La requête GraphQL est trop longue (${LIMITS.queryLength} caractères au maximum).`,
        extensions: { code: 'QUERY_TOO_LARGE' },
      });
    });

    it('stops parsing a query past the token limit, although it would be valid', async () => {
      // 6 tokens a field, repeated fields merge: valid, cheap, and about 2,100 tokens in ~10,000 characters.
      const fields = 'availableSlotsCount(days: 15) '.repeat(Math.ceil(LIMITS.tokens / 6) + 1);
      const { status, errors } = await send({ query: `{ ${fields}}` });
      expect(status).toBe(400);
      expect(errors?.[0]?.extensions.code).toBe('QUERY_TOO_LARGE');
      expect(errors?.[0]?.message).toBe(
        `La requête GraphQL est trop longue (${LIMITS.tokens} éléments au maximum).`,
      );
    });

    it('answers a syntax error with GRAPHQL_PARSE_FAILED and a French message', async () => {
      const { status, errors } = await send({ query: '{ availableSlotsCount ' });
      expect(status).toBe(400);
      expect(errors?.[0]).toMatchObject({
        message: 'La requête GraphQL contient une erreur de syntaxe.',
        extensions: { code: 'GRAPHQL_PARSE_FAILED' },
      });
      expectQuietLogs();
    });

    it('refuses introspection, and still answers __typename', async () => {
      for (const query of ['{ __schema { queryType { name } } }', '{ __type(name: "Query") { name } }']) {
        const { status, errors, data } = await send({ query });
        expect(status).toBe(400);
        expect(data).toBeUndefined();
        expect(errors?.[0]).toMatchObject({
          message: 'L’introspection du schéma n’est pas disponible sur ce serveur.',
          extensions: { code: 'INTROSPECTION_DISABLED' },
        });
      }
      expect((await send({ query: '{ __typename }' })).data).toEqual({ __typename: 'Query' });
    });

    it('suggests no names of the schema', async () => {
      const field = await send({ query: '{ availableSlotCount }' });
      expect(field.status).toBe(400);
      expect(field.errors?.[0]).toMatchObject({
        message: 'La requête GraphQL ne correspond pas au schéma de l’API.',
        extensions: { code: 'GRAPHQL_VALIDATION_FAILED' },
      });
      expect(field.text).not.toMatch(/did you mean|availableSlotsCount/i);
      const choice = await send({ query: SEARCH, variables: { input: { sectors: ['metalurgy'] } } });
      expect(choice.errors?.[0]?.extensions).toEqual({
        code: 'BAD_USER_INPUT',
        fields: { 'input.sectors.0': 'Cette valeur ne fait pas partie des choix possibles' },
      });
      expect(choice.text).not.toMatch(/did you mean|metallurgy/i);
    });

    it('names each variable that does not fit its type, in French, under BAD_USER_INPUT', async () => {
      const count = await send({
        query: 'query ($days: Int) { availableSlotsCount(days: $days) }',
        variables: { days: 'quinze' },
      });
      expect(count.status).toBe(400);
      expect(count.errors).toEqual([
        {
          message: 'Certains champs sont à corriger.',
          extensions: { code: 'BAD_USER_INPUT', fields: { days: 'Un nombre entier est attendu' } },
        },
      ]);
      const search = await send({
        query: SEARCH,
        variables: {
          input: {
            near: { lat: 'nord', lng: 4.8 },
            page: 2 ** 31,
            pageSize: 2.5,
            from: 'hier',
            withAvailableSlots: 'oui',
            text: ['a'],
            colour: 'bleu',
          },
        },
      });
      expect(search.errors?.[0]?.extensions).toEqual({
        code: 'BAD_USER_INPUT',
        fields: {
          'input.near.lat': 'Un nombre est attendu',
          'input.page': 'Ce nombre entier est hors des limites acceptées',
          'input.pageSize': 'Un nombre entier est attendu',
          'input.from': 'Date invalide : format ISO-8601 attendu.',
          'input.withAvailableSlots': 'Vrai ou faux est attendu',
          'input.text': 'Du texte est attendu',
          'input.colour': 'Ce champ n’existe pas',
        },
      });
      const missing = await send({ query: SEARCH });
      expect(missing.errors?.[0]?.extensions).toEqual({
        code: 'BAD_USER_INPUT',
        fields: { input: 'Ce champ est requis' },
      });
      const nested = await send({ query: SEARCH, variables: { input: { near: { lat: 45 } } } });
      expect(nested.errors?.[0]?.extensions.fields).toEqual({ 'input.near.lng': 'Ce champ est requis' });
      expectQuietLogs();
    });

    it('answers BAD_USER_INPUT when a null variable reaches an argument that needs a value', async () => {
      const { status, errors } = await send({
        query: 'query ($id: ID = "1") { company(id: $id) { id } }',
        variables: { id: null },
      });
      expect(status).toBe(200);
      expect(errors?.[0]?.extensions).toEqual({
        code: 'BAD_USER_INPUT',
        fields: { id: 'Ce champ est requis' },
      });
      expectQuietLogs();
    });

    it('refuses a query too deep, with too many aliases or too costly, each with its code', async () => {
      const deep = await send({
        query:
          '{ me { ... on Recruiter { company { slots { company { slots { company { slots { company { slots { id } } } } } } } } } } }',
      });
      expect(deep.status).toBe(400);
      expect(deep.errors?.[0]).toMatchObject({
        message: `La requête GraphQL est trop imbriquée (${LIMITS.depth} niveaux au maximum).`,
        extensions: { code: 'QUERY_TOO_DEEP' },
      });
      const aliases = Array.from({ length: LIMITS.aliases + 1 }, (_, i) => `a${i}: availableSlotsCount`);
      const aliased = await send({ query: `{ ${aliases.join(' ')} }` });
      expect(aliased.status).toBe(400);
      expect(aliased.errors?.[0]).toMatchObject({
        message: `La requête GraphQL utilise trop d’alias (${LIMITS.aliases} au maximum).`,
        extensions: { code: 'TOO_MANY_ALIASES' },
      });
      // Fragments multiply the work of a few characters: four of each per level.
      const levels = ['fragment F0 on Department { code name regionCode timeZone active }'];
      for (let level = 1; level <= 3; level++) {
        levels.push(`fragment F${level} on Department { ${`...F${level - 1} `.repeat(4)}}`);
      }
      const costly = await send({ query: `{ departments { ...F3 } } ${levels.join(' ')}` });
      expect(costly.status).toBe(400);
      expect(costly.errors?.[0]).toMatchObject({
        message: `La requête GraphQL demande trop de données à la fois (coût maximal ${LIMITS.cost}).`,
        extensions: { code: 'QUERY_TOO_COMPLEX' },
      });
      // A valid query of a thousand fields is too many fields, said so (issue 22), not a failed validation.
      const wide = await send({ query: `{ ${'__typename '.repeat(1000)}}` });
      expect(wide.status).toBe(400);
      expect(wide.errors).toEqual([
        {
          message: `La requête GraphQL demande trop de champs (${LIMITS.fields} au maximum).`,
          extensions: { code: 'TOO_MANY_FIELDS' },
        },
      ]);
      expect((await send({ query: `{ ${'__typename '.repeat(LIMITS.fields)}}` })).data).toEqual({
        __typename: 'Query',
      });
      expect(JSON.stringify([deep, aliased, costly].map((a) => a.errors))).not.toMatch(/Syntax Error/);
    });

    it('answers in the media type asked for: a refused document is 400 in graphql-response+json, 200 in application/json (issue 22)', async () => {
      const modern = await send({ query: '{ nope }' });
      expect(modern.status).toBe(400);
      expect(modern.headers.get('content-type')).toBe('application/graphql-response+json; charset=utf-8');
      for (const accept of ['application/json', '*/*', '']) {
        const legacy = await send({ query: '{ nope }' }, { accept });
        expect(legacy.status, accept).toBe(200);
        expect(legacy.headers.get('content-type'), accept).toBe('application/json; charset=utf-8');
        expect(legacy.errors?.[0]?.extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');
        expect(legacy).not.toHaveProperty('data');
      }
      const variables = await send(
        { query: SEARCH, variables: { input: { page: 'un' } } },
        { accept: 'application/json' },
      );
      expect(variables.status).toBe(200);
      expect(variables.errors?.[0]?.extensions.code).toBe('BAD_USER_INPUT');
      // A body that is no operation stays a 400 whatever the media type.
      expect(
        (await send({ query: '{ __typename }', extensions: 'non' }, { accept: 'application/json' })).status,
      ).toBe(400);
    });

    it('answers OPERATION_RESOLUTION_FAILURE to an unknown operation name, or none among several', async () => {
      const query = 'query A { availableSlotsCount } query B { departments { code } }';
      const unknown = await send({ query, operationName: 'C' });
      expect(unknown.status).toBe(400);
      expect(unknown.errors?.[0]).toEqual({
        message: 'La requête ne contient pas d’opération nommée « C ».',
        extensions: { code: 'OPERATION_RESOLUTION_FAILURE' },
      });
      const unnamed = await send({ query });
      expect(unnamed.errors?.[0]?.extensions.code).toBe('OPERATION_RESOLUTION_FAILURE');
      expect((await send({ query, operationName: 'A' })).data).toEqual({ availableSlotsCount: 0 });
      const subscription = await send({ query: 'subscription { availableSlotsCount }' });
      expect(subscription.status).toBe(400);
      expect(subscription.errors?.[0]).toEqual({
        message: 'Les opérations de type « subscription » ne sont pas prises en charge.',
        extensions: { code: 'GRAPHQL_VALIDATION_FAILED' },
      });
    });

    it('answers queries over GET, and refuses mutations there with 405', async () => {
      const get = (params: Record<string, string>) =>
        Promise.resolve(t.app.request(`/graphql?${new URLSearchParams(params)}`)).then(answer);
      const query = await get({
        query: 'query ($days: Int) { availableSlotsCount(days: $days) }',
        variables: '{"days": 30}',
      });
      expect(query.data).toEqual({ availableSlotsCount: 0 });
      const mutation = await get({ query: 'mutation { logout }' });
      expect(mutation.status).toBe(405);
      expect(mutation.headers.get('allow')).toBe('POST');
      expect(mutation.errors?.[0]?.extensions.code).toBe('METHOD_NOT_ALLOWED');
      const put = await answer(
        await t.app.request('/graphql', {
          method: 'PUT',
          headers: { 'content-type': 'application/json' },
          body: '{}',
        }),
      );
      expect(put.status).toBe(405);
      expect(put.headers.get('allow')).toBe('GET, POST');
      expect(put.errors?.[0]?.extensions.code).toBe('METHOD_NOT_ALLOWED');
      const badVariables = await get({ query: '{ availableSlotsCount }', variables: '{days' });
      expect(badVariables.status).toBe(400);
      expect(badVariables.errors?.[0]?.extensions.code).toBe('BAD_REQUEST');
    });
  });

  describe('outside production', () => {
    beforeEach(async () => {
      t = await createTestApp({ env: { NODE_ENV: 'development' } });
    });

    it('answers introspection', async () => {
      const { status, data } = await send({ query: '{ __schema { queryType { name } } }' });
      expect(status).toBe(200);
      expect(data).toEqual({ __schema: { queryType: { name: 'Query' } } });
    });

    it('passes every MUST and SHOULD of the GraphQL over HTTP audits (graphql-http, issue 22)', async () => {
      const audits = serverAudits({
        url: 'http://localhost/graphql',
        fetchFn: (input: RequestInfo | URL, init?: RequestInit) => t.app.request(String(input), init),
      });
      const results = await Promise.all(audits.map((audit) => audit.fn()));
      const required = results.filter((result) => /^(MUST|SHOULD) /.test(result.name));
      expect(required.length).toBeGreaterThanOrEqual(36);
      expect(required.filter((result) => result.status !== 'ok').map((result) => result.name)).toEqual([]);
    });

    it('keeps graphql-js’s suggestions in the detail, for developers', async () => {
      const { errors } = await send({ query: '{ availableSlotCount }' });
      expect(errors?.[0]).toMatchObject({
        message: 'La requête GraphQL ne correspond pas au schéma de l’API.',
        extensions: { code: 'GRAPHQL_VALIDATION_FAILED', detail: expect.stringMatching(/Did you mean/) },
      });
    });
  });
});

describe('the document cache', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(() => t.close());

  /** The endpoint alone, behind the request context, with a cache of two documents. */
  function endpointApp() {
    const endpoint = createGraphqlEndpoint({
      schema,
      production: true,
      limits: { ...LIMITS, cachedDocuments: 2 },
    });
    const app = new Hono<AppEnv>();
    app.use(requestContext(t.deps));
    app.post('/graphql', endpoint.handle);
    const ask = (query: string) =>
      Promise.resolve(
        app.request('/graphql', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ query }),
        }),
      ).then(answer);
    return { ask, stats: endpoint.documents.stats };
  }

  it('parses and validates a query text once, however often it is sent', async () => {
    const { ask, stats } = endpointApp();
    for (let i = 0; i < 3; i++)
      expect((await ask('{ availableSlotsCount }')).data).toEqual({ availableSlotsCount: 0 });
    expect(stats()).toEqual({ size: 1, parses: 1 });
    // A refused document is remembered with its errors.
    for (let i = 0; i < 2; i++)
      expect((await ask('{ nope }')).errors?.[0]?.extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');
    expect(stats()).toEqual({ size: 2, parses: 2 });
  });

  it('keeps the documents used most recently, up to its size', async () => {
    const { ask, stats } = endpointApp();
    await ask('{ availableSlotsCount }');
    await ask('{ departments { code } }');
    await ask('{ availableSlotsCount }');
    await ask('{ __typename }'); // evicts the departments query, the least recently used
    expect(stats()).toEqual({ size: 2, parses: 3 });
    await ask('{ availableSlotsCount }');
    expect(stats().parses).toBe(3);
    await ask('{ departments { code } }');
    expect(stats().parses).toBe(4);
  });

  it('does not parse a query text over the length limit', async () => {
    const { ask, stats } = endpointApp();
    const { errors } = await ask(`{ availableSlotsCount ${' '.repeat(LIMITS.queryLength)}}`);
    expect(errors?.[0]?.extensions.code).toBe('QUERY_TOO_LARGE');
    expect(stats()).toEqual({ size: 0, parses: 0 });
  });
});
