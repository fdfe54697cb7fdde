import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { randomToken } from '../server/accounts/tokens.ts';
import { launchChromium } from '../tests/e2e/support/browser.ts';
import { startServer } from '../tests/e2e/support/server.ts';
import { budget, type Service } from './support.ts';

/** Issue 36: the pages of a form that works without JavaScript ship at most this much of it, gzipped. */
export const FORM_PAGE_JS_BUDGET_BYTES = 60 * 1024;

/**
 * The form pages a new user opens first. The reset page is opened as its e-mailed link is made
 * (server/accounts/password-reset.ts): a token of the same making, and the login to offer once done.
 */
export const FORM_PAGES = [
  '/login-teacher',
  '/login-company',
  '/admin/login',
  '/forgot-password',
  `/reset-password?token=${encodeURIComponent(randomToken())}&pour=teacher`,
  '/signup-teacher',
  '/signup-company',
] as const;

export interface PageScripts {
  /** Each script the page downloaded, by path. */
  paths: string[];
  /** Their bodies gzipped, as a server sending gzip would send them. */
  gzipBytes: number;
  /** Whether any of them is React (its element symbols are in every React build). */
  react: boolean;
}

export const REACT_SCRIPT = /Symbol\.for\(["'`]react\./;

/**
 * The JavaScript a first visit to `url` makes Chromium download: every script the page fetched (its
 * entry, the chunks it imports and preloads, what it imports on demand once loaded, /sw-register.js), each
 * gzipped here whatever encoding the server chose. The service worker is blocked: its own script and
 * what it caches at install are the worker's, fetched once for the whole site, not the page's.
 */
export async function scriptsOf(browser: Browser, url: string): Promise<PageScripts> {
  const context = await browser.newContext({ serviceWorkers: 'block' });
  try {
    const page = await context.newPage();
    const bodies = new Map<string, Promise<Buffer>>();
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      const path = new URL(response.url()).pathname;
      if (!bodies.has(path)) bodies.set(path, response.body());
    });
    await page.goto(url, { waitUntil: 'load' });
    // What the page's script imports once it runs (the islands, a form's rules) comes after `load`.
    await page.waitForLoadState('networkidle');
    let gzipBytes = 0;
    let react = false;
    for (const body of await Promise.all(bodies.values())) {
      gzipBytes += gzipSync(body).length;
      react ||= REACT_SCRIPT.test(body.toString('utf8'));
    }
    return { paths: [...bodies.keys()].sort(), gzipBytes, react };
  } finally {
    await context.close();
  }
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/**
 * Each form page's JavaScript as Chromium downloads it on a first visit (`npm run build` first), and the
 * budget of issue 36 for each.
 */
export async function benchFormWeight(app: Service): Promise<boolean> {
  const browser = await launchChromium();
  const measured: { page: string; scripts: PageScripts }[] = [];
  try {
    for (const path of FORM_PAGES) {
      measured.push({
        page: path.split('?')[0] ?? path,
        scripts: await scriptsOf(browser, `${app.url}${path}`),
      });
    }
  } finally {
    await browser.close();
  }
  console.log('\nJavaScript of the form pages, first visit in Chromium');
  console.table(
    measured.map(({ page, scripts }) => ({
      page,
      files: scripts.paths.length,
      'JS gzipped': kb(scripts.gzipBytes),
      React: scripts.react ? 'yes' : 'no',
    })),
  );
  return measured
    .map(({ page, scripts }) =>
      budget(
        `${page} JS ≤ ${kb(FORM_PAGE_JS_BUDGET_BYTES)} gzipped`,
        scripts.gzipBytes <= FORM_PAGE_JS_BUDGET_BYTES,
        kb(scripts.gzipBytes),
      ),
    )
    .every(Boolean);
}

/**
 * `npm run bench:form-weight`: alone, on the built server with the demo data (what these pages load does not
 * depend on the data, and the large set takes minutes to make); `npm run bench` runs it with the others.
 */
if (import.meta.main) {
  const server = await startServer();
  try {
    process.exitCode = (await benchFormWeight({ url: server.baseURL, stop: server.stop })) ? 0 : 1;
  } finally {
    await server.stop();
  }
}
