import { eq } from 'drizzle-orm';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb } from '../../db/client.ts';
import { outbox, users } from '../../db/schema.ts';
import { DEMO_TEACHER_EMAIL } from '../../db/seed/demo.ts';
import { readConfig } from '../../server/kernel/config.ts';
import { testNow } from '../fixtures/clock.ts';
import { accessibilityViolations, launchChromium } from './support/browser.ts';
import { type RunningServer, startServer } from './support/server.ts';
import { pageLoggedInAs } from './support/session.ts';

/**
 * Issue 34: the national administrator's « Opérations » without JavaScript — the backlog, a delivery set
 * aside and its « Relancer », the jobs — at 1280 and 390 px, axe-clean; a regional operator, a teacher and a
 * visitor get a 404; /readyz says 503 while the backlog's oldest row waits for more than 15 minutes.
 */
const { ADMIN_EMAIL } = readConfig({ ADMIN_EMAIL: process.env.ADMIN_EMAIL });
const OPERATOR_EMAIL = 'cst@ara.passerelle-industrie.fr';
const MINUTE = 60_000;

let server: RunningServer;
let browser: Browser;
let failedId = 0;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchChromium()]);
  const db = openDb(server.databaseUrl);
  try {
    await db.insert(users).values({
      kind: 'admin',
      email: OPERATOR_EMAIL,
      firstName: 'Claire',
      lastName: 'Fabre',
      operatorRegion: '06',
    });
    const now = testNow().getTime();
    const [failed] = await db
      .insert(outbox)
      .values({
        topic: 'mail',
        subscriber: 'mail.send',
        payload: {
          template: 'teacherWelcome',
          to: 'camille@lycee-rejete.fr',
          data: { firstName: 'Camille', loginUrl: '/' },
        },
        status: 'failed',
        attempts: 8,
        lastError: 'Error: 550 mailbox unavailable',
        nextAttemptAt: new Date(now),
        lastAttemptAt: new Date(now - 3 * MINUTE),
        createdAt: new Date(now - 160 * MINUTE),
      })
      .returning();
    failedId = failed?.id ?? 0;
    // An e-mail waiting for its next try since 20 minutes ago: the backlog falls behind.
    await db.insert(outbox).values({
      topic: 'mail',
      subscriber: 'mail.send',
      payload: { template: 'teacherWelcome', to: 'lea@lycee.fr', data: { firstName: 'Léa', loginUrl: '/' } },
      attempts: 2,
      nextAttemptAt: new Date(now + 60 * MINUTE),
      createdAt: new Date(now - 20 * MINUTE),
    });
  } finally {
    db.client.close();
  }
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('/admin/operations', () => {
  it('shows the national administrator what waits, what was set aside and the jobs, and relances without JavaScript', async () => {
    const page = await pageLoggedInAs(browser, server, ADMIN_EMAIL, {
      javaScriptEnabled: false,
      viewport: { width: 1280, height: 900 },
    });
    const response = await page.goto('/admin/operations');
    expect(response?.status()).toBe(200);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Opérations');
    const backlog = page.getByRole('table', { name: 'Envois en attente par sujet' });
    expect(await backlog.getByRole('row', { name: /E-mails/ }).textContent()).toContain('il y a 20 minutes');
    const failed = page.getByRole('table', { name: /Envois mis de côté/ });
    const row = failed.getByRole('row', { name: /teacherWelcome/ });
    // Which e-mail, and the recipient's domain only.
    expect(await row.textContent()).toContain('teacherWelcome → …@lycee-rejete.fr');
    expect(await row.textContent()).toContain('Error: 550 mailbox unavailable');
    const jobs = page.getByRole('table', { name: 'Tâches planifiées' });
    for (const job of ['outbox', 'operations-alarm', 'weekly-alert']) {
      expect(await jobs.getByRole('row', { name: new RegExp(`^${job}`) }).count(), job).toBe(1);
    }
    expect(await page.getByText('Base de données').count()).toBe(1);
    await page.screenshot({ path: '/tmp/admin-operations-1280.png', fullPage: true });
    // The same page with its scripts, for axe, before the row goes back in the queue.
    const checked = await pageLoggedInAs(browser, server, ADMIN_EMAIL, {
      viewport: { width: 1280, height: 900 },
    });
    await checked.goto('/admin/operations');
    expect(await accessibilityViolations(checked)).toEqual([]);
    await checked.context().close();

    await row.getByRole('button', { name: `Relancer l’envoi n° ${failedId}` }).click();
    await page.getByRole('status').waitFor();
    expect(await page.getByRole('status').textContent()).toContain(
      `L’envoi n° ${failedId} est remis dans la file`,
    );
    expect(await page.getByRole('row', { name: /teacherWelcome/ }).count()).toBe(0);
    const db = openDb(server.databaseUrl);
    try {
      const [after] = await db.select().from(outbox).where(eq(outbox.id, failedId));
      expect(after?.status).not.toBe('failed');
    } finally {
      db.client.close();
    }
    await page.context().close();
  });

  it('fits a phone: no sideways scroll of the page', async () => {
    const page = await pageLoggedInAs(browser, server, ADMIN_EMAIL, {
      viewport: { width: 390, height: 844 },
    });
    await page.goto('/admin/operations');
    expect(await page.getByRole('heading', { level: 2, name: 'Tâches planifiées' }).count()).toBe(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.screenshot({ path: '/tmp/admin-operations-390.png', fullPage: true });
    await page.context().close();
  });

  it('does not exist for a regional operator, a teacher or a visitor', async () => {
    for (const email of [OPERATOR_EMAIL, DEMO_TEACHER_EMAIL]) {
      const page = await pageLoggedInAs(browser, server, email);
      expect((await page.goto('/admin/operations'))?.status(), email).toBe(404);
      expect(await page.getByRole('link', { name: 'Opérations' }).count()).toBe(0);
      await page.context().close();
    }
    expect((await fetch(`${server.baseURL}/admin/operations`)).status).toBe(404);
  });

  it('/readyz says the backlog falls behind, in French', async () => {
    const response = await fetch(`${server.baseURL}/readyz`);
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({
      ok: false,
      reasons: [expect.stringMatching(/^Le plus ancien envoi en attente attend depuis \d+ minutes\.$/)],
    });
  });
});
