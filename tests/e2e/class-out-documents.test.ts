import { eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb } from '../../db/client.ts';
import { meetings, users } from '../../db/schema.ts';
import { DEMO_ACCOUNTS } from '../../db/seed/index.ts';
import { createSession, generateSessionToken } from '../../server/accounts/sessions.ts';
import { testNow } from '../fixtures/clock.ts';
import {
  accessibilityViolations,
  cachedPaths,
  islandsReady,
  launchChromium,
  newPage,
} from './support/browser.ts';
import { insertDemoMeeting } from './support/demo-meeting.ts';
import { type RunningServer, startServer } from './support/server.ts';
import { logInAs } from './support/session.ts';

let server: RunningServer;
let browser: Browser;
let upcoming: { id: number; company: { id: number; name: string } };
let held: { id: number; code: string };
let teacherName: { firstName: string; lastName: string };

const DAY = 86_400_000;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchChromium()]);
  upcoming = await insertDemoMeeting(server, new Date(testNow().getTime() + 3 * DAY), 4);
  const past = await insertDemoMeeting(server, new Date(testNow().getTime() - 2 * DAY), 12);
  const db = openDb(server.databaseUrl);
  try {
    const [row] = await db
      .select({ code: meetings.attestationCode })
      .from(meetings)
      .where(eq(meetings.id, past.id));
    held = { id: past.id, code: row?.code ?? '' };
    const [teacher] = await db.select().from(users).where(eq(users.email, DEMO_ACCOUNTS.teacher));
    teacherName = { firstName: teacher?.firstName ?? '', lastName: teacher?.lastName ?? '' };
  } finally {
    db.client.close();
  }
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** The scripts a page's HTML loads or runs (JSON data blocks are not scripts). */
const scriptsOf = (html: string) =>
  [...html.matchAll(/<script\b([^>]*)>/g)].filter((m) => !/type="application\/json"/.test(m[1] ?? ''));

describe('the documents of a booked visit', () => {
  for (const width of [1280, 390]) {
    it(`are linked from both sides' meeting pages and print as accessible pages at ${width} px`, async () => {
      const page = await newPage(browser, server.baseURL, { viewport: { width, height: 900 } });
      await logInAs(page.context(), server.databaseUrl, server.baseURL, DEMO_ACCOUNTS.teacher);
      await page.goto(`/meetings-teacher/meeting-details?id=${upcoming.id}`);
      const section = page.getByRole('region', { name: 'Documents à imprimer' });
      expect(await section.getByRole('link').allTextContents()).toEqual([
        'Fiche de sortie',
        'PDF',
        'Autorisation parentale',
        'PDF',
        'Billet de la rencontre',
        'PDF',
      ]);
      expect(await overflow(page)).toBeLessThanOrEqual(0);
      expect(await accessibilityViolations(page)).toEqual([]);

      for (const [link, heading] of [
        ['Fiche de sortie', 'Fiche de sortie'],
        ['Autorisation parentale', 'Autorisation parentale de sortie'],
        ['Billet de la rencontre', 'Billet de la rencontre'],
      ] as const) {
        await page.goto(`/meetings-teacher/meeting-details?id=${upcoming.id}`);
        await section.getByRole('link', { name: link, exact: true }).click();
        expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(heading);
        expect(await page.getByText(upcoming.company.name).first().isVisible()).toBe(true);
        expect(await overflow(page), link).toBeLessThanOrEqual(0);
        expect(await accessibilityViolations(page), link).toEqual([]);
      }
      // Printed, the authorisation is one sheet per participant.
      await page.emulateMedia({ media: 'print' });
      await page.goto(`/meetings/${upcoming.id}/autorisation-parentale`);
      expect(await page.locator('.document-sheet:visible').count()).toBe(4);

      const company = await newPage(browser, server.baseURL, { viewport: { width, height: 900 } });
      await logInAs(company.context(), server.databaseUrl, server.baseURL, DEMO_ACCOUNTS.recruiter);
      await company.goto(`/meetings-company/meeting-details?id=${upcoming.id}`);
      const pdf = company
        .getByRole('region', { name: 'Documents à imprimer' })
        .getByRole('link', { name: 'Billet de la rencontre, version PDF' });
      expect(await pdf.getAttribute('href')).toBe(`/meetings/${upcoming.id}/billet.pdf`);
      expect(await accessibilityViolations(company)).toEqual([]);
      await company.context().close();
      await page.context().close();
    });
  }

  it('are nobody else’s: another teacher gets 404, a visitor a login for the page and 404 for the PDF', async () => {
    const db = openDb(server.databaseUrl);
    let cookie: string;
    try {
      const [other] = await db
        .insert(users)
        .values({
          kind: 'teacher',
          email: 'autre.enseignante@example.fr',
          firstName: 'Zoé',
          lastName: 'Autre',
        })
        .returning();
      const token = generateSessionToken();
      await createSession(db, token, other?.id ?? 0, testNow());
      cookie = `session=${token}`;
    } finally {
      db.client.close();
    }
    const page = `${server.baseURL}/meetings/${upcoming.id}/billet`;
    for (const path of [page, `${page}.pdf`]) {
      expect((await fetch(path, { headers: { cookie } })).status, path).toBe(404);
    }
    expect((await fetch(`${page}.pdf`)).status).toBe(404);
    const visitor = await fetch(page, { redirect: 'manual' });
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get('location')).toContain('/login-teacher');
  });

  it('gives a held meeting’s attestation a public page with no script and no name', async () => {
    const response = await fetch(`${server.baseURL}/attestation/${held.code.toLowerCase()}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(scriptsOf(html)).toEqual([]);
    expect(html).toContain(upcoming.company.name);
    expect(html).toContain('12 participants');
    for (const name of [teacherName.lastName, 'Lefèvre']) expect(html).not.toContain(name);

    const altered = `${held.code.slice(0, -1)}${held.code.endsWith('0') ? '1' : '0'}`;
    for (const code of [altered, 'inconnu']) {
      const unknown = await fetch(`${server.baseURL}/attestation/${code}`);
      expect(unknown.status).toBe(404);
      const body = await unknown.text();
      expect(body).toContain('Attestation inconnue');
      expect(scriptsOf(body)).toEqual([]);
    }
    // Before it is held, a meeting has no attestation.
    const [row] = await (async () => {
      const db = openDb(server.databaseUrl);
      try {
        return await db
          .select({ code: meetings.attestationCode })
          .from(meetings)
          .where(eq(meetings.id, upcoming.id));
      } finally {
        db.client.close();
      }
    })();
    expect((await fetch(`${server.baseURL}/attestation/${row?.code}`)).status).toBe(404);

    // The teacher finds it on the meeting's page: the document, and the public check.
    const teacher = await newPage(browser, server.baseURL);
    await logInAs(teacher.context(), server.databaseUrl, server.baseURL, DEMO_ACCOUNTS.teacher);
    await teacher.goto(`/meetings-teacher/meeting-details?id=${held.id}`);
    const documents = teacher.getByRole('region', { name: 'Documents à imprimer' });
    expect(
      await documents
        .getByRole('link', { name: 'Attestation de participation, version PDF' })
        .getAttribute('href'),
    ).toBe(`/meetings/${held.id}/attestation.pdf`);
    await documents.getByRole('link', { name: 'page de vérification' }).click();
    expect(new URL(teacher.url()).pathname).toBe(`/attestation/${held.code}`);
    await teacher.context().close();

    for (const width of [1280, 390]) {
      const page = await newPage(browser, server.baseURL, { viewport: { width, height: 900 } });
      await page.goto(`/attestation/${held.code}`);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(
        'Attestation de participation',
      );
      expect(await overflow(page)).toBeLessThanOrEqual(0);
      expect(await accessibilityViolations(page)).toEqual([]);
      await page.goto(`/attestation/${altered}`);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Attestation inconnue');
      expect(await page.title()).toBe('Attestation inconnue — Passerelle Industrie');
      expect(await accessibilityViolations(page)).toEqual([]);
      await page.context().close();
    }
  });
});

describe('the day’s ticket on the teacher’s phone', () => {
  it('opens offline while they are logged in, and no longer once they have logged out', async () => {
    const page = await newPage(browser, server.baseURL, { viewport: { width: 390, height: 844 } });
    await page.goto('/');
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await logInAs(page.context(), server.databaseUrl, server.baseURL, DEMO_ACCOUNTS.teacher);
    const ticket = `/meetings/${upcoming.id}/billet`;

    // Their home page keeps the tickets of their upcoming meetings, without their opening one.
    await page.goto('/home-teacher');
    await islandsReady(page);
    await expect.poll(() => cachedPaths(page)).toContain(ticket);
    expect(await cachedPaths(page)).not.toContain('/home-teacher');

    // Offline, whatever they open of the platform — the home (the visitor's, kept before the login, is not
    // shown to them), their own home, « Mes créneaux », a meeting — leads to their tickets (0083).
    await page.context().setOffline(true);
    const keptTickets = page.getByRole('region', { name: 'Vos billets disponibles hors connexion' });
    const keptTicket = keptTickets.locator(`a[href="${ticket}"]`);
    for (const path of [
      '/',
      '/home-teacher',
      '/meetings-teacher',
      `/meetings-teacher/meeting-details?id=${upcoming.id}`,
    ]) {
      await page.goto(path);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Vous êtes hors connexion');
      await keptTicket.waitFor();
    }
    const named = (await keptTicket.textContent()) ?? '';
    expect(named.startsWith(`${upcoming.company.name}, `), named).toBe(true);
    expect(await accessibilityViolations(page)).toEqual([]);
    await Promise.all([page.waitForURL(`**${ticket}`), keptTicket.click()]);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Billet de la rencontre');
    expect(await page.getByText(upcoming.company.name).first().isVisible()).toBe(true);
    expect(await accessibilityViolations(page)).toEqual([]);
    // « Retour à la rencontre » is no dead end: the offline page again, with the tickets.
    await page.getByRole('link', { name: 'Retour à la rencontre' }).click();
    await page.waitForURL('**/meetings-teacher/meeting-details*');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Vous êtes hors connexion');
    await keptTicket.waitFor();
    await page.context().setOffline(false);

    await page.goto('/my-profile');
    await islandsReady(page);
    await Promise.all([
      page.waitForURL('**/login-teacher'),
      page.getByRole('button', { name: 'Se déconnecter' }).click(),
    ]);
    expect(await cachedPaths(page)).not.toContain(ticket);
    await page.context().setOffline(true);
    await page.goto(ticket);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Vous êtes hors connexion');
    expect(await page.content()).not.toContain(upcoming.company.name);
    // Nor does the offline page list anything any more.
    await page.goto('/meetings-teacher');
    await page.waitForLoadState('networkidle');
    expect(await keptTickets.count()).toBe(0);
    expect(await page.content()).not.toContain(upcoming.company.name);
  });
});
