import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TEST_NOW } from '../../tests/fixtures/app.ts';
import { createTestDb, type TestDb } from '../../tests/fixtures/db.ts';
import { startSmtpServer, type TestSmtpServer } from '../../tests/fixtures/smtp-server.ts';
import { jsonLogger } from '../http/logger.ts';
import { fixedClock } from '../ports/clock.ts';
import { smtpTransport } from '../ports/mail/smtp.ts';
import { deliverPendingMail } from './delivery.ts';
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
  beforeAll(async () => {
    smtp = await startSmtpServer();
  });
  afterAll(() => smtp.close());
  beforeEach(async () => {
    t = await createTestDb();
    smtp.messages.length = 0;
  });
  afterEach(() => t.close());

  it('delivers an outbox mail with its subject, recipient, text and HTML', async () => {
    await enqueueMail(
      t.db,
      {
        template: 'passwordReset',
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
