import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { outbox, users } from '../../db/schema.ts';
import { createTestApp, insertCompany, insertUser, loginAs, TEST_NOW } from '../../tests/fixtures/app.ts';
import { hashPassword } from './password.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
type Errors = { errors?: { message: string; extensions?: Record<string, unknown> }[] };

const CONTACT =
  'mutation ($input: ContactInput!) { updateMyContact(input: $input) { email phone pendingEmail } }';
const CONFIRM = 'mutation ($token: String!) { confirmEmailChange(token: $token) }';
const code = (r: Errors) => r.errors?.[0]?.extensions?.code;
const fields = (r: Errors) => r.errors?.[0]?.extensions?.fields;

describe('changing the login e-mail (issue 9: a session alone must not take an account over)', () => {
  let t: TestApp;
  let token: string;
  let teacherId: number;
  beforeEach(async () => {
    t = await createTestApp();
    const teacher = await insertUser(t.db, {
      kind: 'teacher',
      email: 'lea@exemple.fr',
      firstName: 'Léa',
      passwordHash: await hashPassword('Motdepasse-1'),
    });
    teacherId = teacher.id;
    token = await loginAs(t.db, teacher.id);
  });
  afterEach(() => t.close());

  const mails = async (template: string) =>
    (await t.db.select().from(outbox).where(eq(outbox.topic, 'mail'))).filter(
      (row) => row.payload.template === template,
    );
  const emailOf = async (id: number) => (await t.db.select().from(users).where(eq(users.id, id)))[0]?.email;
  const linkToken = (mail: { payload: Record<string, unknown> } | undefined) =>
    new URL(String((mail?.payload.data as { confirmUrl?: string } | undefined)?.confirmUrl)).searchParams.get(
      'token',
    ) ?? '';

  it('needs the current password, and refuses a wrong one', async () => {
    const without = await t.graphql(CONTACT, { input: { email: 'lea.new@exemple.fr' } }, { token });
    expect(code(without)).toBe('BAD_USER_INPUT');
    expect(fields(without)).toEqual({ currentPassword: expect.stringMatching(/mot de passe actuel/) });
    const wrong = await t.graphql(
      CONTACT,
      { input: { email: 'lea.new@exemple.fr', currentPassword: 'Faux-mot-1' } },
      { token },
    );
    expect(fields(wrong)).toEqual({ currentPassword: 'Le mot de passe actuel est incorrect' });
    expect(await emailOf(teacherId)).toBe('lea@exemple.fr');
    expect(await mails('emailChangeConfirm')).toEqual([]);
  });

  it('refuses an address another account has', async () => {
    await insertUser(t.db, { kind: 'teacher', email: 'pris@exemple.fr' });
    const taken = await t.graphql(
      CONTACT,
      { input: { email: 'PRIS@exemple.fr', currentPassword: 'Motdepasse-1' } },
      { token },
    );
    expect(code(taken)).toBe('email_already_exists');
  });

  it('takes effect when the link sent to the new address is opened, and tells the old one', async () => {
    const asked = await t.graphql(
      CONTACT,
      { input: { email: 'Lea.New@Exemple.fr', phone: '0611223344', currentPassword: 'Motdepasse-1' } },
      { token },
    );
    expect(asked.data).toEqual({
      updateMyContact: { email: 'lea@exemple.fr', phone: '0611223344', pendingEmail: 'lea.new@exemple.fr' },
    });
    const [confirm] = await mails('emailChangeConfirm');
    const [notice] = await mails('emailChangeRequested');
    expect(confirm?.payload.to).toBe('lea.new@exemple.fr');
    expect(notice?.payload).toMatchObject({
      to: 'lea@exemple.fr',
      data: { newEmail: 'lea.new@exemple.fr', resetUrl: expect.stringMatching(/\/forgot-password$/) },
    });
    expect(await emailOf(teacherId)).toBe('lea@exemple.fr');

    const secret = linkToken(confirm);
    expect((await t.graphql(CONFIRM, { token: secret })).data).toEqual({ confirmEmailChange: true });
    expect(await emailOf(teacherId)).toBe('lea.new@exemple.fr');
    // The link serves once.
    expect(code(await t.graphql(CONFIRM, { token: secret }))).toBe('BAD_USER_INPUT');
    expect(code(await t.graphql(CONFIRM, { token: 'not-a-token' }))).toBe('BAD_USER_INPUT');
  });

  it('lets the link expire after a day', async () => {
    await t.graphql(
      CONTACT,
      { input: { email: 'lea.new@exemple.fr', currentPassword: 'Motdepasse-1' } },
      { token },
    );
    const [confirm] = await mails('emailChangeConfirm');
    t.clock.set(new Date(TEST_NOW.getTime() + 25 * 3_600_000));
    const late = await t.graphql(CONFIRM, {
      token: linkToken(confirm),
    });
    expect(code(late)).toBe('BAD_USER_INPUT');
    expect(await emailOf(teacherId)).toBe('lea@exemple.fr');
  });

  it('limits the password checks: 10 tries per 15 minutes', async () => {
    const change = (n: string) =>
      t.graphql(
        'mutation ($c: String!, $n: String!) { changeMyPassword(currentPassword: $c, newPassword: $n) }',
        { c: 'Faux-mot-1', n },
        { token },
      );
    for (let i = 0; i < 10; i++) expect(code(await change('Nouveau-mot-2'))).toBe('BAD_USER_INPUT');
    expect(code(await change('Nouveau-mot-2'))).toBe('rate_limited');
    const deletion = await t.graphql(
      'mutation { requestAccountDeletion(password: "Faux-mot-1") }',
      {},
      { token },
    );
    expect(code(deletion)).toBe('rate_limited');
  });

  it('asks a recruiter for the recruitment site token, as any change made on their behalf there', async () => {
    const company = await insertCompany(t.db);
    const recruiter = await insertUser(t.db, {
      kind: 'recruiter',
      companyId: company.id,
      email: 'ines@forges.fr',
      passwordHash: await hashPassword('Motdepasse-1'),
    });
    const recruiterToken = await loginAs(t.db, recruiter.id);
    const input = { email: 'ines.new@forges.fr', currentPassword: 'Motdepasse-1' };
    expect(code(await t.graphql(CONTACT, { input }, { token: recruiterToken }))).toBe('missing_lir_token');
    const { accessToken } = await t.deps.recruitmentSite.login('ines@forges.fr', 'Motdepasse-1');
    const asked = await t.graphql(
      CONTACT,
      { input },
      { token: recruiterToken, headers: { 'X-Recruitment-Token': accessToken } },
    );
    expect(asked.data).toEqual({
      updateMyContact: { email: 'ines@forges.fr', phone: null, pendingEmail: 'ines.new@forges.fr' },
    });
  });
});
