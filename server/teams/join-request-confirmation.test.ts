import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ERROR_MESSAGES } from '../../common/errors.ts';
import { companies, companyJoinRequests } from '../../db/schema.ts';
import { createTestApp, insertCompany, insertUser, loginAs } from '../../tests/fixtures/app.ts';
import { type ReceivedMail, startSmtpServer, type TestSmtpServer } from '../../tests/fixtures/smtp-server.ts';
import { hashPassword } from '../accounts/index.ts';
import { reviewQueue } from '../admin/index.ts';
import { AppError } from '../kernel/errors.ts';
import { runJob } from '../main/scheduled.ts';
import { smtpTransport } from '../ports/mail/smtp.ts';
import { confirmJoinRequest, joinRequestLinkOf } from './join-requests.ts';

/*
 * Issue 37, from the security probe: anyone could ask to join a company with someone else's address and a
 * password of their choosing, and once accepted that password logged in. Now the requester confirms the
 * address by an e-mailed link before the company's admins hear of the request or see it (docs/decisions/0099).
 * E-mails through a real SMTP server.
 */

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

const PASSWORD = 'Motdepasse-1';
const HOUR = 3_600_000;
const REQUESTER = 'noe.petit@forges.fr';
const ADMIN = 'admin@forges.fr';
const REQUEST = 'mutation ($input: JoinRequestInput!) { requestToJoinCompany(input: $input) }';
const ANSWER = 'mutation ($id: ID!, $accept: Boolean!) { answerJoinRequest(id: $id, accept: $accept) }';
const TEAM = '{ myCompany { joinRequests { id email firstName } } }';
const LOGIN =
  'mutation ($email: String!, $password: String!) { loginCompany(email: $email, password: $password) { token } }';
const VALIDATE = 'mutation ($id: ID!) { validateCompany(id: $id) { id status } }';

const code = (result: { errors?: { extensions?: Record<string, unknown> }[] }) =>
  result.errors?.[0]?.extensions?.code;

let smtp: TestSmtpServer;
let t: TestApp;
let companyId: number;
let adminToken: string;

beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(() => smtp.close());

beforeEach(async () => {
  smtp.messages.length = 0;
  t = await createTestApp({
    mailTransport: smtpTransport({
      url: smtp.url,
      from: 'Passerelle Industrie <ne-pas-repondre@passerelle.test>',
    }),
  });
  const company = await insertCompany(t.db, { name: 'Forges de Vénissieux', siret: '51234567900017' });
  companyId = company.id;
  const admin = await insertUser(t.db, {
    kind: 'recruiter',
    email: ADMIN,
    firstName: 'Inès',
    lastName: 'Moreau',
    companyId,
    passwordHash: await hashPassword(PASSWORD),
  });
  adminToken = await loginAs(t.db, admin.id);
});
afterEach(() => t.close());

const request = (overrides: Record<string, unknown> = {}) => ({
  siret: '51234567900017',
  firstName: 'Noé',
  lastName: 'Petit',
  email: REQUESTER,
  phone: null,
  password: PASSWORD,
  acceptTerms: true,
  ...overrides,
});

/** What the SMTP server received since the last call, the outbox delivered first. */
async function delivered(): Promise<ReceivedMail[]> {
  await t.deps.outbox.wake();
  return smtp.messages.splice(0);
}
const to = (mails: ReceivedMail[], email: string) => mails.filter((mail) => mail.envelope.to.includes(email));

/** The token of a confirmation e-mail's link, as the requester clicks it. */
function tokenOf(mail: ReceivedMail | undefined): string {
  const link = mail?.text?.match(/https?:\/\/\S+\/confirm-join-request\?token=[\w%-]+/)?.[0] ?? '';
  return new URL(link).searchParams.get('token') ?? '';
}

type Waiting = { id: string; email: string; firstName: string };

async function waitingForAdmin(): Promise<Waiting[]> {
  const team = await t.graphql<{ myCompany: { joinRequests: Waiting[] } }>(TEAM, {}, { token: adminToken });
  return team.data?.myCompany.joinRequests ?? [];
}

async function refusalOf(run: Promise<unknown>): Promise<AppError> {
  const error = await run.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  if (!(error instanceof AppError)) throw new Error(`expected an AppError, got ${String(error)}`);
  return error;
}

describe('a join request proves its address (issue 37)', () => {
  it('reaches the admins only once its requester confirmed the e-mailed link; accepted, its password logs in', async () => {
    expect((await t.graphql(REQUEST, { input: request() })).errors).toBeUndefined();
    const first = await delivered();
    // Only the requester is written to: the admins hear nothing, and see nothing on the team page.
    expect(first.map((mail) => mail.envelope.to)).toEqual([[REQUESTER]]);
    expect(first[0]?.subject).toBe('Confirmez votre demande pour rejoindre Forges de Vénissieux');
    expect(first[0]?.text).toContain('Ce lien est valable 48 heures');
    expect(await waitingForAdmin()).toEqual([]);

    const token = tokenOf(first[0]);
    expect((await joinRequestLinkOf(token, t.deps))?.link).toEqual({
      companyName: 'Forges de Vénissieux',
      email: REQUESTER,
      confirmed: false,
      awaitingValidation: false,
    });
    expect(await confirmJoinRequest({ token }, t.deps)).toMatchObject({ confirmed: true });
    const second = await delivered();
    expect(second.map((mail) => mail.envelope.to)).toEqual([[ADMIN]]);
    expect(second[0]?.subject).toBe('Noé Petit demande à rejoindre Forges de Vénissieux');
    const [waiting] = await waitingForAdmin();
    expect(waiting?.email).toBe(REQUESTER);
    // The link opened again says it is done, and tells nobody twice.
    expect(await confirmJoinRequest({ token }, t.deps)).toMatchObject({ confirmed: true });
    expect(await delivered()).toEqual([]);

    expect(
      (await t.graphql(ANSWER, { id: waiting?.id, accept: true }, { token: adminToken })).errors,
    ).toBeUndefined();
    expect(to(await delivered(), REQUESTER).map((mail) => mail.subject)).toEqual([
      'Vous avez rejoint l’équipe de Forges de Vénissieux',
    ]);
    expect((await t.graphql(LOGIN, { email: REQUESTER, password: PASSWORD })).errors).toBeUndefined();
  });

  it('an unconfirmed request cannot be answered, even by its id', async () => {
    await t.graphql(REQUEST, { input: request() });
    const [row] = await t.db.select().from(companyJoinRequests);
    expect(code(await t.graphql(ANSWER, { id: row?.id, accept: true }, { token: adminToken }))).toBe(
      'NOT_FOUND',
    );
    expect(code(await t.graphql(LOGIN, { email: REQUESTER, password: PASSWORD }))).toBe('wrong_credentials');
  });

  it('a link expires after 48 hours, refused in French, and the job then deletes the request', async () => {
    await t.graphql(REQUEST, { input: request() });
    const token = tokenOf((await delivered())[0]);
    t.clock.set(new Date(t.clock.now().getTime() + 48 * HOUR));
    const refusal = await refusalOf(confirmJoinRequest({ token }, t.deps));
    expect(refusal.code).toBe('join_request_link_invalid');
    expect(refusal.message).toBe(ERROR_MESSAGES.join_request_link_invalid);
    expect(refusal.message).toMatch(/^Ce lien de confirmation n’est plus valable/);
    expect(await joinRequestLinkOf(token, t.deps)).toBeNull();
    expect(await delivered()).toEqual([]);

    expect(await runJob('join-requests', t.deps)).toEqual({ deleted: 1 });
    expect(await t.db.select().from(companyJoinRequests)).toEqual([]);
    expect(await runJob('join-requests', t.deps)).toEqual({ deleted: 0 });
  });

  it('an unknown link is refused as well', async () => {
    expect((await refusalOf(confirmJoinRequest({ token: 'pas-un-lien' }, t.deps))).code).toBe(
      'join_request_link_invalid',
    );
  });

  it('a second request for the same address sends a new link; the first one no longer confirms', async () => {
    await t.graphql(REQUEST, { input: request() });
    const older = tokenOf((await delivered())[0]);
    await t.graphql(REQUEST, { input: request({ firstName: 'Noé-Paul' }) });
    const newer = tokenOf((await delivered())[0]);
    expect((await refusalOf(confirmJoinRequest({ token: older }, t.deps))).code).toBe(
      'join_request_link_invalid',
    );
    await confirmJoinRequest({ token: newer }, t.deps);
    expect(await waitingForAdmin()).toEqual([
      expect.objectContaining({ email: REQUESTER, firstName: 'Noé-Paul' }),
    ]);
  });

  it('a confirmed request stays until a newer one is confirmed, which then replaces it', async () => {
    await t.graphql(REQUEST, { input: request() });
    await confirmJoinRequest({ token: tokenOf((await delivered())[0]) }, t.deps);
    await delivered();
    // Someone else asks again with that address: the confirmed request is not taken away by it.
    await t.graphql(REQUEST, { input: request({ firstName: 'Intrus' }) });
    const newer = tokenOf(to(await delivered(), REQUESTER)[0]);
    expect((await waitingForAdmin()).map((r) => r.firstName)).toEqual(['Noé']);
    await confirmJoinRequest({ token: newer }, t.deps);
    expect((await waitingForAdmin()).map((r) => r.firstName)).toEqual(['Intrus']);
  });

  it('to a company awaiting validation: the validation card counts it once confirmed, its admins are told once validated', async () => {
    await t.db.update(companies).set({ status: 'pending' });
    const sent = await t.graphql<{ requestToJoinCompany: boolean }>(REQUEST, { input: request() });
    expect(sent.data?.requestToJoinCompany).toBe(false);
    const operator = await insertUser(t.db, { kind: 'admin', email: 'ops@passerelle.fr' });
    const viewer = { ...operator, kind: 'admin' as const, sessionId: 's', regionCode: null };
    expect(await reviewQueue(viewer, t.deps)).toEqual([expect.objectContaining({ joinRequests: 0 })]);

    const token = tokenOf((await delivered())[0]);
    expect(await confirmJoinRequest({ token }, t.deps)).toMatchObject({
      confirmed: true,
      awaitingValidation: true,
    });
    expect(await delivered()).toEqual([]);
    expect(await reviewQueue(viewer, t.deps)).toEqual([expect.objectContaining({ joinRequests: 1 })]);

    // Another request waits unconfirmed: not on the card, nor e-mailed at the validation.
    await t.graphql(REQUEST, { input: request({ email: 'quelquun@ailleurs.fr' }) });
    await delivered();
    expect(await reviewQueue(viewer, t.deps)).toEqual([expect.objectContaining({ joinRequests: 1 })]);

    const validated = await t.graphql(
      VALIDATE,
      { id: companyId },
      { token: await loginAs(t.db, operator.id) },
    );
    expect(validated.errors).toBeUndefined();
    const told = to(await delivered(), ADMIN).filter((mail) =>
      /demande à rejoindre/.test(mail.subject ?? ''),
    );
    expect(told.map((mail) => mail.subject)).toEqual(['Noé Petit demande à rejoindre Forges de Vénissieux']);
    expect((await waitingForAdmin()).map((r) => r.email)).toEqual([REQUESTER]);
  });
});
