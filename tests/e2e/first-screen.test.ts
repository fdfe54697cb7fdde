import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../db/seed/index.ts';
import { launchChromium, newPage } from './support/browser.ts';
import { type RunningServer, startServer } from './support/server.ts';
import { logInAs } from './support/session.ts';

/*
 * Issue 36: on a phone (390 × 844), the first search result and a company's first slot are on the first
 * screen, for a visitor and for a teacher.
 */

const PHONE = { width: 390, height: 844 };
/** The first result's or slot's first line shows: above the bottom navigation that a teacher's phone has. */
const firstScreen = (who: 'visitor' | 'teacher') => PHONE.height - (who === 'teacher' ? 64 : 0) - 60;

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchChromium()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function topOf(page: Page, selector: string): Promise<number> {
  const box = await page.locator(selector).first().boundingBox();
  if (!box) throw new Error(`${selector} is not shown`);
  return box.y;
}

describe.each(['visitor', 'teacher'] as const)('a %s on a phone', (who) => {
  it('sees the first result of a search and the first slot of a company without scrolling', async () => {
    const page = await newPage(browser, server.baseURL, { viewport: PHONE });
    if (who === 'teacher') {
      await logInAs(page.context(), server.databaseUrl, server.baseURL, DEMO_ACCOUNTS.teacher);
    }
    await page.goto('/search-companies');
    // The card's name is on the first screen.
    expect(await topOf(page, 'article h2, article h3')).toBeLessThan(firstScreen(who));
    const href = (await page.locator('article a').first().getAttribute('href')) ?? '';
    await page.goto(href.split('#')[0] ?? href);
    const first =
      who === 'teacher'
        ? 'section[aria-labelledby="creneaux"] article'
        : '[data-testid="company-available-slots"]';
    expect(await topOf(page, first)).toBeLessThan(firstScreen(who));
    await page.context().close();
  });
});
