import { and, asc, eq, gt, inArray, isNull, ne, notInArray } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb } from '../../db/client.ts';
import {
  articles,
  companies,
  companyJobs,
  favorites,
  jobOffers,
  jobs,
  slots,
  users,
} from '../../db/schema.ts';
import { DEMO_ACCOUNTS } from '../../db/seed/index.ts';
import { testNow } from '../fixtures/clock.ts';
import { type OAuthSiteServer, startOAuthSiteServer } from '../fixtures/oauth-site-server.ts';
import { startSmtpServer, type TestSmtpServer } from '../fixtures/smtp-server.ts';
import {
  accessibilityViolations,
  islandsReady,
  launchChromium,
  newPage,
  scriptBytes,
} from './support/browser.ts';
import { type RunningServer, startServer } from './support/server.ts';
import { logInAs } from './support/session.ts';

/**
 * Issue 5's company page, favourites and suggestions, as a visitor and the demo teacher meet them: jobs,
 * job offers (and the recruitment site down), news, the star, /my-favorites, the suggestions of
 * /home-teacher, and a message to a company without slots that reaches it by e-mail.
 */
let server: RunningServer;
let browser: Browser;
let smtp: TestSmtpServer;

const OFFERS_UNAVAILABLE = 'Les offres d’emploi de cette entreprise sont momentanément indisponibles.';
const publishedDay = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long', timeZone: 'Europe/Paris' });
const DAY_MS = 86_400_000;

/** The demo recruiter's company: jobs, news, slots, and the two offers this test gives it. */
const showcase = { id: 0, name: '', jobs: [] as string[], news: [] as string[] };
const offers = [
  {
    externalId: 'e2e-1',
    title: 'Soudeur ou soudeuse TIG',
    contractType: 'CDI',
    location: 'Givors (69)',
    url: 'https://emploi.example.fr/e2e-1',
    publishedAt: new Date(testNow().getTime() - 3 * DAY_MS),
  },
  {
    externalId: 'e2e-2',
    title: 'Technicien ou technicienne de maintenance en alternance',
    contractType: 'Apprentissage',
    location: null,
    url: null,
    publishedAt: new Date(testNow().getTime() - 20 * DAY_MS),
  },
];
/** A company with free slots the demo teacher has not starred. */
const unstarred = { id: 0, name: '' };
/** A demo company that asked to be contacted and has no slot, which the demo teacher never wrote to. */
const contactable = { id: 0, name: '', email: '' };

beforeAll(async () => {
  smtp = await startSmtpServer();
  [server, browser] = await Promise.all([startServer({ SMTP_URL: smtp.url }), launchChromium()]);
  const db = openDb(server.databaseUrl);
  try {
    const now = testNow();
    const [company] = await db
      .select({ id: companies.id, name: companies.name })
      .from(users)
      .innerJoin(companies, eq(companies.id, users.companyId))
      .where(eq(users.email, DEMO_ACCOUNTS.recruiter));
    if (!company) throw new Error('the demo recruiter has no company');
    const jobRows = await db
      .select({ label: jobs.label })
      .from(companyJobs)
      .innerJoin(jobs, eq(jobs.id, companyJobs.jobId))
      .where(eq(companyJobs.companyId, company.id))
      .orderBy(asc(jobs.label));
    const newsRows = await db
      .select({ title: articles.title })
      .from(articles)
      .where(eq(articles.companyId, company.id));
    Object.assign(showcase, {
      ...company,
      jobs: jobRows.map((row) => row.label),
      news: newsRows.map((row) => row.title),
    });
    // The built-in recruitment site reads its offers from its own table; the demo's give way to these two.
    await db.delete(jobOffers).where(eq(jobOffers.companyId, company.id));
    await db
      .insert(jobOffers)
      .values(offers.map((offer) => ({ ...offer, companyId: company.id, fetchedAt: now })));

    const [teacher] = await db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, DEMO_ACCOUNTS.teacher));
    const starred = (
      await db
        .select({ id: favorites.companyId })
        .from(favorites)
        .where(eq(favorites.teacherId, teacher?.id ?? 0))
    ).map((row) => row.id);
    const [candidate] = await db
      .selectDistinct({ id: companies.id, name: companies.name })
      .from(companies)
      .innerJoin(slots, eq(slots.companyId, companies.id))
      .where(
        and(
          eq(companies.status, 'validated'),
          eq(companies.departmentCode, '69'),
          gt(slots.startsAt, now),
          notInArray(companies.id, [...starred, company.id]),
        ),
      )
      .orderBy(asc(companies.id))
      .limit(1);
    if (!candidate) throw new Error('every demo company with slots is starred');
    Object.assign(unstarred, candidate);

    // The demo data has companies that opted in and publish no slot (db/seed/lists/companies.ts): Trignac is one.
    const [opted] = await db
      .select({ id: companies.id, name: companies.name, email: companies.contactEmail })
      .from(companies)
      .where(and(eq(companies.name, 'Chaudronnerie de Trignac'), eq(companies.contactOptIn, true)));
    const upcoming = await db
      .select({ id: slots.id })
      .from(slots)
      .where(and(eq(slots.companyId, opted?.id ?? 0), gt(slots.startsAt, now), isNull(slots.deletedAt)));
    if (!opted?.email || upcoming.length > 0) throw new Error('no demo company is contactable');
    Object.assign(contactable, opted);
  } finally {
    db.client.close();
  }
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await smtp?.close();
});

async function accessible(page: Page) {
  await islandsReady(page);
  // Dialogs and toasts slide in: axe reads colours once the transitions are over.
  await page.waitForFunction(() => document.getAnimations().length === 0);
  expect(await accessibilityViolations(page), page.url()).toEqual([]);
}

async function teacherPage(target: RunningServer = server, email: string = DEMO_ACCOUNTS.teacher) {
  const page = await newPage(browser, target.baseURL);
  await logInAs(page.context(), target.databaseUrl, target.baseURL, email);
  return page;
}

const companyPath = (id: number) => `/company-details?id=${id}`;
const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

describe('the company page', () => {
  it('shows a visitor its jobs, job offers with their date, news and the count of slots only', async () => {
    const page = await newPage(browser, server.baseURL);
    await page.goto(companyPath(showcase.id));
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(showcase.name);
    await accessible(page);

    expect(showcase.jobs.length).toBeGreaterThan(0);
    expect(await region(page, 'Métiers').getByRole('listitem').allTextContents()).toEqual(showcase.jobs);

    const offerList = region(page, 'Offres d’emploi');
    expect(await offerList.getByRole('heading', { level: 3 }).allTextContents()).toEqual(
      offers.map((offer) => `${offer.title}${offer.url ? ' (nouvelle fenêtre)' : ''}`),
    );
    expect(await offerList.getByRole('link').first().getAttribute('href')).toBe(offers[0]?.url);
    expect(await offerList.textContent()).toContain(
      `CDI · Givors (69) · Publiée le ${publishedDay.format(offers[0]?.publishedAt)}`,
    );
    expect(await offerList.textContent()).toContain(
      `Apprentissage · Publiée le ${publishedDay.format(offers[1]?.publishedAt)}`,
    );
    expect(await page.getByText(OFFERS_UNAVAILABLE).count()).toBe(0);

    expect(showcase.news.length).toBeGreaterThan(0);
    const newsTitles = await region(page, 'Actualités').getByRole('heading', { level: 3 }).allTextContents();
    expect(newsTitles.sort()).toEqual([...showcase.news].sort());

    expect(await page.getByTestId('company-available-slots').textContent()).toMatch(
      /^\d+ créneaux? disponibles? dans les 15 prochains jours$/,
    );
    expect(await page.getByRole('article').count()).toBe(0);
    expect(await page.getByRole('button', { name: /dans mes favoris/ }).count()).toBe(0);
    expect(await page.getByRole('region', { name: 'Contacter l’entreprise' }).count()).toBe(0);
    expect(await page.locator('[data-island]').count()).toBe(0);
    // No island for a visitor: neither React nor the islands' registry is loaded (issue 22).
    expect(await scriptBytes(page)).toBeLessThanOrEqual(4 * 1024);
  });

  it('shows a visitor the way to log in before contacting a company without slots', async () => {
    const page = await newPage(browser, server.baseURL);
    await page.goto(companyPath(contactable.id));
    await accessible(page);
    const contact = page.getByRole('region', { name: 'Contacter l’entreprise' });
    const login = contact.getByRole('link', { name: 'Se connecter pour contacter l’entreprise' });
    expect(await login.getAttribute('href')).toBe(
      `/login-teacher?next=${encodeURIComponent(companyPath(contactable.id))}`,
    );
    await login.click();
    await page.waitForURL('**/login-teacher?next=*');
  });
});

describe('favourites', () => {
  it('a teacher stars a company on its page, finds it on /my-favorites and unstars it there', async () => {
    const page = await teacherPage();
    await page.goto(companyPath(unstarred.id));
    await accessible(page);
    const star = page.getByRole('button', { name: `${unstarred.name} dans mes favoris` });
    expect(await star.getAttribute('aria-pressed')).toBe('false');
    await star.click();
    await page.getByText(`${unstarred.name} est dans vos favoris.`).waitFor();
    expect(await star.getAttribute('aria-pressed')).toBe('true');
    await accessible(page);
    // The star is the server's: it stays on after a reload.
    await page.reload();
    await islandsReady(page);
    expect(await star.getAttribute('aria-pressed')).toBe('true');

    await page.goto('/my-favorites');
    await accessible(page);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Mes favoris');
    const card = page.getByRole('article', { name: unstarred.name });
    // The latest starred comes first.
    expect(await page.getByRole('article').first().getAttribute('aria-labelledby')).toBe(
      await card.getAttribute('aria-labelledby'),
    );
    expect(await card.getByRole('link', { name: unstarred.name }).getAttribute('href')).toBe(
      companyPath(unstarred.id),
    );
    expect(await card.textContent()).toMatch(/\d+ créneaux? disponibles? dans les 15 prochains jours/);
    const before = await page.getByRole('article').count();

    await card.getByRole('button', { name: `${unstarred.name} dans mes favoris` }).click();
    await page.getByText(`${unstarred.name} n’est plus dans vos favoris.`).waitFor();
    await card.waitFor({ state: 'detached' });
    expect(await page.getByRole('article').count()).toBe(before - 1);
    await accessible(page);
    await page.reload();
    await islandsReady(page);
    expect(await page.getByRole('article', { name: unstarred.name }).count()).toBe(0);
  });
});

describe('suggestions on /home-teacher', () => {
  it('shows the demo teacher companies suggested with why, each with its star and its page', async () => {
    const page = await teacherPage();
    await page.goto('/home-teacher');
    await accessible(page);
    const suggestions = region(page, 'Entreprises suggérées pour vous');
    const cards = suggestions.getByRole('article');
    expect(await cards.count()).toBeGreaterThan(0);
    expect(await cards.count()).toBeLessThanOrEqual(6);
    const first = cards.first();
    // "12 km · métallurgie · 3 créneaux cette semaine": distance first, then criteria, then dates.
    expect(await first.textContent()).toMatch(
      /Pourquoi cette suggestion\s: (< 1|\d+) km · .*(créneaux? cette semaine|prochain créneau le )/,
    );
    expect(await first.getByRole('link').first().getAttribute('href')).toMatch(/^\/company-details\?id=\d+$/);
    expect(await first.getByRole('button', { name: /dans mes favoris$/ }).count()).toBe(1);
    expect(await suggestions.getByRole('link', { name: 'Compléter mon profil' }).count()).toBe(0);
  });

  it('asks a teacher without criteria to complete their profile', async () => {
    const db = openDb(server.databaseUrl);
    let email = '';
    try {
      const [other] = await db
        .select({ id: users.id, email: users.email })
        .from(users)
        .where(and(eq(users.kind, 'teacher'), ne(users.email, DEMO_ACCOUNTS.teacher)))
        .orderBy(asc(users.id))
        .limit(1);
      if (!other) throw new Error('the demo data has one teacher only');
      await db
        .update(users)
        .set({ sectors: [], jobs: [] })
        .where(inArray(users.id, [other.id]));
      email = other.email;
    } finally {
      db.client.close();
    }
    const page = await teacherPage(server, email);
    await page.goto('/home-teacher');
    await accessible(page);
    const suggestions = region(page, 'Entreprises suggérées pour vous');
    expect(await suggestions.textContent()).toContain(
      'Indiquez les secteurs et les métiers qui vous intéressent',
    );
    expect(await suggestions.getByRole('link', { name: 'Compléter mon profil' }).getAttribute('href')).toBe(
      '/my-profile#criteres',
    );
  });
});

describe('contacting a company without slots', () => {
  it('a teacher writes to it, the platform e-mails the company, and the page says it was sent', async () => {
    const message =
      'Bonjour, ma classe de 3e découvre les métiers de la chaudronnerie : pourriez-vous nous accueillir au printemps ?';
    const page = await teacherPage();
    await page.goto(companyPath(contactable.id));
    await accessible(page);
    const contact = page.getByRole('region', { name: 'Contacter l’entreprise' });
    await contact.getByRole('button', { name: 'Contacter l’entreprise' }).click();
    const dialog = page.getByRole('dialog', { name: `Écrire à ${contactable.name}` });
    await dialog.getByRole('textbox', { name: /Votre message/ }).fill('Bonjour');
    await dialog.getByRole('button', { name: 'Envoyer le message' }).click();
    expect(await dialog.getByText('20 caractères au moins', { exact: false }).count()).toBeGreaterThan(0);
    expect(await dialog.getByRole('textbox', { name: /Votre message/ }).getAttribute('aria-invalid')).toBe(
      'true',
    );
    await accessible(page);

    await dialog.getByRole('textbox', { name: /Votre message/ }).fill(message);
    await dialog.getByRole('button', { name: 'Envoyer le message' }).click();
    await contact.getByRole('status').getByText('Votre message a été envoyé à l’entreprise.').waitFor();
    expect(await dialog.isVisible()).toBe(false);
    await accessible(page);

    const mail = await smtp.waitForMessage(
      (m) => m.envelope.to.includes(contactable.email) && m.text?.includes(message) === true,
      10_000,
    );
    expect(mail.subject).toBe(`Un enseignant souhaite rencontrer ${contactable.name}`);
    expect(mail.text).toContain(DEMO_ACCOUNTS.teacher);

    await page.reload();
    await islandsReady(page);
    expect(await contact.textContent()).toContain('Vous avez déjà écrit à cette entreprise');
    expect(await contact.getByRole('button', { name: 'Écrire un nouveau message' }).count()).toBe(1);
  });
});

describe('with the recruitment site down', () => {
  let site: OAuthSiteServer;
  let downServer: RunningServer;

  beforeAll(async () => {
    site = await startOAuthSiteServer();
    site.setMode('down');
    downServer = await startServer({
      RECRUITMENT_SITE: 'http',
      RECRUITMENT_SITE_URL: site.url,
      RECRUITMENT_SITE_CLIENT_ID: site.clientId,
      RECRUITMENT_SITE_CLIENT_SECRET: site.clientSecret,
    });
  });
  afterAll(async () => {
    await downServer?.stop();
    await site?.close();
  });

  it('the page says the offers are unavailable and everything else works', async () => {
    const db = openDb(downServer.databaseUrl);
    const [company] = await db
      .select({ id: companies.id, name: companies.name })
      .from(users)
      .innerJoin(companies, eq(companies.id, users.companyId))
      .where(eq(users.email, DEMO_ACCOUNTS.recruiter));
    db.client.close();
    if (!company) throw new Error('the demo recruiter has no company');

    const visitor = await newPage(browser, downServer.baseURL);
    const response = await visitor.goto(companyPath(company.id));
    expect(response?.status()).toBe(200);
    await accessible(visitor);
    expect(await region(visitor, 'Offres d’emploi').getByText(OFFERS_UNAVAILABLE).isVisible()).toBe(true);
    expect(await region(visitor, 'Métiers').getByRole('listitem').count()).toBeGreaterThan(0);
    expect(await region(visitor, 'Actualités').getByRole('heading', { level: 3 }).count()).toBeGreaterThan(0);
    expect(await visitor.getByTestId('company-available-slots').isVisible()).toBe(true);
    expect(site.requests.some((r) => r.path.endsWith('/job-offers'))).toBe(true);

    const teacher = await teacherPage(downServer);
    await teacher.goto(companyPath(company.id));
    await accessible(teacher);
    expect(await teacher.getByText(OFFERS_UNAVAILABLE).isVisible()).toBe(true);
    expect(await teacher.getByRole('button', { name: 'Réserver ce créneau' }).count()).toBeGreaterThan(0);
    const star = teacher.getByRole('button', { name: `${company.name} dans mes favoris` });
    const wasStarred = (await star.getAttribute('aria-pressed')) === 'true';
    await star.click();
    await teacher
      .getByText(
        wasStarred ? `${company.name} n’est plus dans vos favoris.` : `${company.name} est dans vos favoris.`,
      )
      .waitFor();
    expect(await star.getAttribute('aria-pressed')).toBe(String(!wasStarred));
  });
});
