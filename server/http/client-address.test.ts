import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp } from '../../tests/fixtures/app.ts';
import { RATE_LIMITS } from '../kernel/rate-limits.ts';
import { clientAddress, isLoopback, peerAddress } from './client-address.ts';

/** A request as srvx hands it to the app on Node: the socket's address on `ip`. */
function request(ip: string | undefined, headers: Record<string, string> = {}, body?: string) {
  const built = new Request('http://localhost:3000/graphql', { method: 'POST', headers, body });
  if (ip !== undefined) Object.defineProperty(built, 'ip', { value: ip });
  return built;
}

describe('the client address', () => {
  it('is the socket’s on Node, whatever CF-Connecting-IP says', () => {
    const sent = request('198.51.100.4', {
      'cf-connecting-ip': '203.0.113.1',
      'x-forwarded-for': '203.0.113.2',
    });
    expect(clientAddress(sent, { onWorkers: false })).toBe('198.51.100.4');
    expect(clientAddress(request(undefined), { onWorkers: false })).toBe('unknown');
  });

  it('is CF-Connecting-IP behind Cloudflare (TRUST_PROXY=cloudflare), the socket’s when it is missing', () => {
    const policy = { trustProxy: 'cloudflare', onWorkers: false } as const;
    expect(clientAddress(request('198.51.100.4', { 'cf-connecting-ip': '203.0.113.1' }), policy)).toBe(
      '203.0.113.1',
    );
    expect(clientAddress(request('198.51.100.4'), policy)).toBe('198.51.100.4');
  });

  it('is the address a proxy on this machine appended (TRUST_PROXY=local), and only from loopback', () => {
    const policy = { trustProxy: 'local', onWorkers: false } as const;
    // The client wrote the first one; nginx or Caddy appended the one it saw.
    const relayed = { 'x-forwarded-for': '203.0.113.9, 198.51.100.7' };
    expect(clientAddress(request('127.0.0.1', relayed), policy)).toBe('198.51.100.7');
    expect(clientAddress(request('::1', { 'x-forwarded-for': '198.51.100.7' }), policy)).toBe('198.51.100.7');
    // Straight from the outside, the header is the client's own word: the socket counts.
    expect(clientAddress(request('198.51.100.4', relayed), policy)).toBe('198.51.100.4');
    expect(clientAddress(request('127.0.0.1'), policy)).toBe('127.0.0.1');
  });

  it('is the platform’s CF-Connecting-IP on Workers, where Cloudflare sets it', () => {
    const sent = request(undefined, { 'cf-connecting-ip': '203.0.113.1' });
    expect(clientAddress(sent, { onWorkers: true })).toBe('203.0.113.1');
    expect(peerAddress(sent, { onWorkers: true })).toBe('203.0.113.1');
  });

  it('knows loopback addresses, IPv4, IPv6 and IPv4-mapped', () => {
    for (const address of ['127.0.0.1', '127.255.0.9', '::1', '::ffff:127.0.0.1', '::FFFF:127.1.2.3']) {
      expect(isLoopback(address), address).toBe(true);
    }
    for (const address of ['10.0.0.1', '::ffff:10.0.0.1', '1270.0.0.1', '::2', 'localhost', '', undefined]) {
      expect(isLoopback(address), String(address)).toBe(false);
    }
  });
});

const LOGIN_TEACHER =
  'mutation ($email: String!, $password: String!) { loginTeacher(email: $email, password: $password) { token } }';

describe('the login limit per address', () => {
  /** Failed accounts an address may have in a window (decision 0050). */
  const ACCOUNTS = RATE_LIMITS.loginAddressAccounts.limit;
  let t: Awaited<ReturnType<typeof createTestApp>>;
  afterEach(() => t.close());

  /** One wrong login from the socket 198.51.100.4, for a new e-mail each time: only the address limit can bite. */
  let attempt = 0;
  async function tryLogin(headers: Record<string, string>): Promise<string | undefined> {
    attempt++;
    const body = JSON.stringify({
      query: LOGIN_TEACHER,
      variables: { email: `personne-${attempt}@exemple.fr`, password: 'Mauvais-mot-1' },
    });
    const response = await t.app.request(
      request('198.51.100.4', { 'content-type': 'application/json', ...headers }, body),
    );
    const answer = (await response.json()) as { errors?: { extensions?: { code?: string } }[] };
    return answer.errors?.[0]?.extensions?.code;
  }

  it('is not escaped by a changing CF-Connecting-IP when no proxy is trusted', async () => {
    t = await createTestApp();
    const codes = [];
    for (let i = 1; i <= ACCOUNTS + 1; i++)
      codes.push(await tryLogin({ 'cf-connecting-ip': `203.0.113.${i}` }));
    expect(codes.slice(0, ACCOUNTS)).toEqual(Array(ACCOUNTS).fill('wrong_credentials'));
    expect(codes[ACCOUNTS]).toBe('rate_limited');
  });

  it('counts each CF-Connecting-IP on its own with TRUST_PROXY=cloudflare', async () => {
    t = await createTestApp({ env: { TRUST_PROXY: 'cloudflare' } });
    for (let i = 1; i <= ACCOUNTS + 1; i++) {
      expect(await tryLogin({ 'cf-connecting-ip': `203.0.113.${i}` })).toBe('wrong_credentials');
    }
    const codes = [];
    for (let i = 1; i <= ACCOUNTS + 1; i++)
      codes.push(await tryLogin({ 'cf-connecting-ip': '203.0.113.200' }));
    expect(codes[ACCOUNTS - 1]).toBe('wrong_credentials');
    expect(codes[ACCOUNTS]).toBe('rate_limited');
  });
});
