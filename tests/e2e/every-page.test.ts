import { and, asc, eq, isNull, ne } from 'drizzle-orm';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb } from '../../db/client.ts';
import { articles, companies, contactMessages, meetings, slots, users } from '../../db/schema.ts';
import { DEMO_ACCOUNTS } from '../../db/seed/index.ts';
import { readConfig } from '../../server/kernel/config.ts';
import { islandsReady, launchChromium, newPage } from './support/browser.ts';
import { type RunningServer, startServer } from './support/server.ts';
import { logInAs } from './support/session.ts';

/**
 * What holds on every page, for a visitor and each kind of user: nothing wider than a 390 px phone, a
 * header that fits between the breakpoints, and no Content-Security-Policy violation once the islands run.
 */
let server: RunningServer;
let browser: Browser;
const ids = { company: 0, article: 0, teacherMeeting: 0, companyMeeting: 0, companySlot: 0, contact: 0 };

beforeAll(async () => {
  [server, browser] = await Promise.all([
    startServer({ MAP_TILE_URL: 'http://tiles.test/{z}/{x}/{y}.png', GEOCODER: 'offline' }),
    launchChromium(),
  ]);
  const db = openDb(server.databaseUrl);
  const [article] = await db.select({ id: articles.id }).from(articles).limit(1);
  const [recruiter] = await db
    .select({ companyId: users.companyId })
    .from(users)
    .where(eq(users.email, DEMO_ACCOUNTS.recruiter));
  const own = recruiter?.companyId ?? 0;
  const [other] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(and(eq(companies.status, 'validated'), ne(companies.id, own)))
    .orderBy(asc(companies.id))
    .limit(1);
  const [teacherMeeting] = await db
    .select({ id: meetings.id })
    .from(meetings)
    .innerJoin(users, eq(users.id, meetings.teacherId))
    .where(eq(users.email, DEMO_ACCOUNTS.teacher))
    .limit(1);
  const [companyMeeting] = await db
    .select({ id: meetings.id, slotId: meetings.slotId })
    .from(meetings)
    .innerJoin(slots, eq(slots.id, meetings.slotId))
    .where(eq(slots.companyId, own))
    .limit(1);
  const [contact] = await db
    .select({ id: contactMessages.id })
    .from(contactMessages)
    .where(isNull(contactMessages.companyId))
    .limit(1);
  db.client.close();
  Object.assign(ids, {
    contact: contact?.id ?? 0,
    company: other?.id ?? 0,
    article: article?.id ?? 0,
    teacherMeeting: teacherMeeting?.id ?? 0,
    companyMeeting: companyMeeting?.id ?? 0,
    companySlot: companyMeeting?.slotId ?? 0,
  });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const visitorPages = () => [
  '/',
  '/landing-company',
  '/login-teacher',
  '/login-company',
  '/login-company-success',
  '/signup-teacher',
  '/signup-company',
  '/forgot-password',
  '/reset-password',
  '/search-companies',
  '/search-companies?onglet=carte',
  `/company-details?id=${ids.company}`,
  '/faq',
  '/cgu',
  '/developpeurs',
  '/mentions-legales',
  '/confidentialite',
  '/accessibilite',
  '/test-connexion',
  `/article/${ids.article}`,
  '/admin/login',
  '/meeting-action/lien.invalide',
  // A join request's confirmation link, opened from its e-mail (here with a link that is not valid).
  '/confirm-join-request?token=lien-invalide',
  // The weekly alert's unsubscribe page, opened from an e-mail (here with a link that is not valid).
  '/unsubscribe/abc.def',
  // The retention warning's « Garder mon compte » (here with a link that is not valid).
  '/keep-account/abc.def',
];
const teacherPages = () => [
  '/home-teacher',
  '/search-companies',
  '/search-companies?onglet=carte',
  `/company-details?id=${ids.company}`,
  '/my-favorites',
  '/my-groups',
  '/meetings-teacher',
  '/meetings-teacher?periode=termines',
  `/meetings-teacher/meeting-details?id=${ids.teacherMeeting}`,
  `/feedback/${ids.teacherMeeting}`,
  '/my-profile',
  '/contact-us',
  '/faq',
];
const recruiterPages = () => [
  '/home-company',
  '/my-slots',
  '/my-slots/new-slot',
  `/my-slots/edit-slot?id=${ids.companySlot}`,
  `/my-slots/delete-slot?id=${ids.companySlot}`,
  '/meetings-company',
  '/meetings-company?periode=termines',
  `/meetings-company/meeting-details?id=${ids.companyMeeting}`,
  '/my-company',
  '/my-profile',
  '/contact-us',
];
const adminPages = () => [
  '/admin',
  '/admin/departments',
  '/admin/statistics',
  '/admin/transport',
  '/admin/feedback',
  '/admin/contact',
  `/admin/contact/${ids.contact}`,
  '/admin/content',
  '/admin/people',
  '/admin/meetings',
  '/admin/operators',
  '/admin/audit',
  '/admin/operations',
  '/admin/partners',
  '/admin/account',
];

const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

/** A page that records every CSP violation, as the event the browser fires and as its console report. */
async function watchedPage(width: number, as?: string): Promise<{ page: Page; violations: string[] }> {
  const page = await newPage(browser, server.baseURL, { viewport: { width, height: 800 } });
  const context = page.context();
  await context.route('http://tiles.test/**', (route) =>
    route.fulfill({ status: 200, contentType: 'image/png', body: TINY_PNG }),
  );
  if (as) await logIn(context, as);
  const violations: string[] = [];
  await context.exposeBinding('reportViolation', (_source, text: string) => violations.push(text));
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { reportViolation: (text: string) => void }).reportViolation;
      report(`${event.violatedDirective} ${event.blockedURI} (${event.sourceFile}:${event.lineNumber})`);
    });
  });
  page.on('console', (message) => {
    if (/Content[- ]Security[- ]Policy|Refused to/i.test(message.text())) violations.push(message.text());
  });
  return { page, violations };
}

const { ADMIN_EMAIL } = readConfig({ ADMIN_EMAIL: process.env.ADMIN_EMAIL });

function logIn(context: BrowserContext, as: string) {
  return logInAs(context, server.databaseUrl, server.baseURL, as);
}

/** Opens the page and lets its islands (and the map, on its tab) run. */
async function open(page: Page, path: string) {
  const response = await page.goto(path);
  expect(response?.status(), path).toBe(200);
  // Not sent elsewhere (a login page) by the guard.
  expect(new URL(page.url()).pathname, path).toBe(new URL(path, server.baseURL).pathname);
  await islandsReady(page);
  if (path.includes('onglet=carte')) await page.locator('.map-pin').first().waitFor();
}

const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

const WHO = [
  ['a visitor', undefined, visitorPages],
  ['a teacher', DEMO_ACCOUNTS.teacher, teacherPages],
  ['a recruiter', DEMO_ACCOUNTS.recruiter, recruiterPages],
  ['an administrator', ADMIN_EMAIL, adminPages],
] as const;

describe.each(WHO)('every page of %s', (_who, as, pages) => {
  it('fits a 390 px wide phone without sideways scrolling, and raises no CSP violation', async () => {
    const { page, violations } = await watchedPage(390, as);
    const wide: string[] = [];
    for (const path of pages()) {
      await open(page, path);
      const extra = await overflow(page);
      if (extra > 0) wide.push(`${path}: ${extra} px too wide`);
    }
    expect(wide).toEqual([]);
    expect(violations).toEqual([]);
  });
});

describe('the header with a menu', () => {
  it('fits at every width where the top bar shows, for a teacher and a recruiter', async () => {
    for (const [as, path] of [
      [DEMO_ACCOUNTS.teacher, '/home-teacher'],
      [DEMO_ACCOUNTS.recruiter, '/home-company'],
    ] as const) {
      const { page } = await watchedPage(640, as);
      await open(page, path);
      for (const width of [640, 768, 1024, 1280]) {
        await page.setViewportSize({ width, height: 800 });
        expect(await overflow(page), `${path} at ${width} px`).toBe(0);
        expect(
          await page
            .locator('header')
            .first()
            .evaluate((el) => el.getBoundingClientRect().height),
          `${path} at ${width} px`,
        ).toBe(72);
      }
    }
  });
});
