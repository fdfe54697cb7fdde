import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openDb } from '../../db/client.ts';
import { loginAlerts } from '../../db/schema.ts';
import { createTestApp, insertCompany, insertUser, TEST_NOW } from '../../tests/fixtures/app.ts';
import { startHranaServer } from '../../tests/fixtures/hrana-server.ts';
import { type ReceivedMail, startSmtpServer, type TestSmtpServer } from '../../tests/fixtures/smtp-server.ts';
import { RATE_LIMITS } from '../kernel/rate-limits.ts';
import { smtpTransport } from '../ports/mail/smtp.ts';
import { alertOwnerOfGuessing } from './login-alert.ts';
import { hashPassword } from './password.ts';

/*
 * Issue 37, from the security probe: once an account has 10 failures in its window, each new address still
 * gets a try (docs/decisions/0050), so guessing spread over many addresses goes on. Its owner is told, once
 * per window, with a link to choose a new password (docs/decisions/0099). E-mails through a real SMTP server.
 */

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

const PASSWORD = 'Motdepasse-1';
const NEW_PASSWORD = 'Nouveau-mot-de-passe-2';
const SUBJECT = 'Tentatives de connexion sur votre compte';
const LOGIN_TEACHER =
  'mutation ($email: String!, $password: String!) { loginTeacher(email: $email, password: $password) { token } }';
const LOGIN_ADMIN =
  'mutation ($email: String!, $password: String!) { loginAdmin(email: $email, password: $password) { token } }';
const LOGIN_COMPANY =
  'mutation ($email: String!, $password: String!) { loginCompany(email: $email, password: $password) { token } }';
const RESET =
  'mutation ($token: String!, $password: String!) { resetPassword(token: $token, password: $password) }';
const TEACHER = 'camille.martin@lycee.fr';
const WINDOW_MS = RATE_LIMITS.loginAccount.windowMs;

const code = (result: { errors?: { extensions?: Record<string, unknown> }[] }) =>
  String(result.errors?.[0]?.extensions?.code ?? 'ok');

let smtp: TestSmtpServer;
let t: TestApp;
let hash: string;
let address = 0;

beforeAll(async () => {
  [smtp, hash] = await Promise.all([startSmtpServer(), hashPassword(PASSWORD)]);
});
afterAll(() => smtp.close());

beforeEach(async () => {
  smtp.messages.length = 0;
  address = 0;
  t = await createTestApp({
    // The test app believes CF-Connecting-IP: each attempt may come from an address of its own.
    env: { TRUST_PROXY: 'cloudflare' },
    mailTransport: smtpTransport({
      url: smtp.url,
      from: 'Passerelle Industrie <ne-pas-repondre@passerelle.test>',
    }),
  });
  await insertUser(t.db, { kind: 'teacher', email: TEACHER, firstName: 'Camille', passwordHash: hash });
});
afterEach(() => t.close());

/** A fresh address each time: 198.18.x.y, the benchmarking range. */
const newAddress = () => `198.18.${Math.floor(++address / 250)}.${(address % 250) + 1}`;

function login(email: string, password: string, query = LOGIN_TEACHER, from = newAddress()) {
  return t.graphql(query, { email, password }, { headers: { 'cf-connecting-ip': from } });
}

/** `count` wrong passwords for `email`, each from an address of its own, one after the other. */
async function failures(count: number, email = TEACHER, query = LOGIN_TEACHER): Promise<string[]> {
  const codes: string[] = [];
  for (let i = 0; i < count; i++) codes.push(code(await login(email, `Mauvais-${i}`, query)));
  return codes;
}

async function alertsTo(email: string): Promise<ReceivedMail[]> {
  await t.deps.outbox.wake();
  return smtp.messages.filter((mail) => mail.envelope.to.includes(email) && mail.subject === SUBJECT);
}

const resetTokenOf = (mail: ReceivedMail | undefined) => {
  const link = mail?.text?.match(/https?:\/\/\S+\/reset-password\?token=[\w%-]+\S*/)?.[0] ?? '';
  return new URL(link).searchParams.get('token') ?? '';
};

describe('password guessing spread over many addresses (issue 37)', () => {
  it('10 failures from 10 addresses: the owner gets one e-mail, whose link sets a new password', async () => {
    expect(await failures(9)).toEqual(Array(9).fill('wrong_credentials'));
    expect(await alertsTo(TEACHER)).toEqual([]);
    expect(await failures(1)).toEqual(['wrong_credentials']);
    const [alert, ...more] = await alertsTo(TEACHER);
    expect(more).toEqual([]);
    expect(alert?.text).toContain('Quelqu’un a essayé 10 fois en moins de 15 minutes');
    expect(alert?.text).toContain('Si ce n’était pas vous');
    // Nothing of where the attempts came from.
    expect(alert?.text).not.toMatch(/198\.18\./);

    const token = resetTokenOf(alert);
    expect(code(await t.graphql(RESET, { token, password: NEW_PASSWORD }))).toBe('ok');
    expect(code(await login(TEACHER, NEW_PASSWORD))).toBe('ok');
  });

  it('15 failures: still one e-mail; the next window, one more', async () => {
    expect(await failures(15)).toEqual(Array(15).fill('wrong_credentials'));
    expect(await alertsTo(TEACHER)).toHaveLength(1);
    // The addresses that failed stay refused, and say nothing more to the owner.
    expect(code(await login(TEACHER, 'Mauvais', LOGIN_TEACHER, '198.18.0.2'))).toBe('rate_limited');
    expect(await alertsTo(TEACHER)).toHaveLength(1);

    t.clock.set(new Date(TEST_NOW.getTime() + WINDOW_MS + 1_000));
    expect(await failures(9)).toEqual(Array(9).fill('wrong_credentials'));
    expect(await alertsTo(TEACHER)).toHaveLength(1);
    await failures(6);
    expect(await alertsTo(TEACHER)).toHaveLength(2);
  });

  it('20 failures at once from 20 addresses: one e-mail', async () => {
    const codes = await Promise.all(Array.from({ length: 20 }, (_, i) => login(TEACHER, `Mauvais-${i}`)));
    expect(codes.map(code)).toEqual(Array(20).fill('wrong_credentials'));
    expect(await alertsTo(TEACHER)).toHaveLength(1);
  });

  it('one write decides, whichever isolate makes it: two clients of libSQL over HTTP, as on Turso', async () => {
    const server = await startHranaServer({ path: fileURLToPath(new URL(t.deps.config.DATABASE_URL)) });
    const isolates = [openDb(server.url), openDb(server.url)];
    const window = { count: 10, resetAt: TEST_NOW.getTime() + WINDOW_MS };
    try {
      await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          alertOwnerOfGuessing({ ...t.deps, db: isolates[i % 2] ?? t.db }, TEACHER, window),
        ),
      );
      // An isolate late with the window before: nothing more.
      const before = { count: 12, resetAt: window.resetAt - WINDOW_MS };
      await alertOwnerOfGuessing({ ...t.deps, db: isolates[0] ?? t.db }, TEACHER, before);
    } finally {
      for (const isolate of isolates) isolate.client.close();
      await server.close();
    }
    // Each call ended well: the one that moved the window sent, the others found it moved.
    expect(t.logs.filter((line) => line.level === 'error')).toEqual([]);
    expect(await alertsTo(TEACHER)).toHaveLength(1);
    expect(await t.db.select().from(loginAlerts)).toEqual([
      expect.objectContaining({ windowEndsAt: new Date(window.resetAt) }),
    ]);
  });

  it('an operator and a recruiter are told as a teacher is; an unknown address tells nobody', async () => {
    await insertUser(t.db, { kind: 'admin', email: 'ops@passerelle.fr', passwordHash: hash });
    const company = await insertCompany(t.db);
    await insertUser(t.db, {
      kind: 'recruiter',
      email: 'rh@forges.fr',
      companyId: company.id,
      passwordHash: hash,
    });
    await failures(10, 'ops@passerelle.fr', LOGIN_ADMIN);
    await failures(10, 'rh@forges.fr', LOGIN_COMPANY);
    await failures(10, 'personne@nulle-part.fr');
    expect(await alertsTo('ops@passerelle.fr')).toHaveLength(1);
    const [recruiter] = await alertsTo('rh@forges.fr');
    expect(resetTokenOf(recruiter)).not.toBe('');
    expect(smtp.messages.filter((mail) => mail.envelope.to.includes('personne@nulle-part.fr'))).toEqual([]);
  });

  it('a success forgets the failures: ten more later in the same quarter-hour are a new window, told again', async () => {
    await failures(10);
    expect(await alertsTo(TEACHER)).toHaveLength(1);
    expect(code(await login(TEACHER, PASSWORD))).toBe('ok');
    t.clock.set(new Date(TEST_NOW.getTime() + 60_000));
    await failures(10);
    expect(await alertsTo(TEACHER)).toHaveLength(2);
  });
});
