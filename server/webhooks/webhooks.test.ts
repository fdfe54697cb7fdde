/**
 * Signed webhooks (issue 37), against receivers of the tests' own on loopback: what is queued for which
 * endpoint, how it is signed and sent, retried, paused and sent again, and what it never carries.
 */
import { eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WebhookEvent } from '../../common/partners.ts';
import { PARTNER_KEY_PREFIX } from '../../common/partners.ts';
import { auditLog, meetings, partnerKeys, webhookDeliveries, webhookEndpoints } from '../../db/schema.ts';
import {
  bookAs,
  createTestApp,
  insertCompany,
  insertSlot,
  insertUser,
  loginAs,
} from '../../tests/fixtures/app.ts';
import { testNow } from '../../tests/fixtures/clock.ts';
import { startSmtpServer } from '../../tests/fixtures/smtp-server.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../../tests/fixtures/webhook-receiver.ts';
import { randomToken, sha256Hex } from '../accounts/tokens.ts';
import type { PartnerViewer } from '../kernel/partner.ts';
import { smtpTransport } from '../ports/mail/smtp.ts';
import { fetchWebhookPoster } from '../ports/webhooks/fetch.ts';
import { sendDueWebhooks } from './index.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const ALL_EVENTS: WebhookEvent[] = [
  'slot_published',
  'slot_changed',
  'slot_deleted',
  'meeting_booked',
  'meeting_changed',
  'meeting_cancelled',
  'company_validated',
];

let t: TestApp;
const receivers: WebhookReceiver[] = [];

/** A partner key with a secret of its own, stored as the partners' room stores it, and the key's holder. */
type TestKey = PartnerViewer & { secret: string };

async function insertKey(overrides: Partial<typeof partnerKeys.$inferInsert> = {}): Promise<TestKey> {
  const secret = `${PARTNER_KEY_PREFIX}${randomToken()}`;
  const [key] = await t.db
    .insert(partnerKeys)
    .values({
      name: 'Région Test',
      contactEmail: 'api@region-test.example',
      scopes: ['slots_read', 'webhooks'],
      regionCodes: [],
      secretHash: sha256Hex(secret),
      ...overrides,
    })
    .returning();
  if (!key) throw new Error('key not inserted');
  const { id, name, contactEmail, scopes, regionCodes } = key;
  return { id, name, contactEmail, scopes, regionCodes, secret };
}

/** The API as a partner calls it, its key as `Authorization: Bearer`; or as a person, or a visitor. */
async function gql<T = Record<string, unknown>>(
  partner: TestKey | null,
  query: string,
  variables: Record<string, unknown> = {},
  token?: string,
) {
  const bearer = partner?.secret ?? token;
  const response = await t.app.request('/graphql', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(bearer ? { authorization: `Bearer ${bearer}` } : {}) },
    body: JSON.stringify({ query, variables }),
  });
  return (await response.json()) as {
    data?: T;
    errors?: { message: string; extensions?: { code?: string; fields?: Record<string, string> } }[];
  };
}

const CREATE = `mutation ($url: String!, $events: [WebhookEvent!]!) {
  createWebhookEndpoint(url: $url, events: $events) { signingSecret endpoint { id url events pausedAt } } }`;
const MINE = `query ($last: Int) { myWebhookEndpoints { id url pausedAt
  deliveries(last: $last) { id event status attemptedAt responseCode durationMs } } }`;
const REDELIVER = 'mutation ($id: ID!) { redeliverWebhook(deliveryId: $id) }';

async function createEndpoint(partner: TestKey, url: string, events = ALL_EVENTS) {
  const { data, errors } = await gql<{
    createWebhookEndpoint: { signingSecret: string; endpoint: { id: string } };
  }>(partner, CREATE, { url, events });
  expect(errors).toBeUndefined();
  // The mutation woke the outbox in the background (app.ts): done before the test goes on.
  await t.deps.outbox.stop();
  const created = data?.createWebhookEndpoint;
  if (!created) throw new Error('endpoint not created');
  return { id: Number(created.endpoint.id), secret: created.signingSecret };
}

async function receiver(answer?: Parameters<typeof startWebhookReceiver>[0]) {
  const started = await startWebhookReceiver(answer);
  receivers.push(started);
  return started;
}

/** The events' after-commit subscribers run (the webhooks queued), nothing sent yet. */
async function queue() {
  while (await t.deps.events.hasDue(t.db, t.clock.now())) {
    await t.deps.events.deliver(t.db, t.clock.now(), { batch: 100 });
  }
}

/** What the sending does on its loop and in the `webhooks` job. */
function send(options: { timeoutMs?: number } = {}) {
  return sendDueWebhooks({ ...t.deps, poster: fetchWebhookPoster }, options);
}

const deliveriesOf = (endpointId: number) =>
  t.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpointId));

/** A validated company of the Rhône (Auvergne-Rhône-Alpes, the product's region 06), its recruiter, a slot, a teacher. */
async function world() {
  const company = await insertCompany(t.db, {
    name: 'Forges Publiques',
    contactName: 'Roxane Contactentreprise',
    contactEmail: 'roxane.contact@forges.example',
    contactPhone: '0478111111',
    phone: '0478222222',
  });
  const recruiter = await insertUser(t.db, {
    kind: 'recruiter',
    companyId: company.id,
    firstName: 'Rémi',
    lastName: 'Recruteurnom',
    email: 'remi.recruteur@forges.example',
    phone: '0611111111',
  });
  const teacher = await insertUser(t.db, {
    kind: 'teacher',
    firstName: 'Thérèse',
    lastName: 'Enseignantenom',
    email: 'therese.enseignante@lycee.example',
    phone: '0622222222',
  });
  const slot = await insertSlot(t.db, company.id, new Date(t.clock.now().getTime() + 10 * 24 * HOUR), {
    speakerName: 'Orateurnom',
    speakerFirstname: 'Sacha',
    speakerEmail: 'sacha.orateur@forges.example',
    speakerPhone: '0633333333',
  });
  return { company, recruiter, teacher, slot };
}

async function book(w: Awaited<ReturnType<typeof world>>) {
  return bookAs(
    t.db,
    {
      teacherId: w.teacher.id,
      slotId: w.slot.id,
      participantsCount: 12,
      publicCategory: 'highSchool',
      message: 'Message privé de la classe de Thérèse',
      accompanyingAdultName: 'Adulte Accompagnateur',
      accompanyingAdultPhone: '0644444444',
      acceptCharter: true,
    },
    t.clock.now(),
  );
}

beforeEach(async () => {
  t = await createTestApp({ now: testNow() });
});
afterEach(async () => {
  for (const started of receivers.splice(0)) await started.close();
  t.close();
});

describe('an endpoint', () => {
  it('is registered by a key with the webhooks scope, its secret shown once and kept sealed', async () => {
    const partner = await insertKey();
    const hooks = await receiver();
    const { id, secret } = await createEndpoint(partner, hooks.url, ['meeting_booked']);
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const [row] = await t.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
    expect(row?.secretSealed).not.toContain(secret.slice(6));
    const mine = await gql<{ myWebhookEndpoints: Record<string, unknown>[] }>(partner, MINE);
    expect(mine.data?.myWebhookEndpoints).toEqual([
      { id: String(id), url: hooks.url, pausedAt: null, deliveries: [] },
    ]);
    expect(JSON.stringify(mine)).not.toContain(secret);
  });

  it('is refused to a key without the webhooks scope, to a person, to a visitor', async () => {
    const reader = await insertKey({ scopes: ['slots_read'] });
    const teacher = await insertUser(t.db, { kind: 'teacher' });
    const token = await loginAs(t.db, teacher.id, t.clock.now());
    const codeOf = (answer: { errors?: { extensions?: { code?: string } }[] }) =>
      answer.errors?.[0]?.extensions?.code;
    expect(codeOf(await gql(reader, MINE))).toBe('partner_not_allowed');
    expect(
      codeOf(await gql(reader, CREATE, { url: 'https://hooks.example/in', events: ['slot_published'] })),
    ).toBe('partner_not_allowed');
    expect(codeOf(await gql(null, MINE, {}, token))).toBe('FORBIDDEN');
    expect(codeOf(await gql(null, MINE))).toBe('UNAUTHENTICATED');
    expect(await t.db.select().from(webhookEndpoints)).toEqual([]);
  });

  it('refuses http and private or loopback targets on a platform that is not served on localhost', async () => {
    const publicApp = await createTestApp({
      env: { PUBLIC_URL: 'https://passerelle.example', JWT_SECRET: 'a-secret-of-the-tests-thirty-two-chars' },
    });
    const local = t;
    t = publicApp;
    try {
      const partner = await insertKey();
      for (const [url, message] of [
        ['http://hooks.example/in', 'L’adresse doit commencer par https://'],
        ['https://127.0.0.1/in', 'réseau privé'],
        ['https://169.254.169.254/latest/meta-data', 'réseau privé'],
        ['https://[::1]/in', 'réseau privé'],
        ['https://intranet.local/in', 'réseau privé'],
      ] as const) {
        const answer = await gql(partner, CREATE, { url, events: ['meeting_booked'] });
        expect(answer.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
        expect(answer.errors?.[0]?.extensions?.fields?.url).toContain(message);
      }
      expect(
        (await gql(partner, CREATE, { url: 'https://hooks.example/in', events: ['meeting_booked'] })).errors,
      ).toBeUndefined();
    } finally {
      t = local;
      publicApp.close();
    }
  });

  it('of another key is not seen, deleted nor sent again by this one', async () => {
    const owner = await insertKey({ name: 'Propriétaire' });
    const other = await insertKey({ name: 'Autre' });
    const hooks = await receiver();
    const { id } = await createEndpoint(owner, hooks.url, ['meeting_booked']);
    await book(await world());
    await queue();
    const [delivery] = await deliveriesOf(id);
    const seen = await gql<{ myWebhookEndpoints: unknown[] }>(other, MINE);
    expect(seen.data?.myWebhookEndpoints).toEqual([]);
    const deleted = await gql(other, 'mutation ($id: ID!) { deleteWebhookEndpoint(id: $id) }', { id });
    expect(deleted.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    const redelivered = await gql(other, REDELIVER, { id: delivery?.id });
    expect(redelivered.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    const mine = await gql(owner, 'mutation ($id: ID!) { deleteWebhookEndpoint(id: $id) }', { id });
    expect(mine.data).toEqual({ deleteWebhookEndpoint: true });
    expect(await t.db.select().from(webhookDeliveries)).toEqual([]);
  });
});

describe('a delivery', () => {
  it('is signed as Standard Webhooks says, and verified by its package with the secret', async () => {
    const partner = await insertKey();
    const hooks = await receiver();
    const { secret } = await createEndpoint(partner, hooks.url, ['meeting_booked']);
    const w = await world();
    const meeting = await book(w);
    await t.deps.outbox.wake();
    expect(hooks.received).toHaveLength(1);
    const [webhook] = hooks.received;
    if (!webhook) throw new Error('nothing received');
    expect(webhook.headers['content-type']).toBe('application/json');
    expect(webhook.headers['webhook-id']).toMatch(/^msg_/);
    expect(webhook.headers['webhook-signature']).toMatch(/^v1,/);
    const body = new Webhook(secret).verify(webhook.body, webhook.headers);
    expect(body).toEqual({
      type: 'meeting.booked',
      timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      data: expect.objectContaining({
        meetingId: meeting.id,
        slotId: w.slot.id,
        companyId: w.company.id,
        companyName: 'Forges Publiques',
        departmentCode: '69',
        regionCode: '06',
        participantsCount: 12,
        status: 'confirmed',
        seatsLeft: 8,
      }),
    });
    expect(() =>
      new Webhook(`whsec_${btoa('another secret of thirty-two bytes!')}`).verify(
        webhook.body,
        webhook.headers,
      ),
    ).toThrow();
    const mine = await gql<{ myWebhookEndpoints: { deliveries: Record<string, unknown>[] }[] }>(
      partner,
      MINE,
    );
    expect(mine.data?.myWebhookEndpoints[0]?.deliveries).toEqual([
      expect.objectContaining({
        id: webhook.headers['webhook-id'],
        event: 'meeting_booked',
        status: 'delivered',
        responseCode: 200,
      }),
    ]);
  });

  it('is retried after a 500, with the same webhook-id, and delivered by the 200 that follows', async () => {
    const partner = await insertKey();
    const hooks = await receiver((_webhook, index) => (index === 0 ? 500 : 200));
    const { id } = await createEndpoint(partner, hooks.url, ['meeting_booked']);
    await book(await world());
    await queue();
    expect(await send()).toEqual({ delivered: 0, retried: 1, failed: 0 });
    const [failed] = await deliveriesOf(id);
    expect(failed).toMatchObject({
      status: 'pending',
      attempts: 1,
      responseCode: 500,
      lastError: 'Réponse 500',
    });
    expect(failed?.nextAttemptAt?.getTime()).toBe(t.clock.now().getTime() + MINUTE);
    // Not before its time.
    expect(await send()).toEqual({ delivered: 0, retried: 0, failed: 0 });
    t.clock.set(new Date(t.clock.now().getTime() + MINUTE));
    expect(await send()).toEqual({ delivered: 1, retried: 0, failed: 0 });
    expect(hooks.received.map((webhook) => webhook.headers['webhook-id'])).toEqual([failed?.id, failed?.id]);
    const [delivered] = await deliveriesOf(id);
    expect(delivered).toMatchObject({ status: 'delivered', attempts: 2, responseCode: 200, lastError: null });
  });

  it('to a receiver that hangs times out and is retried, while other endpoints are served meanwhile', async () => {
    const partner = await insertKey();
    const hanging = await receiver((_webhook, index) => (index === 0 ? 'hang' : 200));
    const answering = await receiver();
    const slow = await createEndpoint(partner, hanging.url, ['meeting_booked']);
    await createEndpoint(partner, answering.url, ['meeting_booked']);
    await book(await world());
    await queue();
    expect(await send({ timeoutMs: 500 })).toEqual({ delivered: 1, retried: 1, failed: 0 });
    expect(answering.received).toHaveLength(1);
    // The other endpoint had its delivery before the hanging one was given up.
    await vi.waitFor(() => expect(hanging.givenUp).toHaveLength(1));
    expect(answering.received[0]?.at).toBeLessThan(hanging.givenUp[0] ?? 0);
    const [timedOut] = await deliveriesOf(slow.id);
    expect(timedOut).toMatchObject({ status: 'pending', attempts: 1, responseCode: null });
    expect(timedOut?.lastError).toBe('Pas de réponse en 0.5 s');
    t.clock.set(new Date(t.clock.now().getTime() + MINUTE));
    expect(await send({ timeoutMs: 500 })).toEqual({ delivered: 1, retried: 0, failed: 0 });
    expect(hanging.received).toHaveLength(2);
  });

  it('of one endpoint arrive in the order of their events, by webhook-timestamp and by the body’s timestamp', async () => {
    const partner = await insertKey();
    const hooks = await receiver();
    const { secret } = await createEndpoint(partner, hooks.url);
    const w = await world();
    const teacherToken = await loginAs(t.db, w.teacher.id, t.clock.now());
    const meeting = await book(w);
    await queue();
    t.clock.set(new Date(t.clock.now().getTime() + 1000));
    const changed = await t.graphql(
      'mutation ($id: ID!) { changeBooking(id: $id, input: { participantsCount: 10 }) { id } }',
      { id: meeting.id },
      { token: teacherToken },
    );
    expect(changed.errors).toBeUndefined();
    await queue();
    t.clock.set(new Date(t.clock.now().getTime() + 1000));
    const cancelled = await t.graphql(
      'mutation ($id: ID!) { cancelMeeting(id: $id, reason: "Grève des transports") { id } }',
      { id: meeting.id },
      { token: teacherToken },
    );
    expect(cancelled.errors).toBeUndefined();
    await queue();
    await send();
    const bodies = hooks.received.map((webhook) =>
      new Webhook(secret).verify(webhook.body, webhook.headers),
    ) as {
      type: string;
      timestamp: string;
    }[];
    expect(bodies.map((body) => body.type)).toEqual([
      'meeting.booked',
      'meeting.changed',
      'meeting.cancelled',
    ]);
    const stamps = hooks.received.map((webhook) => Number(webhook.headers['webhook-timestamp']));
    expect(stamps).toEqual([...stamps].sort((a, b) => a - b));
    const times = bodies.map((body) => Date.parse(body.timestamp));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(new Set(times).size).toBe(3);
  });
});

describe('what is sent', () => {
  it('follows each event a partner hears of, from the platform’s own doors, with no personal data', async () => {
    const partner = await insertKey();
    const hooks = await receiver();
    await createEndpoint(partner, hooks.url);
    const w = await world();
    const recruiterToken = await loginAs(t.db, w.recruiter.id, t.clock.now());
    const admin = await insertUser(t.db, { kind: 'admin' });
    const adminToken = await loginAs(t.db, admin.id, t.clock.now());
    const pending = await insertCompany(t.db, { status: 'pending', name: 'Ateliers En Attente' });
    const slotInput = {
      date: new Date(t.clock.now().getTime() + 20 * 24 * HOUR).toISOString().slice(0, 10),
      time: '09:00',
      durationMinutes: 90,
      meetingType: 'CompanyVisit',
      publicCategories: ['highSchool'],
      subjects: ['discoverJobs'],
      maxParticipants: 24,
      speaker: {
        name: 'Orateurnom',
        firstname: 'Sacha',
        email: 'sacha.orateur@forges.example',
        phone: '0633333333',
        role: 'Responsable',
      },
      description: 'Visite des ateliers.',
    };
    const created = await t.graphql<{ createSlot: { id: string } }>(
      'mutation ($input: SlotInput!) { createSlot(input: $input) { id } }',
      { input: slotInput },
      { token: recruiterToken },
    );
    expect(created.errors).toBeUndefined();
    const slotId = created.data?.createSlot.id;
    const updated = await t.graphql(
      'mutation ($id: ID!, $input: SlotInput!) { updateSlot(id: $id, input: $input) { id } }',
      {
        id: slotId,
        input: { ...slotInput, time: '10:00', speaker: { ...slotInput.speaker, phone: '0655555555' } },
      },
      { token: recruiterToken },
    );
    expect(updated.errors).toBeUndefined();
    const meeting = await book(w);
    const teacherToken = await loginAs(t.db, w.teacher.id, t.clock.now());
    await t.graphql(
      'mutation ($id: ID!) { changeBooking(id: $id, input: { participantsCount: 10 }) { id } }',
      { id: meeting.id },
      { token: teacherToken },
    );
    // The company deletes the booked slot: its meeting is cancelled with it.
    const deleted = await t.graphql(
      'mutation ($id: ID!) { deleteSlot(id: $id) }',
      { id: w.slot.id },
      { token: recruiterToken },
    );
    expect(deleted.errors).toBeUndefined();
    const validated = await t.graphql(
      'mutation ($id: ID!) { validateCompany(id: $id) { id } }',
      { id: pending.id },
      { token: adminToken },
    );
    expect(validated.errors).toBeUndefined();
    await t.deps.outbox.wake();

    const bodies = hooks.received.map(
      (webhook) => JSON.parse(webhook.body) as { type: string; data: Record<string, unknown> },
    );
    expect(bodies.map((body) => body.type).sort()).toEqual(
      [
        'company.validated',
        'meeting.booked',
        'meeting.cancelled',
        'meeting.changed',
        'slot.changed',
        'slot.deleted',
        'slot.published',
      ].sort(),
    );
    expect(bodies.find((body) => body.type === 'company.validated')?.data).toMatchObject({
      companyId: pending.id,
      companyName: 'Ateliers En Attente',
      regionCode: '06',
    });
    expect(bodies.find((body) => body.type === 'meeting.cancelled')?.data).toMatchObject({
      meetingId: meeting.id,
      status: 'cancelled',
      cancelledBy: 'company',
      cause: 'slotDeleted',
    });
    expect(bodies.find((body) => body.type === 'slot.changed')?.data).toMatchObject({
      slotId: Number(slotId),
      moved: true,
    });

    // Every personal field the database holds of the people involved, and the booking's free texts.
    const [stored] = await t.db.select().from(meetings).where(eq(meetings.id, meeting.id));
    const personal = [
      ...[w.teacher, w.recruiter, admin].flatMap((user) => [
        user.firstName,
        user.lastName,
        user.email,
        user.phone,
      ]),
      w.company.contactName,
      w.company.contactEmail,
      w.company.contactPhone,
      w.company.phone,
      w.slot.speakerName,
      w.slot.speakerFirstname,
      w.slot.speakerEmail,
      w.slot.speakerPhone,
      '0655555555',
      stored?.message,
      stored?.accompanyingAdultName,
      stored?.accompanyingAdultPhone,
      stored?.cancelReason,
    ].filter((value): value is string => typeof value === 'string' && value.length > 0);
    expect(personal.length).toBeGreaterThan(15);
    const everything = hooks.received.map((webhook) => webhook.body).join('\n');
    for (const value of personal) expect(everything).not.toContain(value);
  });

  it('only to the keys whose regions include the company’s, and never a pending company’s new slot', async () => {
    const rhoneAlpes = await insertKey({ regionCodes: ['06'] });
    const ileDeFrance = await insertKey({ regionCodes: ['13'] });
    const revoked = await insertKey();
    const near = await receiver();
    const far = await receiver();
    const gone = await receiver();
    await createEndpoint(rhoneAlpes, near.url, ['meeting_booked', 'slot_published']);
    await createEndpoint(ileDeFrance, far.url, ['meeting_booked']);
    const revokedEndpoint = await createEndpoint(revoked, gone.url, ['meeting_booked']);
    // Revoked once its endpoint is registered: it hears of nothing more.
    await t.db.update(partnerKeys).set({ revokedAt: t.clock.now() }).where(eq(partnerKeys.id, revoked.id));
    await book(await world());
    const pending = await insertCompany(t.db, { status: 'pending' });
    const slot = await insertSlot(t.db, pending.id, new Date(t.clock.now().getTime() + 5 * 24 * HOUR));
    await t.db.transaction((tx) =>
      t.deps.events.publish(tx, 'slot.published', { slotId: slot.id }, t.clock.now()),
    );
    await t.deps.outbox.wake();
    expect(near.received.map((webhook) => JSON.parse(webhook.body).type)).toEqual(['meeting.booked']);
    expect(far.received).toEqual([]);
    expect(await deliveriesOf(revokedEndpoint.id)).toEqual([]);
  });

  it('keeps the last 100 deliveries of an endpoint', async () => {
    const partner = await insertKey();
    const hooks = await receiver();
    const { id } = await createEndpoint(partner, hooks.url, ['meeting_booked']);
    const meeting = await book(await world());
    const publish = async (count: number) => {
      for (let i = 0; i < count; i++) {
        t.clock.set(new Date(t.clock.now().getTime() + 1000));
        await t.db.transaction((tx) =>
          t.deps.events.publish(tx, 'meeting.booked', { meetingId: meeting.id }, t.clock.now()),
        );
      }
      await queue();
      await send();
    };
    // With the booking's own: 60, then 45 more, all delivered; the 5 oldest go.
    await publish(59);
    await publish(45);
    const kept = await deliveriesOf(id);
    expect(kept).toHaveLength(100);
    expect(hooks.received).toHaveLength(105);
    const newest = hooks.received.slice(5).map((webhook) => webhook.headers['webhook-id']);
    expect(kept.map((delivery) => delivery.id).sort()).toEqual(newest.sort());
    const mine = await gql<{ myWebhookEndpoints: { deliveries: { id: string }[] }[] }>(partner, MINE, {
      last: 100,
    });
    expect(mine.data?.myWebhookEndpoints[0]?.deliveries).toHaveLength(100);
    expect(mine.data?.myWebhookEndpoints[0]?.deliveries[0]?.id).toBe(newest.at(-1));
    const tooMany = await gql(partner, MINE, { last: 101 });
    expect(tooMany.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
  });
});

describe('after 24 hours of failures', () => {
  it('the delivery fails, the endpoint is paused and its contact e-mailed; « Renvoyer » resumes it', async () => {
    const smtp = await startSmtpServer();
    const local = t;
    t = await createTestApp({
      now: testNow(),
      mailTransport: smtpTransport({ url: smtp.url, from: 'Passerelle Industrie <contact@passerelle.test>' }),
    });
    local.close();
    try {
      let down = true;
      const hooks = await receiver(() => (down ? 503 : 200));
      const partner = await insertKey({ contactEmail: 'technique@region-test.example' });
      const { id } = await createEndpoint(partner, hooks.url, ['meeting_booked', 'meeting_cancelled']);
      const meeting = await book(await world());
      await queue();
      const started = t.clock.now().getTime();
      const tries: number[] = [];
      for (;;) {
        await send();
        const [delivery] = await deliveriesOf(id);
        tries.push(t.clock.now().getTime() - started);
        if (delivery?.status !== 'pending' || !delivery.nextAttemptAt) break;
        t.clock.set(delivery.nextAttemptAt);
      }
      expect(tries.map((ms) => ms / MINUTE)).toEqual([0, 1, 6, 36, 156, 516, 1236, 1440]);
      const [failed] = await deliveriesOf(id);
      expect(failed).toMatchObject({ status: 'failed', attempts: 8, responseCode: 503 });
      const [endpoint] = await t.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
      expect(endpoint?.pausedAt?.getTime()).toBe(started + 24 * HOUR);

      await t.deps.outbox.wake();
      const mail = await smtp.waitForMessage((message) =>
        message.envelope.to.includes('technique@region-test.example'),
      );
      expect(mail.subject).toContain('en pause');
      expect(mail.text).toContain(hooks.url);
      expect(mail.text).toContain('Réponse 503');
      expect(smtp.messages.filter((message) => message.subject?.includes('en pause'))).toHaveLength(1);

      // Paused: a new event is not queued for it.
      await t.db.transaction((tx) =>
        t.deps.events.publish(tx, 'meeting.booked', { meetingId: meeting.id }, t.clock.now()),
      );
      await queue();
      expect(await deliveriesOf(id)).toHaveLength(1);

      // The partner mended its endpoint and sends the delivery again: same webhook-id, and the endpoint resumes.
      down = false;
      const again = await gql(partner, REDELIVER, { id: failed?.id });
      expect(again.data).toEqual({ redeliverWebhook: true });
      await t.deps.outbox.wake();
      expect(hooks.received.at(-1)?.headers['webhook-id']).toBe(failed?.id);
      const [resumed] = await t.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
      expect(resumed?.pausedAt).toBeNull();
      const [redelivered] = await deliveriesOf(id);
      expect(redelivered).toMatchObject({ status: 'delivered', attempts: 1, responseCode: 200 });
    } finally {
      await smtp.close();
    }
  });
});

describe('redeliverWebhook', () => {
  it('is a national administrator’s for any key, audited; refused to a regional operator', async () => {
    const partner = await insertKey();
    const hooks = await receiver();
    const { id } = await createEndpoint(partner, hooks.url, ['meeting_booked']);
    await book(await world());
    await t.deps.outbox.wake();
    const [delivery] = await deliveriesOf(id);
    const admin = await insertUser(t.db, { kind: 'admin', firstName: 'Ada', lastName: 'Nationale' });
    const operator = await insertUser(t.db, { kind: 'admin', operatorRegion: '06' });
    const byOperator = await gql(
      null,
      REDELIVER,
      { id: delivery?.id },
      await loginAs(t.db, operator.id, t.clock.now()),
    );
    expect(byOperator.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const byAdmin = await gql(
      null,
      REDELIVER,
      { id: delivery?.id },
      await loginAs(t.db, admin.id, t.clock.now()),
    );
    expect(byAdmin.data).toEqual({ redeliverWebhook: true });
    await t.deps.outbox.wake();
    expect(hooks.received.map((webhook) => webhook.headers['webhook-id'])).toEqual([
      delivery?.id,
      delivery?.id,
    ]);
    const audit = await t.db.select().from(auditLog);
    expect(audit.map((entry) => [entry.action, entry.actorName])).toEqual([
      ['webhook.redelivered', 'Ada Nationale'],
    ]);
  });
});
