import { Hono } from 'hono';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp } from '../../tests/fixtures/app.ts';
import type { AppEnv } from '../kernel/context.ts';
import { VIDEO_WEBHOOK_PATH } from '../video/index.ts';
import { FORM_POST_MAX_BYTES, limitBody } from './body-limit.ts';

/** A body sent without Content-Length, in chunks of 64 KB, as a script can send it. */
function chunked(bytes: number, fill = 'a'): ReadableStream<Uint8Array> {
  let left = bytes;
  const chunk = new TextEncoder().encode(fill.repeat(64 * 1024));
  return new ReadableStream({
    pull(controller) {
      if (left <= 0) return controller.close();
      const part = left >= chunk.byteLength ? chunk : chunk.subarray(0, left);
      left -= part.byteLength;
      controller.enqueue(part);
    },
  });
}

const post = (body: BodyInit, headers: Record<string, string> = {}) =>
  ({ method: 'POST', body, headers, duplex: 'half' }) as RequestInit;

describe('limitBody', () => {
  const app = new Hono<AppEnv>();
  let read = 0;
  app.post(
    '/form',
    limitBody(1000, (c) => c.text('trop', 413)),
    async (c) => {
      const form = await c.req.parseBody();
      read++;
      return c.json(form);
    },
  );
  beforeEach(() => {
    read = 0;
  });

  it('refuses a declared length over the limit before reading it', async () => {
    const response = await app.request('/form', post('x=1', { 'content-length': '5000' }));
    expect(response.status).toBe(413);
    expect(read).toBe(0);
  });

  it('refuses a chunked body once it passes the limit, whatever its size', async () => {
    const response = await app.request(
      '/form',
      post(chunked(50 * 1024 * 1024), { 'content-type': 'application/x-www-form-urlencoded' }),
    );
    expect(response.status).toBe(413);
    expect(read).toBe(0);
  });

  it('hands a body under the limit on whole, chunked or not', async () => {
    const form = 'name=Zo%C3%A9&city=Lyon';
    const type = { 'content-type': 'application/x-www-form-urlencoded' };
    for (const body of [form, new Blob([form]).stream()]) {
      const response = await app.request('/form', post(body, type));
      expect(await response.json()).toEqual({ name: 'Zoé', city: 'Lyon' });
    }
    expect(read).toBe(2);
  });
});

describe('the app’s bodies (issue 34)', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(() => t.close());

  it('refuses a form post over a megabyte on any page, with or without Content-Length', async () => {
    const origin = { origin: t.deps.config.PUBLIC_URL, 'content-type': 'application/x-www-form-urlencoded' };
    const declared = await t.app.request(
      '/login-teacher',
      post('email=a', { ...origin, 'content-length': String(FORM_POST_MAX_BYTES + 1) }),
    );
    expect(declared.status).toBe(413);
    expect(await declared.text()).toBe('Le formulaire envoyé est trop volumineux.');
    const streamed = await t.app.request('/login-teacher', post(chunked(3 * FORM_POST_MAX_BYTES), origin));
    expect(streamed.status).toBe(413);
  });

  it('answers the routes with limits of their own without a 500 when the body is chunked', async () => {
    const unsubscribe = await t.app.request(
      '/unsubscribe/not-a-token',
      post(chunked(100), { 'content-type': 'application/x-www-form-urlencoded' }),
    );
    expect(unsubscribe.status).toBe(400);
    expect((await t.app.request('/unsubscribe/x', post(chunked(10_000)))).status).toBe(413);
    expect((await t.app.request(VIDEO_WEBHOOK_PATH, post(chunked(1_000_000)))).status).toBe(413);
    const upload = await t.app.request(
      '/graphql',
      post(chunked(100, '-'), {
        origin: t.deps.config.PUBLIC_URL,
        'content-type': 'multipart/form-data; boundary=xyz',
      }),
    );
    expect(upload.status).toBe(400);
    const json = await t.app.request(
      '/graphql',
      post(new Blob([JSON.stringify({ query: '{ __typename }' })]).stream(), {
        'content-type': 'application/json',
      }),
    );
    expect(await json.json()).toEqual({ data: { __typename: 'Query' } });
  });
});
