import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accessibilityViolations,
  accessibilityViolationsWithoutJs,
  islandsReady,
  launchChromium,
  newPage,
} from './support/browser.ts';
import { type RunningServer, startServer } from './support/server.ts';

/**
 * Issue 38, « Tester ma connexion »: the page as anyone finds it, from the footer, with a LiveKit server
 * configured (here one no check reaches: tests/video/connection-test.test.ts runs them against a real one)
 * and without; by keyboard, on a phone, and without JavaScript, where it still says what to open.
 */
let withRoom: RunningServer;
let withoutRoom: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [withRoom, withoutRoom, browser] = await Promise.all([
    startServer({
      LIVEKIT_URL: 'wss://visio.passerelle.test',
      LIVEKIT_API_KEY: 'APIcle-de-test',
      LIVEKIT_API_SECRET: 'un-secret-de-test-suffisamment-long-pour-hs256',
    }),
    startServer(),
    launchChromium(),
  ]);
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await Promise.all([withRoom?.stop(), withoutRoom?.stop()]);
});

const VIEWPORTS = [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
];

describe('/test-connexion', () => {
  it('is found in the footer, and its test starts from the keyboard', async () => {
    for (const viewport of VIEWPORTS) {
      const page = await newPage(browser, withRoom.baseURL, { viewport });
      try {
        await page.goto('/');
        await page.getByRole('contentinfo').getByRole('link', { name: 'Tester ma connexion' }).click();
        await page.waitForURL('**/test-connexion');
        await islandsReady(page);
        expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Tester ma connexion');
        expect(await page.getByText('Ce test a besoin de JavaScript').isVisible()).toBe(false);
        const start = page.getByRole('button', { name: 'Lancer le test' });
        await start.focus();
        expect(await start.evaluate((button) => button === document.activeElement)).toBe(true);
        // The IT's request is reachable by keyboard after it, with its « Copier ».
        await page.keyboard.press('Tab');
        expect(await page.evaluate(() => document.activeElement?.getAttribute('id'))).toBe(
          'demande-informatique',
        );
        await page.keyboard.press('Tab');
        expect(await page.evaluate(() => document.activeElement?.textContent)).toMatch(/^Copier/);
        expect(await accessibilityViolations(page)).toEqual([]);
      } finally {
        await page.context().close();
      }
    }
  });

  it('without JavaScript, says the test needs it and still gives the IT what to open', async () => {
    const page = await newPage(browser, withRoom.baseURL, { javaScriptEnabled: false });
    try {
      await page.goto('/test-connexion');
      await expect
        .poll(() =>
          page
            .getByText('Ce test a besoin de JavaScript, comme la salle de visioconférence elle-même')
            .count(),
        )
        .toBe(1);
      expect(await page.getByRole('button', { name: 'Lancer le test' }).count()).toBe(0);
      const request = await page.getByLabel('Message pour le service informatique').inputValue();
      expect(request).toContain(
        '- TCP 443 (WebSocket sur TLS) vers visio.passerelle.test : la connexion au serveur ;',
      );
      expect(request).toContain(
        `Son test de connexion (${withRoom.baseURL}/test-connexion) est à lancer depuis notre réseau.`,
      );
      const mailto = await page.getByRole('link', { name: 'Envoyer par e-mail' }).getAttribute('href');
      expect(new URLSearchParams(mailto?.slice('mailto:?'.length)).get('body')).toBe(request);
      expect(await accessibilityViolationsWithoutJs(page)).toEqual([]);
    } finally {
      await page.context().close();
    }
  });

  it('says the built-in room is not used on a platform without LiveKit, and tests nothing', async () => {
    const page = await newPage(browser, withoutRoom.baseURL);
    try {
      await page.goto('/test-connexion');
      await islandsReady(page);
      expect(
        await page
          .getByText('La salle de visioconférence intégrée n’est pas utilisée sur cette plateforme')
          .count(),
      ).toBe(1);
      expect(await page.getByRole('button', { name: 'Lancer le test' }).count()).toBe(0);
      expect(await page.getByLabel('Message pour le service informatique').count()).toBe(0);
      expect(await accessibilityViolations(page)).toEqual([]);
    } finally {
      await page.context().close();
    }
  });
});
