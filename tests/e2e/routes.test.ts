import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb } from '../../db/client.ts';
import { articles } from '../../db/schema.ts';
import { DEMO_ACCOUNTS } from '../../db/seed/index.ts';
import { accessibilityViolations, launchChromium, newPage } from './support/browser.ts';
import { type RunningServer, startServer } from './support/server.ts';
import { logInAs } from './support/session.ts';

/** The spec's route table (section 2), as a visitor and each kind of user meets it. */
const PUBLIC = [
  '/',
  '/landing-company',
  '/login-company',
  '/login-company-success',
  '/login-teacher',
  '/signup-teacher',
  '/signup-company',
  '/forgot-password',
  '/reset-password',
  '/search-companies',
  '/company-details',
  '/faq',
  '/cgu',
];
const TEACHER = [
  '/home-teacher',
  '/meetings-teacher',
  '/meetings-teacher/meeting-details',
  '/feedback/1',
  '/my-favorites',
];
const RECRUITER = [
  '/home-company',
  '/meetings-company',
  '/meetings-company/meeting-details',
  '/my-company',
  '/my-slots',
  '/my-slots/new-slot',
  '/my-slots/edit-slot',
];
const ANY_USER = ['/contact-us', '/my-profile', '/meeting-videoconference/1'];

let server: RunningServer;
let browser: Browser;
let articleId: number;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchChromium()]);
  const db = openDb(server.databaseUrl);
  const [article] = await db.select({ id: articles.id }).from(articles).limit(1);
  db.client.close();
  articleId = article?.id ?? 0;
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const statusOf = async (path: string, cookie?: string) => {
  const response = await fetch(server.baseURL + path, {
    redirect: 'manual',
    headers: cookie ? { cookie } : {},
  });
  return { status: response.status, location: response.headers.get('location') };
};

describe('route table', () => {
  it('serves every public route to a visitor, accessible', async () => {
    const page = await newPage(browser, server.baseURL);
    for (const path of [...PUBLIC, `/article/${articleId}`]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      expect(new URL(page.url()).pathname, path).toBe(path);
      expect(await accessibilityViolations(page), path).toEqual([]);
    }
  });

  it('answers a visitor on every login-required route with a redirect to the teacher login', async () => {
    for (const path of [...TEACHER, ...RECRUITER, ...ANY_USER]) {
      const { status, location } = await statusOf(path);
      expect(status, path).toBe(302);
      expect(new URL(location ?? '', server.baseURL).pathname, path).toBe('/login-teacher');
    }
  });

  it('sends a visitor of the admin area to the admin login, not the teacher one', async () => {
    const { status, location } = await statusOf('/admin');
    expect(status).toBe(302);
    expect(new URL(location ?? '', server.baseURL).pathname).toBe('/admin/login');
    expect((await statusOf('/admin/login')).status).toBe(200);
  });

  it('answers 404 for an unknown article', async () => {
    expect((await statusOf('/article/999999')).status).toBe(404);
    expect((await statusOf('/article/abc')).status).toBe(404);
  });

  it('opens a teacher’s routes to a teacher, accessible, and sends them home from a company’s', async () => {
    const page = await newPage(browser, server.baseURL);
    await logInAs(page.context(), server.databaseUrl, server.baseURL, DEMO_ACCOUNTS.teacher);
    for (const path of [...TEACHER, ...ANY_USER]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      expect(await accessibilityViolations(page), path).toEqual([]);
    }
    await page.goto('/my-slots');
    expect(new URL(page.url()).pathname).toBe('/home-teacher');
  });

  it('opens a company’s routes to a recruiter, accessible, without a menu in the video room', async () => {
    const page = await newPage(browser, server.baseURL);
    await logInAs(page.context(), server.databaseUrl, server.baseURL, DEMO_ACCOUNTS.recruiter);
    for (const path of [...RECRUITER, ...ANY_USER]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      expect(await accessibilityViolations(page), path).toEqual([]);
    }
    await page.goto('/meeting-videoconference/1');
    expect(await page.getByRole('navigation', { name: 'Menu principal', exact: true }).count()).toBe(0);
  });
});
