import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { decode } from 'hono/jwt';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { companies, departments } from '../../db/schema.ts';
import { createTestApp, insertCompany, insertUser, loginAs, TEST_NOW } from '../../tests/fixtures/app.ts';
import { sessionMiddleware } from '../accounts/index.ts';
import { hashPassword } from '../accounts/password.ts';
import { requireRecruitmentToken } from '../accounts/recruitment-token.ts';
import type { AppEnv } from '../kernel/context.ts';
import { AppError } from '../kernel/errors.ts';
import { logInCompany } from './login.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

const LOGIN_COMPANY = /* GraphQL */ `
  mutation LoginCompany($email: String!, $password: String!) {
    loginCompany(email: $email, password: $password) {
      token
      user { __typename id email company { name } }
      recruitmentSite { accessToken expiresIn refreshToken }
    }
  }
`;
const REFRESH = /* GraphQL */ `
  query RefreshToken($refreshToken: String!) {
    refreshToken(refreshToken: $refreshToken) { accessToken expiresIn refreshToken }
  }
`;
const MY_COMPANY = '{ myCompany { id name } }';

interface TokenPair {
  accessToken: string;
  expiresIn: number;
  refreshToken: string;
}
interface LoginCompanyData {
  loginCompany: { token: string; user: { id: string; email: string }; recruitmentSite: TokenPair };
}

const PASSWORD = 'Entreprise-pass-1';
const EMAIL = 'rh@forges.fr';

const code = (result: { errors?: { extensions?: Record<string, unknown> }[] }) =>
  result.errors?.[0]?.extensions?.code;

describe('company login API', () => {
  let t: TestApp;
  let companyId: number;
  let passwordHash: string;

  beforeEach(async () => {
    t = await createTestApp();
    await t.db.update(departments).set({ active: true }).where(eq(departments.code, '69'));
    passwordHash ??= await hashPassword(PASSWORD);
    const company = await insertCompany(t.db, { name: 'Forges de Vénissieux' });
    companyId = company.id;
    await insertUser(t.db, { kind: 'recruiter', email: EMAIL, passwordHash, companyId });
  });
  afterEach(() => t.close());

  const login = (email = EMAIL, password = PASSWORD) =>
    t.graphql<LoginCompanyData>(LOGIN_COMPANY, { email, password });

  it('opens a session (cookie and bearer token) and answers the recruitment site’s tokens', async () => {
    const response = await t.app.request('/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        query: LOGIN_COMPANY,
        variables: { email: 'RH@Forges.fr', password: PASSWORD },
      }),
    });
    const body = (await response.json()) as { data: LoginCompanyData };
    expect(response.headers.get('set-cookie') ?? '').toMatch(/^session=[a-z2-7]{32};.*HttpOnly/);
    const { token, user, recruitmentSite } = body.data.loginCompany;
    expect(user).toMatchObject({
      __typename: 'Recruiter',
      email: EMAIL,
      company: { name: 'Forges de Vénissieux' },
    });
    expect(recruitmentSite).toEqual({
      accessToken: expect.any(String),
      expiresIn: 3600,
      refreshToken: expect.any(String),
    });
    const { payload } = decode(recruitmentSite.accessToken);
    expect(payload).toMatchObject({ email: EMAIL, exp: Math.floor(TEST_NOW.getTime() / 1000) + 3600 });

    const me = await t.graphql('{ me { __typename email } }', {}, { token });
    expect(me.data).toEqual({ me: { __typename: 'Recruiter', email: EMAIL } });
  });

  it('refuses a wrong password and a teacher’s account with wrong_credentials', async () => {
    const wrong = await login(EMAIL, 'Autre-pass-2');
    expect(wrong.errors?.[0]).toMatchObject({
      message: 'Identifiants incorrects',
      extensions: { code: 'wrong_credentials' },
    });
    await insertUser(t.db, { kind: 'teacher', email: 'prof@lycee.fr', passwordHash });
    expect(code(await login('prof@lycee.fr'))).toBe('wrong_credentials');
    expect(code(await login('personne@forges.fr'))).toBe('wrong_credentials');
  });

  it('refuses a teacher even when an outside recruitment site accepts the credentials', async () => {
    await insertUser(t.db, { kind: 'teacher', email: 'prof@lycee.fr' });
    const site = {
      ...t.deps.recruitmentSite,
      login: async () => ({ accessToken: 'a', expiresIn: 3600, refreshToken: 'r' }),
    };
    const attempt = logInCompany(
      { email: 'prof@lycee.fr', password: 'peu importe', clientIp: '192.0.2.1' },
      { ...t.deps, recruitmentSite: site },
    );
    await expect(attempt).rejects.toMatchObject({ code: 'wrong_credentials' });
  });

  it('refuses a company awaiting validation, refused or archived with company_not_found, saying which', async () => {
    for (const status of ['pending', 'refused', 'archived'] as const) {
      const statusReason = status === 'refused' ? 'SIRET d’une entreprise hors industrie' : null;
      await t.db.update(companies).set({ status, statusReason }).where(eq(companies.id, companyId));
      const result = await login();
      expect(result.errors?.[0], status).toMatchObject({
        message: expect.stringMatching(/pas encore été validée ou n’est plus active/),
        extensions: { code: 'company_not_found', companyStatus: status, statusReason },
      });
      expect(result.data?.loginCompany, status).toBeUndefined();
    }
  });

  it('refuses a company whose department is not open with cst_not_authorized', async () => {
    await t.db.update(departments).set({ active: false }).where(eq(departments.code, '69'));
    const result = await login();
    expect(code(result)).toBe('cst_not_authorized');
    // The company signed up while it was open: it is closed since.
    expect(result.errors?.[0]?.extensions).toMatchObject({ departmentClosed: true });
  });

  it('sets no session cookie when it refuses', async () => {
    await t.db.update(companies).set({ status: 'archived' }).where(eq(companies.id, companyId));
    const response = await t.app.request('/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: LOGIN_COMPANY, variables: { email: EMAIL, password: PASSWORD } }),
    });
    expect(response.headers.get('set-cookie')).toBeNull();
  });

  it('refuses the 11th try within 15 minutes with rate_limited', async () => {
    for (let i = 0; i < 10; i++) expect(code(await login(EMAIL, `Faux-${i}!`))).toBe('wrong_credentials');
    const eleventh = await login();
    expect(eleventh.errors?.[0]?.extensions).toMatchObject({ code: 'rate_limited', retryAfter: 900 });
    t.clock.set(new Date(TEST_NOW.getTime() + 15 * 60_000));
    expect((await login()).data?.loginCompany.token).toEqual(expect.any(String));
  });

  it('forgets the failures once the site accepts the password, even for a company it then refuses', async () => {
    for (let i = 0; i < 9; i++) expect(code(await login(EMAIL, `Faux-${i}!`))).toBe('wrong_credentials');
    await t.db.update(companies).set({ status: 'pending' }).where(eq(companies.id, companyId));
    expect(code(await login())).toBe('company_not_found');
    await t.db.update(companies).set({ status: 'validated' }).where(eq(companies.id, companyId));
    for (let i = 0; i < 10; i++) expect(code(await login(EMAIL, `Encore-${i}!`))).toBe('wrong_credentials');
    expect(code(await login())).toBe('rate_limited');
  });

  it('rotates the refresh token: a new pair, and the old refresh token is then refused', async () => {
    const first = (await login()).data?.loginCompany.recruitmentSite;
    t.clock.set(new Date(TEST_NOW.getTime() + 56 * 60_000));
    const refreshed = await t.graphql<{ refreshToken: TokenPair }>(REFRESH, {
      refreshToken: first?.refreshToken,
    });
    const pair = refreshed.data?.refreshToken;
    expect(pair).toEqual({
      accessToken: expect.any(String),
      expiresIn: 3600,
      refreshToken: expect.any(String),
    });
    expect(pair?.refreshToken).not.toBe(first?.refreshToken);
    expect(pair?.accessToken).not.toBe(first?.accessToken);

    const reused = await t.graphql(REFRESH, { refreshToken: first?.refreshToken });
    expect(reused.errors?.[0]).toMatchObject({
      message: 'Vous avez été déconnecté. Veuillez vous reconnecter.',
      extensions: { code: 'UNAUTHENTICATED' },
    });
    expect(code(await t.graphql(REFRESH, { refreshToken: 'inventé' }))).toBe('UNAUTHENTICATED');
  });

  it('ends the recruitment site’s refresh tokens with the logout (issue 9)', async () => {
    const { token, recruitmentSite } = (await login()).data?.loginCompany ?? {};
    expect((await t.graphql('mutation { logout }', {}, { token })).data).toEqual({ logout: true });
    expect(code(await t.graphql(REFRESH, { refreshToken: recruitmentSite?.refreshToken }))).toBe(
      'UNAUTHENTICATED',
    );
  });

  it('ends them with the company: an archived company’s recruiter cannot refresh (issue 9)', async () => {
    const first = (await login()).data?.loginCompany.recruitmentSite;
    const admin = await insertUser(t.db, { kind: 'admin' });
    const archived = await t.graphql(
      'mutation ($id: ID!) { archiveCompany(id: $id) { status } }',
      { id: companyId },
      { token: await loginAs(t.db, admin.id) },
    );
    expect(archived.data).toEqual({ archiveCompany: { status: 'archived' } });
    expect(code(await t.graphql(REFRESH, { refreshToken: first?.refreshToken }))).toBe('UNAUTHENTICATED');
  });

  it('answers myCompany for a recruiter, null for a teacher and a visitor', async () => {
    const token = (await login()).data?.loginCompany.token;
    expect((await t.graphql(MY_COMPANY, {}, { token })).data).toEqual({
      myCompany: { id: String(companyId), name: 'Forges de Vénissieux' },
    });
    const teacher = await insertUser(t.db, { kind: 'teacher' });
    expect((await t.graphql(MY_COMPANY, {}, { token: await loginAs(t.db, teacher.id) })).data).toEqual({
      myCompany: null,
    });
    expect((await t.graphql(MY_COMPANY)).data).toEqual({ myCompany: null });
  });

  describe('requireRecruitmentToken', () => {
    /** The helper behind the app's session middleware, as a resolver meets the request. */
    async function check(init: { token?: string; recruitmentToken?: string }) {
      const probe = new Hono<AppEnv>();
      probe.use(async (c, next) => {
        c.set('deps', t.deps);
        await next();
      });
      probe.use(sessionMiddleware);
      probe.get('/probe', async (c) => {
        try {
          return c.json({
            accessToken: await requireRecruitmentToken(
              c.var.viewer,
              c.req.header('X-Recruitment-Token')?.trim(),
              c.var.deps,
            ),
          });
        } catch (error) {
          return c.json({ code: error instanceof AppError ? error.code : String(error) });
        }
      });
      const response = await probe.request('/probe', {
        headers: {
          ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
          ...(init.recruitmentToken ? { 'X-Recruitment-Token': init.recruitmentToken } : {}),
        },
      });
      return (await response.json()) as { accessToken?: string; code?: string };
    }

    it('accepts the caller’s own access token, and says missing_lir_token without one', async () => {
      const { token, recruitmentSite } = (await login()).data?.loginCompany ?? {};
      expect(await check({ token, recruitmentToken: recruitmentSite?.accessToken })).toEqual({
        accessToken: recruitmentSite?.accessToken,
      });
      expect(await check({ token })).toEqual({ code: 'missing_lir_token' });
    });

    it('refuses another recruiter’s token, an expired one and a made-up one with UNAUTHENTICATED', async () => {
      await insertUser(t.db, {
        kind: 'recruiter',
        email: 'rh@autre.fr',
        passwordHash,
        companyId,
      });
      const othersToken = (await login('rh@autre.fr')).data?.loginCompany.recruitmentSite.accessToken;
      const { token, recruitmentSite } = (await login()).data?.loginCompany ?? {};
      expect(othersToken).toEqual(expect.any(String));
      expect(await check({ token, recruitmentToken: othersToken })).toEqual({ code: 'UNAUTHENTICATED' });
      expect(await check({ token, recruitmentToken: 'pas-un-jwt' })).toEqual({ code: 'UNAUTHENTICATED' });
      t.clock.set(new Date(TEST_NOW.getTime() + 3600_000));
      expect(await check({ token, recruitmentToken: recruitmentSite?.accessToken })).toEqual({
        code: 'UNAUTHENTICATED',
      });
    });

    it('refuses a visitor and a teacher before looking at the token', async () => {
      expect(await check({ recruitmentToken: 'x' })).toEqual({ code: 'UNAUTHENTICATED' });
      const teacher = await insertUser(t.db, { kind: 'teacher' });
      expect(await check({ token: await loginAs(t.db, teacher.id), recruitmentToken: 'x' })).toEqual({
        code: 'FORBIDDEN',
      });
    });
  });
});
