import { Hono } from 'hono';
import { describe, expect, it, vi } from 'vitest';
import { nodeRequestRouting } from './node-requests.ts';

/** An app whose page says whether Hono gave it an execution context, as @vikejs/hono asks on every page. */
function appAskingForItsContext() {
  const app = new Hono();
  app.get('*', (c) => c.text(typeof c.executionCtx.waitUntil));
  return app;
}

describe('nodeRequestRouting, the Node server’s first middleware', () => {
  it('gives a page its execution context, so that asking for it throws nothing', async () => {
    const route = nodeRequestRouting(appAskingForItsContext().fetch);
    const next = vi.fn(() => new Response('static'));
    const response = await route(new Request('http://localhost/home-teacher?x=1.5'), next);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('function');
    expect(next).not.toHaveBeenCalled();
  });

  it('leaves a file to the static files, a year of cache for the hashed assets alone', async () => {
    const fetch = vi.fn(() => new Response('page'));
    const route = nodeRequestRouting(fetch);
    const asset = await route(
      new Request('http://localhost/assets/chunks/a-1b2c.js'),
      () => new Response('js'),
    );
    const worker = await route(new Request('http://localhost/sw.js'), () => new Response('sw'));
    const missing = await route(
      new Request('http://localhost/assets/none.js'),
      () => new Response('', { status: 404 }),
    );
    expect(fetch).not.toHaveBeenCalled();
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(worker.headers.get('cache-control')).toBeNull();
    expect(missing.headers.get('cache-control')).toBeNull();
  });
});
