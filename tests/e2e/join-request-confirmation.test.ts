import { eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_MESSAGES } from '../../common/errors.ts';
import { openDb } from '../../db/client.ts';
import { companies, users } from '../../db/schema.ts';
import { DEMO_ACCOUNTS } from '../../db/seed/index.ts';
import { startSmtpServer, type TestSmtpServer } from '../fixtures/smtp-server.ts';
import { accessibilityViolationsWithoutJs, launchChromium, newPage } from './support/browser.ts';
import { type RunningServer, startServer } from './support/server.ts';
import { logInAs } from './support/session.ts';

/*
 * Issue 37, from the security probe: a request to join a company reaches its admins only once its requester
 * confirmed the address from the e-mailed link (docs/decisions/0099). The link's page is plain HTML: its one
 * button posts, then the same link says what happens next. Chromium without JavaScript, a real SMTP server.
 */

let server: RunningServer;
let browser: Browser;
let smtp: TestSmtpServer;
let siret = '';

const REQUESTER = 'noe.petit@exemple.fr';
const withoutJs = (width: number) => ({ viewport: { width, height: 844 }, javaScriptEnabled: false });

beforeAll(async () => {
  smtp = await startSmtpServer();
  [server, browser] = await Promise.all([startServer({ SMTP_URL: smtp.url }), launchChromium()]);
  const db = openDb(server.databaseUrl);
  try {
    const [company] = await db
      .select({ siret: companies.siret })
      .from(users)
      .innerJoin(companies, eq(users.companyId, companies.id))
      .where(eq(users.email, DEMO_ACCOUNTS.recruiter));
    siret = company?.siret ?? '';
  } finally {
    db.client.close();
  }
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await smtp?.close();
});

/** The request as the sign-up's step sends it to the API. */
async function requestToJoin(email: string): Promise<void> {
  const response = await fetch(`${server.baseURL}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      query: 'mutation ($input: JoinRequestInput!) { requestToJoinCompany(input: $input) }',
      variables: {
        input: {
          siret,
          firstName: 'Noé',
          lastName: 'Petit',
          email,
          password: 'Motdepasse-1',
          acceptTerms: true,
        },
      },
    }),
  });
  expect(await response.json()).toEqual({ data: { requestToJoinCompany: true } });
}

async function confirmationLink(email: string): Promise<string> {
  const mail = await smtp.waitForMessage((m) => m.envelope.to.includes(email));
  expect(mail.subject).toMatch(/^Confirmez votre demande pour rejoindre /);
  return mail.text?.match(/https?:\/\/\S+\/confirm-join-request\?token=[\w%-]+/)?.[0] ?? '';
}

const heading = (page: Page) => page.getByRole('heading', { level: 1 }).textContent();

async function teamPageShows(email: string): Promise<boolean> {
  const admin = await newPage(browser, server.baseURL, withoutJs(1280));
  await logInAs(admin.context(), server.databaseUrl, server.baseURL, DEMO_ACCOUNTS.recruiter);
  await admin.goto('/my-company/team');
  const shown = await admin.getByText(`(${email})`).isVisible();
  await admin.context().close();
  return shown;
}

describe('a join request confirmed from its e-mailed link, without JavaScript (issue 37)', () => {
  for (const width of [390, 1280]) {
    it(`shows the request, confirms it with one button, then says what comes next (${width} px)`, async () => {
      const email = `${width}.${REQUESTER}`;
      await requestToJoin(email);
      const link = await confirmationLink(email);
      expect(new URL(link).origin).toBe(server.baseURL);
      expect(smtp.messages.filter((m) => m.envelope.to.includes(DEMO_ACCOUNTS.recruiter))).toEqual([]);
      expect(await teamPageShows(email)).toBe(false);

      const page = await newPage(browser, server.baseURL, withoutJs(width));
      await page.goto(link);
      expect(await heading(page)).toBe('Confirmer ma demande');
      expect(await page.getByText(email).isVisible()).toBe(true);
      // A page of one plain form: no island, no script of its own.
      expect(await page.locator('script[type="module"]').count()).toBe(0);
      expect(await accessibilityViolationsWithoutJs(page)).toEqual([]);

      await page.getByRole('button', { name: 'Confirmer ma demande' }).click();
      await page.waitForLoadState('load');
      expect(await heading(page)).toBe('Demande confirmée');
      const status = await page.getByRole('status').textContent();
      expect(status).toMatch(/ont reçu votre demande par e-mail/);
      expect(status).toMatch(/Vous recevrez leur réponse à cette adresse/);
      expect(await accessibilityViolationsWithoutJs(page)).toEqual([]);

      const told = await smtp.waitForMessage((m) => m.envelope.to.includes(DEMO_ACCOUNTS.recruiter));
      expect(told.subject).toMatch(/^Noé Petit demande à rejoindre /);
      smtp.messages.splice(smtp.messages.indexOf(told), 1);
      expect(await teamPageShows(email)).toBe(true);

      // The link opened again says it is done.
      await page.goto(link);
      expect(await heading(page)).toBe('Demande confirmée');
      await page.context().close();
    });
  }

  it('says in French that a link is no longer valid, and where to ask again', async () => {
    const page = await newPage(browser, server.baseURL, withoutJs(390));
    await page.goto('/confirm-join-request?token=lien-perime');
    expect(await heading(page)).toBe('Confirmer ma demande');
    expect(await page.getByText(ERROR_MESSAGES.join_request_link_invalid).isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Refaire ma demande' }).getAttribute('href')).toBe(
      '/signup-company',
    );
    expect(await page.getByRole('button').count()).toBe(0);
    expect(await accessibilityViolationsWithoutJs(page)).toEqual([]);
    await page.context().close();
  });
});
