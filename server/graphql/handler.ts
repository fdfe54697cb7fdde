import { graphqlServer } from '@hono/graphql-server';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../http/context.ts';
import { schema } from './index.ts';
import { limitRules } from './limits.ts';

const serve = graphqlServer({ schema, validationRules: limitRules() });

/**
 * @hono/graphql-server only knows `application/json` to the letter: a charset parameter, which most
 * clients send, would get a 400. The request is normalised here rather than in every client.
 * It also answers 500 when `data` is null, which a catalogue error on a root field does; GraphQL
 * over HTTP says 200 with the errors, so the status is put right.
 */
export const graphqlHandler: MiddlewareHandler<AppEnv> = async (c, next) => {
  const type = c.req.header('content-type');
  if (type && type !== 'application/json' && /^application\/json\s*;/i.test(type)) {
    const headers = new Headers(c.req.raw.headers);
    headers.set('content-type', 'application/json');
    c.req.raw = new Request(c.req.url, {
      method: c.req.method,
      headers,
      body: await c.req.raw.arrayBuffer(),
    });
  }
  const response = await serve(c, next);
  if (response instanceof Response && response.status === 500) {
    return new Response(response.body, { status: 200, headers: response.headers });
  }
  return response;
};
