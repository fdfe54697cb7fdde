import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { companies, departments } from '../../db/schema.ts';
import { createTestApp, insertCompany, insertUser } from '../../tests/fixtures/app.ts';
import { type OAuthSiteServer, startOAuthSiteServer } from '../../tests/fixtures/oauth-site-server.ts';
import { createRecruitmentSite } from '../ports/recruitment-site/index.ts';
import { logInCompany } from './login.ts';

const EMAIL = 'rh@forges.fr';
const PASSWORD = 'Entreprise-pass-1';
const LOGIN =
  'mutation ($email: String!, $password: String!) { loginCompany(email: $email, password: $password) { token recruitmentSite { refreshToken } } }';
const REFRESH = 'query ($r: String!) { refreshToken(refreshToken: $r) { refreshToken } }';

type Login = { loginCompany: { token: string; recruitmentSite: { refreshToken: string } } };

/** An outside recruitment site (OAuth2) outlives the platform's decisions: the platform enforces them itself. */
describe('recruitment-site tokens with an outside site (issue 9)', () => {
  let remote: OAuthSiteServer;
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let companyId: number;
  beforeAll(async () => {
    remote = await startOAuthSiteServer();
    remote.addAccount({
      email: EMAIL,
      password: PASSWORD,
      firstName: 'Rh',
      lastName: 'Forges',
      companySiret: '1',
    });
  });
  afterAll(() => remote.close());
  beforeEach(async () => {
    t = await createTestApp({
      recruitmentSite: createRecruitmentSite({
        adapter: 'http',
        baseUrl: remote.url,
        clientId: remote.clientId,
        clientSecret: remote.clientSecret,
      }),
    });
    await t.db.update(departments).set({ active: true }).where(eq(departments.code, '69'));
    companyId = (await insertCompany(t.db)).id;
    await insertUser(t.db, { kind: 'recruiter', email: EMAIL, companyId });
  });
  afterEach(() => t.close());

  const login = async () =>
    (await t.graphql<Login>(LOGIN, { email: EMAIL, password: PASSWORD })).data?.loginCompany;
  const refresh = (r: string | undefined) =>
    t.graphql<{ refreshToken: { refreshToken: string } }>(REFRESH, { r });

  it('revokes the refresh token the client holds when the recruiter logs out', async () => {
    const session = await login();
    const out = await t.graphql(
      'mutation ($r: String) { logout(refreshToken: $r) }',
      { r: session?.recruitmentSite.refreshToken },
      { token: session?.token },
    );
    expect(out.data).toEqual({ logout: true });
    expect(remote.requests.some((request) => request.path === '/oauth/revoke')).toBe(true);
    expect((await refresh(session?.recruitmentSite.refreshToken)).errors?.[0]?.extensions?.code).toBe(
      'UNAUTHENTICATED',
    );
  });

  it('counts the site’s refusals as the platform’s login failures (docs/decisions/0050)', async () => {
    const attempt = (password: string, clientIp: string) =>
      logInCompany({ email: EMAIL, password, clientIp }, t.deps).then(
        () => 'ok',
        (error: { code?: string }) => error.code ?? String(error),
      );
    const codes: string[] = [];
    for (let i = 0; i < 11; i++) codes.push(await attempt(`Faux-${i}!`, '203.0.113.66'));
    expect(codes).toEqual([...Array(10).fill('wrong_credentials'), 'rate_limited']);
    // Refused before the site is asked: the address that failed waits, the owner elsewhere gets in.
    remote.requests.length = 0;
    expect(await attempt(PASSWORD, '203.0.113.66')).toBe('rate_limited');
    expect(remote.requests).toEqual([]);
    expect(await attempt(PASSWORD, '198.51.100.7')).toBe('ok');
    // That success forgot the account's failures; a site that cannot be reached counts none.
    remote.setMode('down');
    for (let i = 0; i < 12; i++) expect(await attempt(PASSWORD, '203.0.113.66')).not.toBe('rate_limited');
    remote.setMode('up');
    expect(await attempt(PASSWORD, '203.0.113.66')).toBe('ok');
  });

  it('refuses to refresh for a company archived since, and revokes the pair the site handed out', async () => {
    const session = await login();
    await t.db.update(companies).set({ status: 'archived' }).where(eq(companies.id, companyId));
    remote.requests.length = 0;
    expect((await refresh(session?.recruitmentSite.refreshToken)).errors?.[0]?.extensions?.code).toBe(
      'UNAUTHENTICATED',
    );
    expect(remote.requests.map((request) => request.path)).toEqual([
      '/oauth/token',
      '/api/me',
      '/oauth/revoke',
    ]);
  });
});
