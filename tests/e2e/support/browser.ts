import AxeBuilder from '@axe-core/playwright';
import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  chromium,
  type Page,
} from 'playwright-core';
import { expect } from 'vitest';
import { CLOCK_OFFSET_MS, testNow } from '../../fixtures/clock.ts';

/** Debian's Chromium, or CHROMIUM_PATH. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Debian's Chromium, headless, with no traffic of its own: this machine has no network but the registries.
 * `args` adds switches (the video room's tests give it fake camera and microphone); `executablePath` runs
 * it through a wrapper (a class's Chromium inside a school's network), `env` is its environment (a HOME
 * whose NSS database trusts a test authority).
 */
export function launchChromium(
  options: { args?: string[]; executablePath?: string; env?: Record<string, string | undefined> } = {},
): Promise<Browser> {
  return chromium.launch({
    executablePath: options.executablePath ?? CHROMIUM,
    ...(options.env ? { env: options.env } : {}),
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
      ...(options.args ?? []),
    ],
  });
}

/** Chromium's fake camera and microphone, allowed without asking: the video rooms' tests. */
export const FAKE_CAMERA_AND_MICROPHONE = [
  '--use-fake-device-for-media-stream',
  '--use-fake-ui-for-media-stream',
];

/** A French browser context whose clock is the test server's (tests/fixtures/clock.ts). */
export async function newContext(
  browser: Browser,
  baseURL: string,
  options: BrowserContextOptions = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL, locale: 'fr-FR', ...options });
  if (CLOCK_OFFSET_MS !== 0) await context.clock.install({ time: testNow() });
  return context;
}

export async function newPage(
  browser: Browser,
  baseURL: string,
  options: BrowserContextOptions = {},
): Promise<Page> {
  return (await newContext(browser, baseURL, options)).newPage();
}

/**
 * The RGAA rules of axe-core and the WCAG 2.1 A/AA ones they build on, plus "heading-order" (a best
 * practice, but RGAA 9.1 asks for a relevant heading structure); the violations, summarised for the failure
 * message.
 */
export async function accessibilityViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(['RGAAv4', 'wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .options({ rules: { 'heading-order': { enabled: true } } })
    .analyze();
  return results.violations.map(
    (v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
}

/**
 * The violations of a page as a browser without JavaScript shows it: axe-core runs in the page, which such a
 * page cannot, so its HTML (scripts left out) is read in a page of the same origin and context options that
 * runs scripts.
 */
export async function accessibilityViolationsWithoutJs(page: Page): Promise<string[]> {
  const html = (await page.content()).replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, '');
  const browser = page.context().browser();
  if (!browser) throw new Error('the page has no browser');
  const url = new URL(page.url());
  const viewport = page.viewportSize();
  const reader = await newPage(browser, url.origin, viewport ? { viewport } : {});
  try {
    await reader.goto('/healthz');
    await reader.setContent(html, { waitUntil: 'load' });
    return await accessibilityViolations(reader);
  } finally {
    await reader.context().close();
  }
}

/**
 * Waits until every island of the page has hydrated and every light form is enhanced (docs/decisions/0092):
 * before that, a form would post natively.
 */
export async function islandsReady(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      // An island placed `when="used"` waits for its first use (islands/hydrate.ts).
      [...document.querySelectorAll<HTMLElement>('[data-island]')].every(
        (marker) => marker.dataset.hydrated || marker.dataset.islandWhen === 'used',
      ) &&
      [...document.querySelectorAll<HTMLElement>('form[data-light-form]')].every(
        (form) => form.dataset.enhanced,
      ),
  );
}

/** The path of every response the page's Cache Storage holds, in every cache (the service worker's). */
export function cachedPaths(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const paths: string[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) paths.push(new URL(request.url).pathname);
    }
    return paths;
  });
}

/** The bytes of JavaScript the page loaded, as sent (issue 22: a public page without a form ships ≤ 4 KB). */
export async function scriptBytes(page: Page): Promise<number> {
  await page.waitForLoadState('networkidle');
  return page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .filter((entry) => (entry as PerformanceResourceTiming).initiatorType === 'script')
      .reduce((sum, entry) => sum + (entry as PerformanceResourceTiming).encodedBodySize, 0),
  );
}

/**
 * Holds the page's scripts until `release()` (issue 22: a form submitted before its island hydrates is
 * posted by the browser itself).
 */
export async function scriptsHeld(page: Page): Promise<() => void> {
  let release = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/assets/**/*.js', async (route) => {
    await gate;
    await route.continue();
  });
  return release;
}

/** No axe-core violation on the page once its transitions are over (axe reads colours mid-fade otherwise). */
export async function expectAccessibleOnceStill(page: Page): Promise<void> {
  await page.waitForFunction(() => document.getAnimations().length === 0);
  expect(await accessibilityViolations(page), page.url()).toEqual([]);
}
