import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { outbox } from '../../db/schema.ts';
import { TEST_NOW } from '../../tests/fixtures/app.ts';
import { createTestDb, type TestDb } from '../../tests/fixtures/db.ts';
import { type MailApiServer, startMailApiServer } from '../../tests/fixtures/mail-api-server.ts';
import { CLAIM_LEASE_MS, deliverPendingMail } from '../../tests/fixtures/mail-delivery.ts';
import { accountMails } from '../accounts/mails.ts';
import { fixedClock } from '../kernel/clock.ts';
import { jsonLogger } from '../kernel/logger.ts';
import type { MailTransport } from '../kernel/ports/mail.ts';
import { renderMail } from '../main/mails.ts';
import { idempotencyKeyOf, mailApiTransport, senderOf } from '../ports/mail/mail-api.ts';
import { messageIdOf } from './message-id.ts';
import { enqueueMail } from './outbox.ts';

const FROM = 'Passerelle Industrie <ne-pas-repondre@passerelle.test>';
const ICS = [
  'BEGIN:VCALENDAR',
  'VERSION:2.0',
  'SUMMARY:Visite des Forges de Lyon – été',
  'END:VCALENDAR',
  '',
].join('\r\n');

describe('mail through the HTTP mail API (Brevo)', () => {
  let api: MailApiServer;
  let t: TestDb;
  // A server per test: each test's first outbox row has the same Message-ID, hence the same idempotency key.
  beforeEach(async () => {
    api = await startMailApiServer();
    t = await createTestDb();
  });
  afterEach(async () => {
    t.close();
    await api.close();
  });

  const transport = (apiKey = api.apiKey) => mailApiTransport({ baseUrl: api.url, apiKey, from: FROM });
  const welcome = (to: string) => ({
    to,
    data: { firstName: 'Camille', loginUrl: 'https://passerelle.test/login-teacher' },
  });
  const deliveryDeps = (clock: ReturnType<typeof fixedClock>, through: MailTransport) => ({
    db: t.db,
    clock,
    log: jsonLogger('silent'),
    transport: through,
    mailDomain: 'passerelle.test',
    render: renderMail,
  });

  it('sends an outbox e-mail as the API expects: sender, recipient, both bodies, the row’s Message-ID', async () => {
    await enqueueMail(t.db, accountMails.teacherWelcome, welcome('camille.martin@example.fr'), TEST_NOW);
    expect(await deliverPendingMail(deliveryDeps(fixedClock(TEST_NOW), transport()))).toEqual({
      sent: 1,
      failed: 0,
    });
    const [row] = await t.db.select().from(outbox);
    const messageId = messageIdOf(row as typeof outbox.$inferSelect, 'passerelle.test');
    expect(api.messages).toHaveLength(1);
    expect(api.messages[0]).toMatchObject({
      sender: { name: 'Passerelle Industrie', email: 'ne-pas-repondre@passerelle.test' },
      to: [{ email: 'camille.martin@example.fr' }],
      headers: { 'Message-Id': messageId, idempotencyKey: await idempotencyKeyOf(messageId) },
    });
    expect(api.messages[0]?.text).toContain('Bonjour Camille,');
    expect(api.messages[0]?.html).toContain('<html lang="fr">');
  });

  it('carries the calendar file in base64, intact, and the extra headers of the message', async () => {
    await transport().send({
      messageId: '<visite-15-mars@passerelle.test>',
      to: 'camille.martin@example.fr',
      subject: 'Votre visite du 15 mars',
      html: '<p>Votre visite</p>',
      text: 'Votre visite',
      attachments: [{ filename: 'visite.ics', content: ICS, contentType: 'text/calendar; method=REQUEST' }],
      headers: { 'List-Unsubscribe': '<https://passerelle.test/desabonnement?t=x>' },
    });
    expect(api.messages[0]?.attachments).toEqual([{ name: 'visite.ics', content: ICS }]);
    expect(api.messages[0]?.headers).toMatchObject({
      'List-Unsubscribe': '<https://passerelle.test/desabonnement?t=x>',
      'Message-Id': '<visite-15-mars@passerelle.test>',
    });
  });

  it('keeps a refused e-mail for later, and sends it once when the API answers again', async () => {
    await enqueueMail(t.db, accountMails.teacherWelcome, welcome('camille.martin@example.fr'), TEST_NOW);
    const clock = fixedClock(TEST_NOW);
    api.failNext(1, 429);
    expect(await deliverPendingMail(deliveryDeps(clock, transport()))).toEqual({ sent: 0, failed: 1 });
    const [waiting] = await t.db.select().from(outbox);
    expect(waiting).toMatchObject({
      status: 'pending',
      lastError: expect.stringMatching(/429: too_many_requests/),
    });
    clock.set(new Date(TEST_NOW.getTime() + 60_000));
    expect(await deliverPendingMail(deliveryDeps(clock, transport()))).toEqual({ sent: 1, failed: 0 });
    expect(api.messages).toHaveLength(1);
  });

  it('after a crash between the API’s answer and the record, the next run’s send is taken once', async () => {
    await enqueueMail(t.db, accountMails.teacherWelcome, welcome('camille.martin@example.fr'), TEST_NOW);
    const clock = fixedClock(TEST_NOW);
    const out = transport();
    const crashing: MailTransport = {
      async send(message) {
        await out.send(message);
        await new Promise(() => {});
      },
    };
    void deliverPendingMail(deliveryDeps(clock, crashing));
    await expect.poll(() => api.messages.length).toBe(1);
    const requestsBefore = api.requests;

    clock.set(new Date(TEST_NOW.getTime() + CLAIM_LEASE_MS));
    expect(await deliverPendingMail(deliveryDeps(clock, transport()))).toEqual({ sent: 1, failed: 0 });
    expect(api.requests).toBe(requestsBefore + 1);
    expect(api.messages).toHaveLength(1);
  });

  it('throws, for the outbox to retry, on a wrong key or a body the API refuses', async () => {
    const message = {
      messageId: '<m@passerelle.test>',
      to: 'camille.martin@example.fr',
      subject: 'Objet',
      html: '<p>x</p>',
      text: 'x',
    };
    await expect(transport('wrong').send(message)).rejects.toThrow(/401: unauthorized Key not found/);
    await expect(transport().send({ ...message, to: 'pas-une-adresse' })).rejects.toThrow(
      /400: invalid_parameter/,
    );
    expect(api.messages).toHaveLength(0);
  });

  it('reads MAIL_FROM as the API’s sender, with or without a name', () => {
    expect(senderOf('Passerelle Industrie <contact@passerelle-industrie.fr>')).toEqual({
      name: 'Passerelle Industrie',
      email: 'contact@passerelle-industrie.fr',
    });
    expect(senderOf('"Passerelle, Industrie" <contact@passerelle-industrie.fr>')).toEqual({
      name: 'Passerelle, Industrie',
      email: 'contact@passerelle-industrie.fr',
    });
    expect(senderOf('contact@passerelle-industrie.fr')).toEqual({ email: 'contact@passerelle-industrie.fr' });
  });
});
