import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { outbox } from '../../db/schema.ts';
import { TEST_NOW } from '../../tests/fixtures/app.ts';
import { createTestDb, type TestDb } from '../../tests/fixtures/db.ts';
import { CLAIM_LEASE_MS, deliverPendingMail } from '../../tests/fixtures/mail-delivery.ts';
import { type ReceivedMail, startSmtpServer, type TestSmtpServer } from '../../tests/fixtures/smtp-server.ts';
import { accountMails } from '../accounts/mails.ts';
import { fixedClock } from '../kernel/clock.ts';
import { jsonLogger } from '../kernel/logger.ts';
import type { MailTransport } from '../kernel/ports/mail.ts';
import { renderMail } from '../main/mails.ts';
import { smtpTransport } from '../ports/mail/smtp.ts';
import { messageIdOf } from './message-id.ts';
import { enqueueMail } from './outbox.ts';

const FROM = 'Passerelle Industrie <ne-pas-repondre@passerelle.test>';
const ICS = [
  'BEGIN:VCALENDAR',
  'VERSION:2.0',
  'PRODID:-//Passerelle Industrie//FR',
  'METHOD:REQUEST',
  'BEGIN:VEVENT',
  'UID:meeting-42@passerelle.test',
  'DTSTAMP:20260310T090000Z',
  'DTSTART:20260315T083000Z',
  'DTEND:20260315T093000Z',
  'SUMMARY:Visite des Forges de Lyon',
  'END:VEVENT',
  'END:VCALENDAR',
  '',
].join('\r\n');

describe('mail through a real SMTP server', () => {
  let smtp: TestSmtpServer;
  let t: TestDb;
  let refuse: (mail: ReceivedMail) => boolean;
  beforeAll(async () => {
    smtp = await startSmtpServer({ refuse: (mail) => refuse(mail) });
  });
  afterAll(() => smtp.close());
  beforeEach(async () => {
    t = await createTestDb();
    smtp.messages.length = 0;
    smtp.refused.length = 0;
    refuse = () => false;
  });
  afterEach(() => t.close());

  const welcome = (to: string) => ({
    to,
    data: { firstName: 'Camille', loginUrl: 'https://passerelle.test/login-teacher' },
  });
  const deliveryDeps = (clock: ReturnType<typeof fixedClock>, transport: MailTransport) => ({
    db: t.db,
    clock,
    log: jsonLogger('silent'),
    transport,
    mailDomain: 'passerelle.test',
    render: renderMail,
  });
  /** The Message-ID each outbox row's e-mail must carry, by recipient. */
  async function expectedIds(): Promise<Map<string, string>> {
    const rows = await t.db.select().from(outbox);
    return new Map(rows.map((row) => [String(row.payload.to), messageIdOf(row, 'passerelle.test')]));
  }
  const recipientOf = (mail: ReceivedMail) => mail.envelope.to[0] ?? '';

  it('sends each outbox e-mail with its row’s Message-ID, the same when it is tried again', async () => {
    for (let i = 1; i <= 3; i++)
      await enqueueMail(t.db, accountMails.teacherWelcome, welcome(`teacher-${i}@example.fr`), TEST_NOW);
    refuse = (mail) => recipientOf(mail) === 'teacher-2@example.fr' && smtp.refused.length === 0;
    const clock = fixedClock(TEST_NOW);
    const deps = deliveryDeps(clock, smtpTransport({ url: smtp.url, from: FROM }));
    expect(await deliverPendingMail(deps)).toEqual({ sent: 2, failed: 1 });
    clock.set(new Date(TEST_NOW.getTime() + 60_000));
    expect(await deliverPendingMail(deps)).toEqual({ sent: 1, failed: 0 });

    const ids = await expectedIds();
    expect(smtp.messages.map((mail) => [recipientOf(mail), mail.messageId])).toEqual(
      ['teacher-1@example.fr', 'teacher-3@example.fr', 'teacher-2@example.fr'].map((to) => [to, ids.get(to)]),
    );
    expect(smtp.refused.map((mail) => mail.messageId)).toEqual([ids.get('teacher-2@example.fr')]);
  });

  it('after a crash while handing an e-mail over, sends again that one only, with its Message-ID', async () => {
    for (let i = 1; i <= 10; i++)
      await enqueueMail(t.db, accountMails.teacherWelcome, welcome(`teacher-${i}@example.fr`), TEST_NOW);
    const clock = fixedClock(TEST_NOW);
    const smtpOut = smtpTransport({ url: smtp.url, from: FROM });
    let handed = 0;
    // The fourth e-mail reaches the server, then the process dies before it can record it.
    const crashing: MailTransport = {
      async send(message) {
        await smtpOut.send(message);
        if (++handed === 4) await new Promise(() => {});
      },
    };
    void deliverPendingMail(deliveryDeps(clock, crashing));
    await expect.poll(() => smtp.messages.length).toBe(4);

    // The next process, once the claim's lease has run out.
    clock.set(new Date(TEST_NOW.getTime() + CLAIM_LEASE_MS));
    const next = deliveryDeps(clock, smtpTransport({ url: smtp.url, from: FROM }));
    expect(await deliverPendingMail(next)).toEqual({ sent: 7, failed: 0 });

    const ids = await expectedIds();
    expect(smtp.messages).toHaveLength(11);
    for (const mail of smtp.messages) expect(mail.messageId).toBe(ids.get(recipientOf(mail)));
    const twice = smtp.messages.filter(
      (mail, i) => smtp.messages.findIndex((other) => other.messageId === mail.messageId) !== i,
    );
    expect(twice.map(recipientOf)).toEqual(['teacher-4@example.fr']);
    expect(new Set(smtp.messages.map((mail) => mail.messageId)).size).toBe(10);
  });

  it('delivers an outbox mail with its subject, recipient, text and HTML', async () => {
    await enqueueMail(
      t.db,
      accountMails.passwordReset,
      {
        to: 'camille.martin@example.fr',
        data: {
          firstName: 'Camille',
          resetUrl: 'https://passerelle.test/reset-password?token=abc',
          expiresInMinutes: 30,
        },
      },
      TEST_NOW,
    );
    const deps = {
      db: t.db,
      clock: fixedClock(TEST_NOW),
      log: jsonLogger('silent'),
      transport: smtpTransport({ url: smtp.url, from: FROM }),
      mailDomain: 'passerelle.test',
      render: renderMail,
    };
    expect(await deliverPendingMail(deps)).toEqual({ sent: 1, failed: 0 });

    const mail = await smtp.waitForMessage();
    expect(smtp.messages).toHaveLength(1);
    expect(mail.envelope).toEqual({
      from: 'ne-pas-repondre@passerelle.test',
      to: ['camille.martin@example.fr'],
    });
    expect(mail.subject).toBe('Réinitialisation de votre mot de passe');
    expect(mail.from).toMatchObject({
      name: 'Passerelle Industrie',
      address: 'ne-pas-repondre@passerelle.test',
    });
    expect(mail.to).toMatchObject([{ address: 'camille.martin@example.fr' }]);
    expect(mail.text).toContain('Bonjour Camille,');
    expect(mail.text).toContain('https://passerelle.test/reset-password?token=abc');
    expect(mail.text).toContain('valable 30 minutes');
    expect(mail.html).toContain('<html lang="fr">');
    expect(mail.html).toContain('href="https://passerelle.test/reset-password?token=abc"');
  });

  it('carries a calendar attachment intact', async () => {
    const transport = smtpTransport({ url: smtp.url, from: FROM });
    await transport.send({
      messageId: '<visite-15-mars@passerelle.test>',
      to: 'camille.martin@example.fr',
      subject: 'Votre visite du 15 mars',
      html: '<p>Votre visite</p>',
      text: 'Votre visite',
      attachments: [
        { filename: 'visite.ics', content: ICS, contentType: 'text/calendar; charset=utf-8; method=REQUEST' },
      ],
    });
    const mail = await smtp.waitForMessage();
    const calendar = mail.attachments.find((attachment) => attachment.mimeType === 'text/calendar');
    // postal-mime hands text parts back with LF line ends; the message itself carries the CRLF of the file.
    expect(calendar).toMatchObject({
      filename: 'visite.ics',
      method: 'REQUEST',
      content: ICS.replaceAll('\r\n', '\n'),
    });
  });
});
