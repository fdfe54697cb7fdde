import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { meetings, retentionNotices, sessions, users } from '../../db/schema.ts';
import {
  createTestApp,
  insertCompany,
  insertMeeting,
  insertSlot,
  insertUser,
  loginAs,
  TEST_NOW,
} from '../../tests/fixtures/app.ts';
import { hashPassword } from '../accounts/index.ts';
import { validateSessionToken } from '../accounts/sessions.ts';
import { publicAttestation } from '../documents/index.ts';
import { runJob } from '../main/scheduled.ts';
import { keepAccount, keepAccountState } from './retention.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

const DAY = 24 * 60 * 60 * 1000;
const PASSWORD = 'Motdepasse-1';
const LOGIN =
  'mutation ($email: String!, $password: String!) { loginTeacher(email: $email, password: $password) { token } }';
const STATISTICS =
  'query { statistics(from: "2024-02-29T23:00:00Z", to: "2024-03-31T22:00:00Z") { meetingsHeld pupilsReached } }';
/** 2026-03-10 less 23 months is 2024-04-10: this account was last used nine days before. */
const LAST_SEEN = new Date('2024-04-01T08:00:00Z');

const later = (days: number) => new Date(TEST_NOW.getTime() + days * DAY);
const keepTokenOf = (text: string | undefined) => /\/keep-account\/([\w.-]+)/.exec(text ?? '')?.[1] ?? '';

describe('the retention job (accounts unused for two years)', () => {
  let t: TestApp;
  let teacher: Awaited<ReturnType<typeof insertUser>>;

  async function run() {
    const report = await runJob('retention', t.deps, undefined, { manual: true });
    await t.deps.outbox.wake();
    return report;
  }
  const at = (instant: Date) => t.clock.set(instant);
  const accountOf = async (id: number) => (await t.db.select().from(users).where(eq(users.id, id)))[0];

  beforeEach(async () => {
    t = await createTestApp();
    teacher = await insertUser(t.db, {
      kind: 'teacher',
      email: 'ancien@exemple.fr',
      firstName: 'Ancien',
      lastName: 'Professeur',
      phone: '0611223344',
      passwordHash: await hashPassword(PASSWORD),
      lastSeenAt: LAST_SEEN,
    });
  });
  afterEach(() => t.close());

  it('warns at 23 months, once, and neither a recent account nor an administrator', async () => {
    await insertUser(t.db, { kind: 'teacher', lastSeenAt: new Date('2024-05-01T08:00:00Z') });
    await insertUser(t.db, { kind: 'admin', lastSeenAt: new Date('2020-01-01T00:00:00Z') });
    expect(await run()).toEqual({ warned: 1, anonymised: 0 });
    expect(t.mail.messages.map((m) => [m.to, m.subject])).toEqual([
      ['ancien@exemple.fr', 'Votre compte Passerelle Industrie va être anonymisé'],
    ]);
    const text = t.mail.messages[0]?.text ?? '';
    expect(text).toContain('Bonjour Ancien,');
    expect(text).toContain('Garder mon compte');
    // 24 months after the last use (1 April 2026) is sooner than 30 days after the e-mail.
    expect(text).toContain('à partir du 9 avril 2026');
    expect(keepTokenOf(text)).not.toBe('');

    at(later(1));
    expect(await run()).toEqual({ warned: 0, anonymised: 0 });
    expect(t.mail.messages).toHaveLength(1);
  });

  it('acts once a day, at 07:35 UTC, when a scheduler runs it', async () => {
    expect(await runJob('retention', t.deps)).toEqual({});
    at(new Date('2026-03-11T07:35:00Z'));
    expect(await runJob('retention', t.deps)).toEqual({ warned: 1, anonymised: 0 });
  });

  it('« Garder mon compte » starts the clock again: no anonymisation, and a warning 23 months later', async () => {
    await run();
    const token = keepTokenOf(t.mail.messages[0]?.text);
    expect(await keepAccountState(token, t.deps)).toBe('warned');
    at(later(3));
    expect(await keepAccount(token, t.deps)).toBe('active');
    expect(await keepAccountState(token, t.deps)).toBe('active');
    expect((await accountOf(teacher.id))?.lastSeenAt).toEqual(later(3));
    expect(await t.db.select().from(retentionNotices)).toEqual([]);

    at(later(40));
    expect(await run()).toEqual({ warned: 0, anonymised: 0 });
    expect((await accountOf(teacher.id))?.anonymizedAt).toBeNull();
    expect(await keepAccountState('abc.def', t.deps)).toBe('invalid');
  });

  it('a login after the warning voids it, as « Garder mon compte » does', async () => {
    await run();
    at(later(10));
    const login = await t.graphql(LOGIN, { email: 'ancien@exemple.fr', password: PASSWORD });
    expect(login.errors).toBeUndefined();
    at(later(40));
    expect(await run()).toEqual({ warned: 0, anonymised: 0 });
    expect((await accountOf(teacher.id))?.anonymizedAt).toBeNull();
  });

  it('a session still used counts: its renewal records a sign of life', async () => {
    const token = await loginAs(t.db, teacher.id, new Date(TEST_NOW.getTime() - 20 * DAY));
    expect(await validateSessionToken(t.db, token, TEST_NOW)).not.toBeNull();
    expect((await accountOf(teacher.id))?.lastSeenAt).toEqual(TEST_NOW);
    expect(await run()).toEqual({ warned: 0, anonymised: 0 });
  });

  it('anonymises at 24 months, 30 days after the warning: no login, meetings still counted, attestation kept', async () => {
    const company = await insertCompany(t.db, { name: 'Forges de Lyon' });
    const slot = await insertSlot(t.db, company.id, new Date('2024-03-15T08:00:00Z'));
    const held = await insertMeeting(t.db, slot.id, teacher.id, {
      participantsCount: 14,
      message: 'Nous viendrons avec la classe de Mme Dupont',
      accompanyingAdultName: 'Jeanne Dupont',
    });
    const [{ attestationCode: code } = { attestationCode: null }] = await t.db
      .select({ attestationCode: meetings.attestationCode })
      .from(meetings)
      .where(eq(meetings.id, held.id));
    const session = await loginAs(t.db, teacher.id, new Date('2024-03-20T08:00:00Z'));
    const adminId = (await insertUser(t.db, { kind: 'admin' })).id;
    const admin = await loginAs(t.db, adminId);
    const before = await t.graphql(STATISTICS, {}, { token: admin });
    expect(before.data).toEqual({ statistics: { meetingsHeld: 1, pupilsReached: 14 } });

    await run();
    at(later(29));
    expect(await run()).toEqual({ warned: 0, anonymised: 0 });
    at(later(31));
    expect(await run()).toEqual({ warned: 0, anonymised: 1 });

    expect(await accountOf(teacher.id)).toMatchObject({
      email: `supprime-${teacher.id}@passerelle-industrie.invalid`,
      firstName: 'Compte',
      lastName: 'supprimé',
      phone: null,
      passwordHash: null,
      anonymizedAt: later(31),
      deletionRequestedAt: null,
    });
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, teacher.id))).toEqual([]);
    expect(await validateSessionToken(t.db, session, later(31))).toBeNull();
    const login = await t.graphql(LOGIN, { email: 'ancien@exemple.fr', password: PASSWORD });
    expect(login.errors?.[0]?.extensions?.code).toBe('wrong_credentials');

    const [meeting] = await t.db.select().from(meetings).where(eq(meetings.id, held.id));
    expect(meeting).toMatchObject({
      teacherId: teacher.id,
      status: 'confirmed',
      message: null,
      accompanyingAdultName: null,
      attestationCode: code,
    });
    const attestation = await publicAttestation({ code: code ?? '', clientIp: '127.0.0.1' }, t.deps);
    expect(attestation).toMatchObject({ companyName: 'Forges de Lyon' });
    expect(JSON.stringify(attestation)).not.toMatch(/Ancien|Professeur|Dupont|Compte/);
    const adminNow = await loginAs(t.db, adminId, later(31));
    expect((await t.graphql(STATISTICS, {}, { token: adminNow })).data).toEqual(before.data);

    expect(t.mail.messages.map((m) => m.subject)).toEqual([
      'Votre compte Passerelle Industrie va être anonymisé',
      'Votre compte Passerelle Industrie est anonymisé',
    ]);
    expect(t.mail.messages[1]?.to).toBe('ancien@exemple.fr');
    at(later(60));
    expect(await run()).toEqual({ warned: 0, anonymised: 0 });
  });

  it('anonymises a recruiter too, and their company keeps an admin', async () => {
    await t.db.delete(users).where(eq(users.id, teacher.id));
    const company = await insertCompany(t.db);
    const recruiter = await insertUser(t.db, {
      kind: 'recruiter',
      companyId: company.id,
      email: 'ancienne.rh@forges.fr',
      lastSeenAt: new Date('2023-01-01T00:00:00Z'),
    });
    const colleague = await insertUser(t.db, {
      kind: 'recruiter',
      companyId: company.id,
      teamRole: 'member',
    });
    await run();
    at(later(31));
    expect(await run()).toEqual({ warned: 0, anonymised: 1 });
    expect(await accountOf(recruiter.id)).toMatchObject({
      companyId: null,
      teamRole: null,
      firstName: 'Compte',
    });
    expect((await accountOf(colleague.id))?.teamRole).toBe('admin');
  });
});
