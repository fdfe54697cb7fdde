import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { enqueueMail } from '../server/mail/index.ts';
import { createTestDb, type TestDb } from '../tests/fixtures/db.ts';
import { startSmtpServer, type TestSmtpServer } from '../tests/fixtures/smtp-server.ts';

const root = fileURLToPath(new URL('..', import.meta.url));

/**
 * `npm run jobs -- <name>` as an operator types it, against a database file and an SMTP server (in this
 * process, so the command runs beside it, not blocking it).
 */
function jobs(name: string, env: Record<string, string>) {
  return new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn('npm', ['run', '--silent', 'jobs', '--', name], {
      cwd: root,
      env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    child.on('error', reject);
    child.on('exit', (status) => resolve({ status, stdout, stderr }));
  });
}

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
        { template: 'teacherWelcome', to, data: { firstName: 'Léa', loginUrl: 'http://x' } },
        new Date(),
      );
    }
    const env = { DATABASE_URL: t.url, SMTP_URL: smtp.url, SEED: 'none' };
    const first = await jobs('outbox', env);
    expect(first.status, first.stderr).toBe(0);
    expect(first.stdout).toContain('outbox :');
    expect((await jobs('outbox', env)).status).toBe(0);
    expect(smtp.messages.map((mail) => mail.envelope.to[0]).sort()).toEqual([
      'lea@exemple.fr',
      'paul@exemple.fr',
    ]);
  }, 120_000);

  it('refuses a job it does not know, naming those it knows', async () => {
    const unknown = await jobs('nothing', { DATABASE_URL: t.url });
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toMatch(/Tâche inconnue « nothing ».*outbox/);
  }, 60_000);
});
