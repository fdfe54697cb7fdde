import { and, asc, eq, ne } from 'drizzle-orm';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb } from '../../db/client.ts';
import { articles, companies, meetings, slots, users } from '../../db/schema.ts';
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
  '/faq',
  '/cgu',
  '/developpeurs',
  '/confirm-join-request?token=lien-invalide',
  '/mentions-legales',
  '/confidentialite',
  '/accessibilite',
  '/test-connexion',
];
const TEACHER = [
  '/home-teacher',
  '/meetings-teacher',
  '/meetings-teacher?periode=termines',
  '/my-favorites',
  '/my-groups',
];
const RECRUITER = [
  '/home-company',
  '/meetings-company',
  '/meetings-company?periode=termines',
  '/my-company',
  '/my-slots',
  '/my-slots/new-slot',
];
/** Routes that show one object of the user's, named in the query: without it, there is nothing to show (404). */
const RECRUITER_WITH_ID = [
  '/my-slots/edit-slot',
  '/my-slots/delete-slot',
  '/meetings-company/meeting-details',
];
const TEACHER_WITH_ID = ['/meetings-teacher/meeting-details'];
/** A meeting's questionnaire, its id in the path: the teacher's own meetings only. */
const FEEDBACK = (id: number) => `/feedback/${id}`;
/** The demo data's objects those routes and the company page are opened with, read once the server is up. */
const ids = {
  company: 0,
  pendingCompany: 0,
  teacherMeeting: 0,
  teacherSlot: 0,
  othersMeeting: 0,
  companyMeeting: 0,
  companySlot: 0,
};
const ANY_USER = ['/contact-us', '/my-profile'];
/** Any logged-in user's too: a visitor goes to the login; each user below opens the room of a slot of theirs. */
const VIDEO_ROOM = '/meeting-videoconference/1';

let server: RunningServer;
let browser: Browser;
let articleId: number;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchChromium()]);
  const db = openDb(server.databaseUrl);
  const [article] = await db.select({ id: articles.id }).from(articles).limit(1);
  articleId = article?.id ?? 0;
  const [recruiter] = await db
    .select({ companyId: users.companyId })
    .from(users)
    .where(eq(users.email, DEMO_ACCOUNTS.recruiter));
  const recruiterCompany = recruiter?.companyId ?? 0;
  const [other] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(and(eq(companies.status, 'validated'), ne(companies.id, recruiterCompany)))
    .orderBy(asc(companies.id))
    .limit(1);
  const [pending] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.status, 'pending'));
  const [teacherMeeting] = await db
    .select({ id: meetings.id, slotId: meetings.slotId })
    .from(meetings)
    .innerJoin(users, eq(users.id, meetings.teacherId))
    .where(eq(users.email, DEMO_ACCOUNTS.teacher))
    .limit(1);
  const [othersMeeting] = await db
    .select({ id: meetings.id })
    .from(meetings)
    .innerJoin(users, eq(users.id, meetings.teacherId))
    .where(ne(users.email, DEMO_ACCOUNTS.teacher))
    .limit(1);
  const [companyMeeting] = await db
    .select({ id: meetings.id, slotId: meetings.slotId })
    .from(meetings)
    .innerJoin(slots, eq(slots.id, meetings.slotId))
    .where(eq(slots.companyId, recruiterCompany))
    .limit(1);
  db.client.close();
  Object.assign(ids, {
    company: other?.id ?? 0,
    pendingCompany: pending?.id ?? 0,
    teacherMeeting: teacherMeeting?.id ?? 0,
    teacherSlot: teacherMeeting?.slotId ?? 0,
    othersMeeting: othersMeeting?.id ?? 0,
    companyMeeting: companyMeeting?.id ?? 0,
    companySlot: companyMeeting?.slotId ?? 0,
  });
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
    for (const path of [...PUBLIC, `/article/${articleId}`, `/company-details?id=${ids.company}`]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      const url = new URL(page.url());
      expect(url.pathname + url.search, path).toBe(path);
      expect(await accessibilityViolations(page), path).toEqual([]);
    }
  });

  it('answers a visitor on every login-required route with a redirect to the teacher login', async () => {
    for (const path of [
      ...TEACHER,
      ...TEACHER_WITH_ID,
      ...RECRUITER,
      ...RECRUITER_WITH_ID,
      ...ANY_USER,
      VIDEO_ROOM,
      FEEDBACK(1),
    ]) {
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

  it('sends a path with a trailing slash to the same path without it, and renders the path itself', async () => {
    const { status, location } = await statusOf('/faq/');
    expect(status).toBe(301);
    expect(new URL(location ?? '', server.baseURL).pathname).toBe('/faq');
    expect((await statusOf('/faq')).status).toBe(200);
  });

  it('answers 404 for an unknown article', async () => {
    expect((await statusOf('/article/999999')).status).toBe(404);
    expect((await statusOf('/article/abc')).status).toBe(404);
  });

  it('answers 404 for a company page without a validated company', async () => {
    for (const path of [
      '/company-details',
      '/company-details?id=abc',
      '/company-details?id=999999',
      `/company-details?id=${ids.pendingCompany}`,
    ]) {
      expect((await statusOf(path)).status, path).toBe(404);
    }
  });

  it('opens a teacher’s routes to a teacher, accessible, and sends them home from a company’s', async () => {
    const page = await newPage(browser, server.baseURL);
    await logInAs(page.context(), server.databaseUrl, server.baseURL, DEMO_ACCOUNTS.teacher);
    for (const path of [
      ...TEACHER,
      ...ANY_USER,
      `/meeting-videoconference/${ids.teacherSlot}`,
      ...TEACHER_WITH_ID.map((route) => `${route}?id=${ids.teacherMeeting}`),
      FEEDBACK(ids.teacherMeeting),
    ]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      expect(await accessibilityViolations(page), path).toEqual([]);
    }
    await page.goto('/my-slots');
    expect(new URL(page.url()).pathname).toBe('/home-teacher');
    // Without an id, or with another teacher's meeting: nothing to show, and nothing said about it.
    for (const path of [
      ...TEACHER_WITH_ID,
      ...TEACHER_WITH_ID.map((route) => `${route}?id=${ids.othersMeeting}`),
      FEEDBACK(ids.othersMeeting),
      '/feedback/abc',
    ]) {
      expect((await page.goto(path))?.status(), path).toBe(404);
    }
  });

  it('opens a company’s routes to a recruiter, accessible, without a menu in the video room', async () => {
    const page = await newPage(browser, server.baseURL);
    await logInAs(page.context(), server.databaseUrl, server.baseURL, DEMO_ACCOUNTS.recruiter);
    for (const path of [
      ...RECRUITER,
      ...ANY_USER,
      `/meeting-videoconference/${ids.companySlot}`,
      `/meetings-company/meeting-details?id=${ids.companyMeeting}`,
    ]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      expect(await accessibilityViolations(page), path).toEqual([]);
    }
    await page.goto(`/meeting-videoconference/${ids.companySlot}`);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).not.toBe('Accès refusé');
    expect(await page.getByRole('navigation', { name: 'Menu principal', exact: true }).count()).toBe(0);
    for (const path of RECRUITER_WITH_ID) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
      expect(await page.getByRole('heading', { level: 1 }).textContent(), path).toBe('Page introuvable');
      expect(await accessibilityViolations(page), path).toEqual([]);
    }
  });
});
