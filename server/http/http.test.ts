import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, insertUser, loginAs } from '../../tests/fixtures/app.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

describe('HTTP basics', () => {
  let t: TestApp;
  afterEach(() => t.close());

  it('/healthz answers 200 while the database answers, 503 when it does not', async () => {
    t = await createTestApp();
    const ok = await t.app.request('/healthz');
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ status: 'ok' });
    t.db.client.close();
    const down = await t.app.request('/healthz');
    expect(down.status).toBe(503);
  });

  it('sends the secure headers, without HSTS on localhost', async () => {
    t = await createTestApp();
    const response = await t.app.request('/healthz');
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/script-src 'self'(;|$)/);
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers.get('referrer-policy')).toBe('same-origin');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('strict-transport-security')).toBeNull();
  });

  it('lets the video room alone use the camera, the microphone and the screen, and nobody the position', async () => {
    t = await createTestApp();
    const elsewhere = (await t.app.request('/healthz')).headers.get('permissions-policy');
    expect(elsewhere).toBe(
      'camera=(), microphone=(), display-capture=(), geolocation=(), payment=(), usb=()',
    );
    const room = (await t.app.request('/meeting-videoconference/12')).headers.get('permissions-policy');
    expect(room).toBe(
      'camera=(self), microphone=(self), display-capture=(self), geolocation=(), payment=(), usb=()',
    );
  });

  it('sends HSTS when the platform is served over its public https address', async () => {
    t = await createTestApp({
      env: { PUBLIC_URL: 'https://passerelle-industrie.fr', JWT_SECRET: 'x'.repeat(32) },
    });
    const response = await t.app.request('/healthz');
    expect(response.headers.get('strict-transport-security')).toContain('max-age=31536000');
  });

  it('gives every request an id, in the answer and in one structured log line', async () => {
    t = await createTestApp();
    const response = await t.app.request('/healthz');
    const requestId = response.headers.get('x-request-id');
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(t.logs).toContainEqual(
      expect.objectContaining({
        message: 'request',
        requestId,
        method: 'GET',
        path: '/healthz',
        status: 200,
      }),
    );
    const relayed = await t.app.request('/healthz', { headers: { 'x-request-id': 'proxy-req-12345' } });
    expect(relayed.headers.get('x-request-id')).toBe('proxy-req-12345');
  });

  describe('shared cache of the landing page', () => {
    async function appWithLanding() {
      t = await createTestApp();
      let renders = 0;
      t.app.get('/', (c) => {
        renders += 1;
        return c.html(`<p>${renders}</p>`);
      });
      return { renders: () => renders };
    }

    it('serves visitors the same page for 10 s, and says so to edge caches', async () => {
      const landing = await appWithLanding();
      const first = await t.app.request('/');
      expect(first.headers.get('cache-control')).toBe(
        'public, max-age=0, s-maxage=10, stale-while-revalidate=30',
      );
      const hit = await t.app.request('/');
      expect(landing.renders()).toBe(1);
      expect(hit.headers.get('x-cache')).toBe('hit');
      expect(hit.headers.get('x-request-id')).not.toBe(first.headers.get('x-request-id'));
      expect(await hit.text()).toBe('<p>1</p>');
      t.clock.set(new Date(t.clock.now().getTime() + 10_000));
      expect(await (await t.app.request('/')).text()).toBe('<p>2</p>');
    });

    it('serves the stored page gzipped to clients that accept it', async () => {
      await appWithLanding();
      const plain = await (await t.app.request('/')).text();
      const zipped = await t.app.request('/', { headers: { 'accept-encoding': 'gzip, br' } });
      expect(zipped.headers.get('content-encoding')).toBe('gzip');
      expect(zipped.headers.get('vary')).toBe('Accept-Encoding');
      const body = zipped.body?.pipeThrough(new DecompressionStream('gzip'));
      expect(await new Response(body).text()).toBe(plain);
    });

    it('renders fresh for a logged-in user, a no-cache request or a query string', async () => {
      const landing = await appWithLanding();
      const user = await insertUser(t.db, { kind: 'teacher' });
      const token = await loginAs(t.db, user.id);
      await t.app.request('/');
      await t.app.request('/', { headers: { cookie: `session=${token}` } });
      await t.app.request('/', { headers: { 'cache-control': 'no-cache' } });
      await t.app.request('/?utm_source=mail');
      expect(landing.renders()).toBe(4);
      const private_ = await t.app.request('/', { headers: { cookie: `session=${token}` } });
      expect(private_.headers.get('cache-control')).toBe('private, no-store');
    });
  });

  describe('answers to a session', () => {
    async function appWithPage() {
      t = await createTestApp();
      t.app.get('/some-page', (c) =>
        c.html('<p>page</p>', 200, { 'Cache-Control': 'private, max-age=3600' }),
      );
      t.app.get('/public-page', (c) => c.html('<p>page</p>'));
      const user = await insertUser(t.db, { kind: 'teacher' });
      return loginAs(t.db, user.id);
    }

    it('are private and no-store, by cookie or bearer token, whatever the route said', async () => {
      const token = await appWithPage();
      const ways: Record<string, string>[] = [
        { cookie: `session=${token}` },
        { authorization: `Bearer ${token}` },
      ];
      for (const headers of ways) {
        const page = await t.app.request('/some-page', { headers });
        expect(page.headers.get('cache-control')).toBe('private, no-store');
        const api = await t.app.request('/graphql', {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json' },
          body: JSON.stringify({ query: '{ me { id } }' }),
        });
        expect(api.headers.get('cache-control')).toBe('private, no-store');
      }
    });

    it('leave a visitor’s answer as the route made it, unless it sets the session cookie', async () => {
      await appWithPage();
      expect((await t.app.request('/public-page')).headers.get('cache-control')).toBeNull();
      expect((await t.app.request('/some-page')).headers.get('cache-control')).toBe('private, max-age=3600');
      const stale = await t.app.request('/public-page', { headers: { cookie: 'session=expired' } });
      expect(stale.headers.get('set-cookie')).toMatch(/^session=;/);
      expect(stale.headers.get('cache-control')).toBe('private, no-store');
    });

    it('include the logout’s, though the session ends on the way', async () => {
      const token = await appWithPage();
      const response = await t.app.request('/graphql', {
        method: 'POST',
        headers: { cookie: `session=${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ query: 'mutation { logout }' }),
      });
      expect(response.headers.get('cache-control')).toBe('private, no-store');
    });
  });
});
