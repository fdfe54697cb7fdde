import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { AppEnv, Deps } from '../kernel/context.ts';
import { jsonLogger } from '../kernel/logger.ts';
import { pathForLogs, requestContext, withRequestId } from './request-log.ts';

describe('the request log', () => {
  it('leaves out the token of a link that acts without a login', () => {
    expect(pathForLogs('/unsubscribe/eyJwIjoi.c2ln')).toBe('/unsubscribe/…');
    expect(pathForLogs('/meeting-action/eyJwIjoi.c2ln')).toBe('/meeting-action/…');
  });

  it('keeps every other path as it is', () => {
    expect(pathForLogs('/company-details/12')).toBe('/company-details/12');
    expect(pathForLogs('/graphql')).toBe('/graphql');
  });
});

describe('the request id', () => {
  const source = { config: { TRUST_PROXY: false }, log: jsonLogger('warn') } as unknown as Deps;

  it('is given to every answer', async () => {
    const app = new Hono<AppEnv>().use(requestContext(source)).get('/', (c) => c.text('ok'));
    const response = await app.request('/', { headers: { 'x-request-id': 'proxy-req-12345' } });
    expect(response.headers.get('x-request-id')).toBe('proxy-req-12345');
  });

  it('leaves alone an answer made with it, whose headers would otherwise be copied (a cache hit)', async () => {
    let headersRead = 0;
    const app = new Hono<AppEnv>().use(requestContext(source)).get('/', (c) =>
      withRequestId(c, async (header) => {
        const response = new Response('stored page', { headers: [['x-cache', 'hit'], header] });
        const headers = response.headers;
        Object.defineProperty(response, 'headers', {
          get: () => {
            headersRead++;
            return headers;
          },
        });
        return response;
      }),
    );
    const response = await app.request('/', { headers: { 'x-request-id': 'proxy-req-12345' } });
    expect(headersRead).toBe(0);
    expect(response.headers.get('x-request-id')).toBe('proxy-req-12345');
    expect(response.headers.get('x-cache')).toBe('hit');
  });
});
