import { eq } from 'drizzle-orm';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { expect } from 'vitest';
import { openDb } from '../../../db/client.ts';
import { users } from '../../../db/schema.ts';
import { createSession, generateSessionToken } from '../../../server/accounts/sessions.ts';
import { testNow } from '../../fixtures/clock.ts';
import { newPage } from './browser.ts';

/** Logs a demo user in by giving the browser a session cookie, as the login mutation will. */
export async function logInAs(context: BrowserContext, databaseUrl: string, baseURL: string, email: string) {
  const db = openDb(databaseUrl);
  try {
    const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
    if (!user) throw new Error(`no user ${email}`);
    const token = generateSessionToken();
    await createSession(db, token, user.id, testNow());
    await context.addCookies([
      { name: 'session', value: token, url: baseURL, httpOnly: true, sameSite: 'Lax' },
    ]);
  } finally {
    db.client.close();
  }
}

/** A new page of a browser context of its own, logged in as the demo user `email` (logInAs). */
export async function pageLoggedInAs(
  browser: Browser,
  server: { baseURL: string; databaseUrl: string },
  email: string,
  options: BrowserContextOptions = {},
): Promise<Page> {
  const page = await newPage(browser, server.baseURL, options);
  await logInAs(page.context(), server.databaseUrl, server.baseURL, email);
  return page;
}

/** What the browser keeps of a recruiter's login (islands/session-store.ts), each key's value or null. */
export const storedRecruiterSession = (page: Page) =>
  page.evaluate(() =>
    Object.fromEntries(
      ['accessToken', 'refreshToken', 'expiresAt', 'createdAt', 'companyId'].map((key) => [
        key,
        localStorage.getItem(key),
      ]),
    ),
  );

/** The recruitment site's tokens a company login leaves in the browser, as the session store keeps them. */
export const RECRUITER_SESSION_STORED = {
  accessToken: expect.stringMatching(/^eyJ/),
  refreshToken: expect.any(String),
  expiresAt: expect.any(String),
  createdAt: expect.any(String),
  companyId: expect.stringMatching(/^\d+$/),
};
