import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { accountMails } from '../server/accounts/mails.ts';
import { enqueueMail } from '../server/mail/index.ts';
import { insertCompany, insertSlot, insertUser } from '../tests/fixtures/app.ts';
import { createTestDb, type TestDb } from '../tests/fixtures/db.ts';
import { npmRun } from '../tests/fixtures/npm-run.ts';
import { startSmtpServer, type TestSmtpServer } from '../tests/fixtures/smtp-server.ts';

/**
 * `npm run jobs -- <name>` as an operator types it, against a database file and an SMTP server (in this
 * process, so the command runs beside it, not blocking it).
 */
const jobs = (name: string, env: Record<string, string>) => npmRun('jobs', [name], env);

describe('npm run jobs', () => {
  let t: TestDb;
  let smtp: TestSmtpServer;
  beforeEach(async () => {
    t = await createTestDb();
    smtp = await startSmtpServer();
  });
  afterEach(async () => {
    t.close();
    await smtp.close();
  });

  it('runs the outbox job once, now, and exits: each e-mail sent once however often it is run', async () => {
    for (const to of ['lea@exemple.fr', 'paul@exemple.fr']) {
      await enqueueMail(
        t.db,
        accountMails.teacherWelcome,
        { to, data: { firstName: 'Léa', loginUrl: 'http://x' } },
        new Date(),
      );
    }
    const env = { DATABASE_URL: t.url, SMTP_URL: smtp.url, SEED: 'none' };
    const first = await jobs('outbox', env);
    expect(first.status, first.stderr).toBe(0);
    expect(first.stdout).toContain('outbox :');
    expect((await jobs('outbox', env)).status).toBe(0);
    expect(smtp.messages.map((mail) => mail.envelope.to[0]).sort()).toEqual([
      'lea@exemple.fr',
      'paul@exemple.fr',
    ]);
  }, 120_000);

  it('runs the weekly alert by hand, whatever the day: the week counted back from now, then delivered', async () => {
    await t.db.run(sql`UPDATE departments SET active = 1 WHERE code = '69'`);
    const company = await insertCompany(t.db, { name: 'Forges de Vénissieux' });
    await insertSlot(t.db, company.id, new Date(Date.now() + 5 * 86_400_000), { createdAt: new Date() });
    await insertUser(t.db, {
      kind: 'teacher',
      email: 'lea@lycee.example',
      sectors: [],
      jobs: [],
      weeklyMail: true,
      useEstablishmentAddress: false,
      referenceLat: company.lat,
      referenceLng: company.lng,
    });
    const env = { DATABASE_URL: t.url, SMTP_URL: smtp.url, SEED: 'none' };
    const run = await jobs('weekly-alert', env);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/weekly-alert\s: .*"sent":1/);
    expect((await jobs('weekly-alert', env)).stdout).toMatch(/"sent":0,"alreadySent":1/);
    expect(smtp.messages.map((mail) => [mail.envelope.to[0], mail.subject])).toEqual([
      ['lea@lycee.example', 'Un nouveau créneau près de chez vous cette semaine'],
    ]);
  }, 120_000);

  it('refuses a job it does not know, naming those it knows', async () => {
    const unknown = await jobs('nothing', { DATABASE_URL: t.url });
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toMatch(/Tâche inconnue «\snothing\s».*outbox/);
  }, 60_000);
});
