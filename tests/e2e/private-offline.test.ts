import { eq, inArray, or } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb } from '../../db/client.ts';
import { companies, meetings, slots, users } from '../../db/schema.ts';
import { DEMO_ACCOUNTS } from '../../db/seed/index.ts';
import { DEMO_PASSWORD } from '../../scripts/prepare-db.ts';
import {
  accessibilityViolations,
  cachedPaths,
  islandsReady,
  launchChromium,
  newPage,
} from './support/browser.ts';
import { type RunningServer, startServer } from './support/server.ts';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchChromium()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const OFFLINE_HEADING = 'Vous êtes hors connexion';

/**
 * What the demo teacher's and the demo recruiter's private pages show and nobody else may read: their
 * e-mail addresses and phones, the phones of the accompanying adults and of the people on their meetings.
 */
async function privateValues(): Promise<string[]> {
  const db = openDb(server.databaseUrl);
  try {
    const people = await db
      .select({ id: users.id, email: users.email, phone: users.phone, companyId: users.companyId })
      .from(users)
      .where(inArray(users.email, [DEMO_ACCOUNTS.teacher, DEMO_ACCOUNTS.recruiter]));
    const teacher = people.find((person) => person.email === DEMO_ACCOUNTS.teacher);
    const recruiter = people.find((person) => person.email === DEMO_ACCOUNTS.recruiter);
    if (!teacher || !recruiter?.companyId) throw new Error('demo accounts missing');
    const [company] = await db
      .select({ email: companies.contactEmail, phone: companies.contactPhone })
      .from(companies)
      .where(eq(companies.id, recruiter.companyId));
    const booked = await db
      .select({ adultPhone: meetings.accompanyingAdultPhone, teacherPhone: users.phone })
      .from(meetings)
      .innerJoin(slots, eq(slots.id, meetings.slotId))
      .innerJoin(users, eq(users.id, meetings.teacherId))
      .where(or(eq(meetings.teacherId, teacher.id), eq(slots.companyId, recruiter.companyId)));
    const values = [
      teacher.email,
      teacher.phone,
      recruiter.email,
      company?.email,
      company?.phone,
      ...booked.flatMap((row) => [row.adultPhone, row.teacherPhone]),
    ];
    return [...new Set(values.filter((value): value is string => Boolean(value)))];
  } finally {
    db.client.close();
  }
}

/** The private values found in the page's HTML (island props included), phones however they are spaced. */
async function shownPrivateValues(page: Page, values: string[]): Promise<string[]> {
  const html = (await page.content()).toLowerCase();
  const compact = html.replace(/[\s\u00a0\u202f.]/g, '');
  return values.filter((value) => html.includes(value.toLowerCase()) || compact.includes(value));
}

async function logIn(page: Page, loginPath: string, email: string) {
  await page.goto(loginPath);
  await islandsReady(page);
  await page.getByLabel('Adresse e-mail').fill(email);
  await page.getByLabel('Mot de passe').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Se connecter' }).click();
}

async function logOut(page: Page, from: string) {
  await page.goto(from);
  await islandsReady(page);
  await Promise.all([
    page.waitForURL('**/login-teacher'),
    page.getByRole('button', { name: 'Se déconnecter' }).click(),
  ]);
}

/** Opens each private page, checks that it shows private values (or the check below would prove nothing). */
async function openPrivatePages(page: Page, paths: string[], values: string[]): Promise<string[]> {
  const detailsLink = page.locator('a[href*="/meeting-details?"]').first();
  const opened: string[] = [];
  for (const path of paths) {
    const response = await page.goto(path);
    expect(new URL(page.url()).pathname, path).toBe(path);
    expect(response?.headers()['cache-control'], path).toBe('private, no-store');
    expect(await accessibilityViolations(page), path).toEqual([]);
    opened.push(path);
    if (path.startsWith('/meetings-')) {
      const details = await detailsLink.getAttribute('href');
      expect(details, `a meeting on ${path}`).toBeTruthy();
      await page.goto(details ?? '');
      expect(await shownPrivateValues(page, values), details ?? '').not.toEqual([]);
      opened.push(details ?? '');
    } else {
      expect(await shownPrivateValues(page, values), path).not.toEqual([]);
    }
  }
  return opened;
}

describe('a shared computer', () => {
  it('shows nothing private offline once the teacher and the recruiter have logged out', async () => {
    const values = await privateValues();
    const page = await newPage(browser, server.baseURL, { viewport: { width: 1280, height: 800 } });
    await page.goto('/');
    // The worker controls the page from its first install on (clientsClaim): later navigations go through it.
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);

    await Promise.all([
      page.waitForURL('**/home-teacher'),
      logIn(page, '/login-teacher', DEMO_ACCOUNTS.teacher),
    ]);
    const teacherPages = await openPrivatePages(page, ['/my-profile', '/meetings-teacher'], values);
    // Not even kept until the logout: the worker stores no private answer.
    expect(await cachedPaths(page)).not.toContain('/my-profile');
    await logOut(page, '/my-profile');

    await Promise.all([
      page.waitForURL('**/login-company-success'),
      logIn(page, '/login-company', DEMO_ACCOUNTS.recruiter),
    ]);
    // The success screen moves on by itself: let it, so that no navigation of its own races the test's.
    await page.waitForURL('**/home-company', { timeout: 10_000 });
    const recruiterPages = await openPrivatePages(page, ['/my-company', '/meetings-company'], values);
    await logOut(page, '/my-company');

    // A visitor's page, opened after the logouts, is kept for offline use; nothing of the sessions is.
    const faq = await page.goto('/faq');
    expect(faq?.headers()['cache-control']).toBe('no-cache');
    const faqHeading = await page.getByRole('heading', { level: 1 }).textContent();
    await expect.poll(() => cachedPaths(page)).toContain('/faq');
    const privatePaths = [...teacherPages, ...recruiterPages].map(
      (path) => new URL(path, server.baseURL).pathname,
    );
    expect((await cachedPaths(page)).filter((path) => privatePaths.includes(path))).toEqual([]);

    await page.context().setOffline(true);
    for (const path of [...teacherPages, ...recruiterPages, '/home-teacher', '/home-company']) {
      await page.goto(path);
      expect(await page.getByRole('heading', { level: 1 }).textContent(), path).toBe(OFFLINE_HEADING);
      expect(await shownPrivateValues(page, values), path).toEqual([]);
    }
    expect(await page.title()).toBe('Hors connexion — Passerelle Industrie');
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await accessibilityViolations(page)).toEqual([]);

    await page.goto('/faq');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(faqHeading);
  });

  it('loses the pages an older worker kept, private ones included, once the new worker takes over', async () => {
    const page = await newPage(browser, server.baseURL);
    // First as if the worker were an older one: not this build's, which is kept from registering.
    await page.route('**/sw-register.js', (route) =>
      route.fulfill({ contentType: 'text/javascript', body: '' }),
    );
    await page.goto('/faq');
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.evaluate(async (email) => {
      const older = await caches.open('pages');
      await older.put('/my-profile', new Response(`<h1>Mon profil</h1><p>${email}</p>`));
    }, DEMO_ACCOUNTS.teacher);
    await page.unroute('**/sw-register.js');

    await page.goto('/');
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    expect(await accessibilityViolations(page)).toEqual([]);
    await expect.poll(() => page.evaluate(() => caches.keys())).not.toContain('pages');
    await page.context().setOffline(true);
    await page.goto('/my-profile');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(OFFLINE_HEADING);
    expect(await page.content()).not.toContain(DEMO_ACCOUNTS.teacher);
    expect(await accessibilityViolations(page)).toEqual([]);
  });
});
