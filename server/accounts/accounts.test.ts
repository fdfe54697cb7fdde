import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { departments, establishments, outbox, sessions, users } from '../../db/schema.ts';
import { createTestApp, insertUser, TEST_NOW } from '../../tests/fixtures/app.ts';
import { hashPassword } from './password.ts';
import { requestPasswordReset } from './password-reset.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

const SIGN_UP = /* GraphQL */ `
  mutation SignUp($input: TeacherSignUpInput!) {
    signUpTeacher(input: $input) { token user { __typename id email ... on Teacher { establishment { name address { city } } } } }
  }
`;
const LOGIN_TEACHER =
  'mutation ($email: String!, $password: String!) { loginTeacher(email: $email, password: $password) { token user { id } } }';
const LOGIN_ADMIN =
  'mutation ($email: String!, $password: String!) { loginAdmin(email: $email, password: $password) { token user { __typename } } }';

const signUpInput = (overrides: Record<string, unknown> = {}) => ({
  departmentCode: '69',
  firstName: 'Camille',
  lastName: 'Martin',
  email: 'camille.martin@exemple.fr',
  phone: '0612345678',
  password: 'Motdepasse-1',
  profileType: 'teacher',
  schoolLevels: ['college'],
  establishment: {
    name: 'Collège Jean Moulin',
    type: 'Collège',
    address: { label: '1 rue Jean Moulin 69003 Lyon', zipcode: '69003', city: 'Lyon', lat: 45.76, lng: 4.85 },
  },
  acceptTerms: true,
  ...overrides,
});

describe('accounts API', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
    await t.db.update(departments).set({ active: true }).where(eq(departments.code, '69'));
  });
  afterEach(() => t.close());

  const code = (result: { errors?: { extensions?: Record<string, unknown> }[] }) =>
    result.errors?.[0]?.extensions?.code;

  describe('teacher sign-up', () => {
    it('creates the account and its establishment, opens a session and queues the welcome e-mail', async () => {
      const response = await t.app.request('/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: SIGN_UP, variables: { input: signUpInput() } }),
      });
      const body = await response.json();
      expect(body.data.signUpTeacher.user).toMatchObject({
        __typename: 'Teacher',
        email: 'camille.martin@exemple.fr',
        establishment: { name: 'Collège Jean Moulin', address: { city: 'Lyon' } },
      });
      const cookie = response.headers.get('set-cookie') ?? '';
      expect(cookie).toMatch(/^session=[a-z2-7]{32};/);
      expect(cookie).toMatch(/HttpOnly/);
      expect(cookie).toMatch(/SameSite=Lax/);
      expect(cookie).not.toMatch(/Secure/);
      // As long as the session, from the platform's clock, whatever the browser's (decision 0077).
      expect(cookie).toMatch(/Max-Age=2592000(;|$)/);
      expect(cookie).not.toMatch(/Expires/);

      const me = await t.graphql('{ me { email } }', {}, { token: body.data.signUpTeacher.token });
      expect(me.data).toEqual({ me: { email: 'camille.martin@exemple.fr' } });
      const [establishment] = await t.db.select().from(establishments);
      expect(establishment?.departmentCode).toBe('69');
      const mails = await t.db.select().from(outbox);
      expect(mails.map((m) => m.payload)).toEqual([
        expect.objectContaining({ template: 'teacherWelcome', to: 'camille.martin@exemple.fr' }),
      ]);
      await t.deps.outbox.wake();
      expect(t.mail.messages).toEqual([
        expect.objectContaining({
          to: 'camille.martin@exemple.fr',
          subject: expect.stringMatching(/Bienvenue/i),
        }),
      ]);
    });

    it('takes `phone: null` as no phone, as the nullable `phone: String` says (issue 22)', async () => {
      const result = await t.graphql(SIGN_UP, { input: signUpInput({ phone: null }) });
      expect(result.errors).toBeUndefined();
      const [teacher] = await t.db.select().from(users).where(eq(users.kind, 'teacher'));
      expect(teacher?.phone).toBeNull();
    });

    it('refuses a department where the platform is not open', async () => {
      expect(code(await t.graphql(SIGN_UP, { input: signUpInput({ departmentCode: '01' }) }))).toBe(
        'wrong_department',
      );
    });

    it('refuses an e-mail already used, whatever its case', async () => {
      await t.graphql(SIGN_UP, { input: signUpInput() });
      const again = await t.graphql(SIGN_UP, { input: signUpInput({ email: 'Camille.Martin@Exemple.FR' }) });
      expect(again.errors?.[0]).toMatchObject({
        message: 'L’adresse e-mail existe déjà',
        extensions: { code: 'email_already_exists' },
      });
    });

    it('answers BAD_USER_INPUT with the message of each wrong field', async () => {
      const result = await t.graphql(SIGN_UP, {
        input: signUpInput({ email: 'camille@', password: 'court', schoolLevels: [], acceptTerms: false }),
      });
      expect(result.errors?.[0]?.extensions).toMatchObject({
        code: 'BAD_USER_INPUT',
        fields: {
          email: 'L’adresse e-mail est invalide',
          password: expect.stringMatching(/au moins 8 caractères/),
          schoolLevels: 'Sélectionnez au moins un niveau : collège ou lycée',
          acceptTerms: 'Vous devez cocher les CGU pour continuer',
        },
      });
    });

    it('writes nothing when it fails halfway', async () => {
      await t.db.run(sql`DROP TABLE outbox`);
      const result = await t.graphql(SIGN_UP, { input: signUpInput() });
      expect(code(result)).toBe('other_error');
      expect(await t.db.select().from(users)).toEqual([]);
      expect(await t.db.select().from(establishments)).toEqual([]);
    });
  });

  describe('login and logout', () => {
    beforeEach(async () => {
      await t.graphql(SIGN_UP, { input: signUpInput() });
    });

    it('logs a teacher in with e-mail and password, and refuses a wrong one', async () => {
      const ok = await t.graphql(LOGIN_TEACHER, {
        email: 'CAMILLE.martin@exemple.fr',
        password: 'Motdepasse-1',
      });
      expect(ok.data?.loginTeacher).toMatchObject({ token: expect.any(String) });
      const wrong = await t.graphql(LOGIN_TEACHER, {
        email: 'camille.martin@exemple.fr',
        password: 'Autre-mot-1',
      });
      expect(wrong.errors?.[0]).toMatchObject({
        message: 'Identifiants incorrects',
        extensions: { code: 'wrong_credentials' },
      });
      const unknown = await t.graphql(LOGIN_TEACHER, {
        email: 'personne@exemple.fr',
        password: 'Motdepasse-1',
      });
      expect(code(unknown)).toBe('wrong_credentials');
    });

    it('keeps teachers and admins to their own login', async () => {
      await insertUser(t.db, {
        kind: 'admin',
        email: 'admin@exemple.fr',
        passwordHash: await hashPassword('Admin-pass-1'),
      });
      expect(
        code(await t.graphql(LOGIN_TEACHER, { email: 'admin@exemple.fr', password: 'Admin-pass-1' })),
      ).toBe('wrong_credentials');
      expect(
        code(await t.graphql(LOGIN_ADMIN, { email: 'camille.martin@exemple.fr', password: 'Motdepasse-1' })),
      ).toBe('wrong_credentials');
      const admin = await t.graphql(LOGIN_ADMIN, { email: 'admin@exemple.fr', password: 'Admin-pass-1' });
      expect(admin.data?.loginAdmin).toMatchObject({ user: { __typename: 'AdminUser' } });
    });

    it('refuses the 11th wrong password within 15 minutes with rate_limited and when to retry', async () => {
      for (let i = 0; i < 10; i++) {
        expect(
          code(
            await t.graphql(LOGIN_TEACHER, { email: 'camille.martin@exemple.fr', password: `Faux-${i}!` }),
          ),
        ).toBe('wrong_credentials');
      }
      const eleventh = await t.graphql(LOGIN_TEACHER, {
        email: 'camille.martin@exemple.fr',
        password: 'Motdepasse-1',
      });
      expect(eleventh.errors?.[0]?.extensions).toMatchObject({ code: 'rate_limited', retryAfter: 900 });
      t.clock.set(new Date(TEST_NOW.getTime() + 15 * 60_000));
      expect(
        (await t.graphql(LOGIN_TEACHER, { email: 'camille.martin@exemple.fr', password: 'Motdepasse-1' }))
          .data,
      ).toBeTruthy();
    });

    it('ends the session on logout, on the server and in the browser', async () => {
      const { data } = await t.graphql<{ loginTeacher: { token: string } }>(LOGIN_TEACHER, {
        email: 'camille.martin@exemple.fr',
        password: 'Motdepasse-1',
      });
      const token = data?.loginTeacher.token ?? '';
      const response = await t.app.request('/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: `session=${token}` },
        body: JSON.stringify({ query: 'mutation { logout }' }),
      });
      expect((await response.json()).data).toEqual({ logout: true });
      expect(response.headers.get('set-cookie')).toMatch(/^session=;.*Max-Age=0/);
      expect((await t.graphql('{ me { id } }', {}, { token })).data).toEqual({ me: null });
    });
  });

  describe('password reset', () => {
    const REQUEST = 'mutation ($email: String!) { requestPasswordReset(email: $email) }';
    const RESET =
      'mutation ($token: String!, $password: String!) { resetPassword(token: $token, password: $password) }';

    /** The link is written after the answer (issue 22): wait for it. */
    async function resetLink() {
      const mail = await vi.waitFor(async () => {
        const [row] = await t.db
          .select()
          .from(outbox)
          .where(sql`json_extract(payload, '$.template') = 'passwordReset'`);
        if (!row) throw new Error('no reset e-mail queued');
        return row;
      });
      const { data } = mail.payload as { data: { resetUrl: string } };
      const url = new URL(data.resetUrl);
      return { url, token: url.searchParams.get('token') ?? '' };
    }

    beforeEach(async () => {
      await t.graphql(SIGN_UP, { input: signUpInput() });
    });

    it('answers the same for an unknown address, and sends nothing', async () => {
      expect((await t.graphql(REQUEST, { email: 'personne@exemple.fr' })).data).toEqual({
        requestPasswordReset: true,
      });
      const { sending } = await requestPasswordReset(
        { email: 'personne@exemple.fr', clientIp: '192.0.2.9' },
        t.deps,
      );
      await sending;
      expect(await t.db.select().from(outbox)).toHaveLength(1); // the welcome e-mail only
    });

    it('answers an existing address as fast as an unknown one: the answer waits for no lookup (issue 22)', async () => {
      const known = await requestPasswordReset(
        { email: 'camille.martin@exemple.fr', clientIp: '192.0.2.9' },
        t.deps,
      );
      let written = false;
      const sending = known.sending.then(() => {
        written = true;
      });
      // The answer came before the account was looked up and its link written: only then is it sent.
      expect(written).toBe(false);
      await sending;
      expect((await resetLink()).url.pathname).toBe('/reset-password');
    });

    it('mails a one-hour single-use link, changes the password and ends every session', async () => {
      const session = await t.graphql<{ loginTeacher: { token: string } }>(LOGIN_TEACHER, {
        email: 'camille.martin@exemple.fr',
        password: 'Motdepasse-1',
      });
      expect((await t.graphql(REQUEST, { email: 'camille.martin@exemple.fr' })).data).toEqual({
        requestPasswordReset: true,
      });
      const { url, token } = await resetLink();
      expect(url.pathname).toBe('/reset-password');

      expect((await t.graphql(RESET, { token, password: 'Nouveau-mot-2' })).data).toEqual({
        resetPassword: true,
      });
      expect(
        (await t.graphql('{ me { id } }', {}, { token: session.data?.loginTeacher.token })).data,
      ).toEqual({ me: null });
      expect(await t.db.select().from(sessions)).toHaveLength(0);
      expect(
        code(
          await t.graphql(LOGIN_TEACHER, { email: 'camille.martin@exemple.fr', password: 'Motdepasse-1' }),
        ),
      ).toBe('wrong_credentials');
      expect(
        (await t.graphql(LOGIN_TEACHER, { email: 'camille.martin@exemple.fr', password: 'Nouveau-mot-2' }))
          .data,
      ).toBeTruthy();

      const reused = await t.graphql(RESET, { token, password: 'Encore-autre-3' });
      expect(reused.errors?.[0]).toMatchObject({
        message: 'Ce lien n’est plus valable : il a déjà servi ou il a expiré. Demandez un nouveau lien.',
        extensions: { code: 'invalid_password_reset_token' },
      });
    });

    it('refuses an expired link, a made-up token and a weak new password', async () => {
      await t.graphql(REQUEST, { email: 'camille.martin@exemple.fr' });
      const { token } = await resetLink();
      expect(code(await t.graphql(RESET, { token, password: 'faible' }))).toBe('BAD_USER_INPUT');
      expect(code(await t.graphql(RESET, { token: 'invente', password: 'Nouveau-mot-2' }))).toBe(
        'invalid_password_reset_token',
      );
      t.clock.set(new Date(TEST_NOW.getTime() + 61 * 60_000));
      expect(code(await t.graphql(RESET, { token, password: 'Nouveau-mot-2' }))).toBe(
        'invalid_password_reset_token',
      );
    });
  });
});
