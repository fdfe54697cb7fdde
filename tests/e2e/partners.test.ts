import { eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb } from '../../db/client.ts';
import { users, webhookDeliveries } from '../../db/schema.ts';
import { readConfig } from '../../server/kernel/config.ts';
import { startWebhookReceiver } from '../fixtures/webhook-receiver.ts';
import {
  accessibilityViolations,
  accessibilityViolationsWithoutJs,
  islandsReady,
  launchChromium,
  newPage,
} from './support/browser.ts';
import { type RunningServer, startServer } from './support/server.ts';
import { pageLoggedInAs } from './support/session.ts';

/**
 * Issue 37, the partner API as the national administrator and a partner meet it: a key created at
 * /admin/partners, its secret shown once, used as a partner's server would, its last use shown, then revoked
 * and refused — with JavaScript and without; a regional operator gets a 404; /developpeurs is public and
 * ships no script.
 */
const { ADMIN_EMAIL } = readConfig({ ADMIN_EMAIL: process.env.ADMIN_EMAIL });
const OPERATOR_EMAIL = 'cst@ara.partenaires.fr';
const SLOTS = '{ partnerSlots(regionCode: "06") { total items { id startsAt company { name } } } }';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchChromium()]);
  const db = openDb(server.databaseUrl);
  try {
    await db.insert(users).values({
      kind: 'admin',
      email: OPERATOR_EMAIL,
      firstName: 'Claire',
      lastName: 'Fabre',
      operatorRegion: '06',
    });
  } finally {
    db.client.close();
  }
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** What a partner's server sends: the key as a bearer token, a query of the region's slots. */
function askAsPartner(secret: string) {
  return fetch(`${server.baseURL}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${secret}` },
    body: JSON.stringify({ query: SLOTS }),
  });
}

/** Fills the creation form: a name, a contact, « Créneaux », Auvergne-Rhône-Alpes. */
async function createKey(page: Page, name: string): Promise<string> {
  const form = page.locator('#creer');
  await form.getByLabel('Nom du partenaire').fill(name);
  await form.getByLabel('E-mail de contact').fill('api@region-ara.fr');
  await form.getByRole('checkbox', { name: /^Créneaux/ }).check();
  await form.getByRole('checkbox', { name: 'Auvergne-Rhône-Alpes' }).check();
  await form.getByRole('button', { name: 'Créer la clé' }).click();
  const created = page.locator('#cle-creee');
  await created.waitFor();
  expect(await created.textContent()).toContain('elle ne sera plus jamais affichée');
  return created.getByLabel('Clé secrète').inputValue();
}

const card = (page: Page, name: string) => page.getByRole('listitem').filter({ hasText: name });

describe('/admin/partners', () => {
  it('creates a key, shows its secret once, shows its last use, and revokes it at once', async () => {
    const page = await pageLoggedInAs(browser, server, ADMIN_EMAIL, {
      viewport: { width: 1280, height: 900 },
    });
    await page.goto('/admin/partners');
    await islandsReady(page);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Partenaires');
    expect(await page.getByRole('link', { name: 'Partenaires' }).getAttribute('aria-current')).toBe('page');
    // Nothing done yet: no notice, not even an empty one.
    expect(await page.locator('#avis').count()).toBe(0);

    const secret = await createKey(page, 'Région ARA');
    expect(secret).toMatch(/^pk_[\w-]{43}$/);
    await islandsReady(page);
    // « Copier » once the script runs (its island shows it when hydrated).
    await page.getByRole('button', { name: /^Copier/ }).waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.screenshot({ path: '/tmp/i37-admin-partners-created-1280.png', fullPage: true });

    const answer = await askAsPartner(secret);
    expect(answer.status).toBe(200);
    const { data } = (await answer.json()) as { data: { partnerSlots: { total: number } } };
    expect(data.partnerSlots.total).toBeGreaterThan(0);

    await page.goto('/admin/partners');
    await islandsReady(page);
    expect(await page.content()).not.toContain(secret);
    const key = card(page, 'Région ARA');
    expect(await key.textContent()).toContain('api@region-ara.fr');
    expect(await key.textContent()).toContain('Auvergne-Rhône-Alpes');
    expect(await key.locator('dd').nth(4).textContent()).not.toBe('Jamais');

    await key.getByRole('button', { name: /^Révoquer la clé/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Révoquer la clé' }).click();
    await page.getByRole('status').filter({ hasText: 'est révoquée' }).waitFor();
    expect(await card(page, 'Région ARA').textContent()).toContain('Révoquée le');
    expect((await askAsPartner(secret)).status).toBe(401);
    await page.context().close();
  });

  it('works without JavaScript, its revocation asked on the page itself, at 390 px', async () => {
    const page = await pageLoggedInAs(browser, server, ADMIN_EMAIL, {
      javaScriptEnabled: false,
      viewport: { width: 390, height: 800 },
    });
    await page.goto('/admin/partners');
    // A refused form comes back with its messages and its values.
    await page.locator('#creer').getByLabel('Nom du partenaire').fill('Sans autorisation');
    await page.locator('#creer').getByRole('button', { name: 'Créer la clé' }).click();
    expect(await page.locator('#creer').textContent()).toContain('Choisissez au moins une autorisation');
    expect(await page.locator('#creer').getByLabel('Nom du partenaire').inputValue()).toBe(
      'Sans autorisation',
    );

    const secret = await createKey(page, 'CCI Lyon');
    expect(await accessibilityViolationsWithoutJs(page)).toEqual([]);
    await page.screenshot({ path: '/tmp/i37-admin-partners-created-390.png', fullPage: true });
    expect((await askAsPartner(secret)).status).toBe(200);

    await page.goto('/admin/partners');
    await card(page, 'CCI Lyon')
      .getByRole('button', { name: /^Révoquer la clé/ })
      .click();
    const step = page.getByRole('region', { name: /^Révoquer la clé/ });
    expect(await step.textContent()).toContain('ne peut pas être réactivée');
    expect((await askAsPartner(secret)).status).toBe(200);
    await step.getByRole('button', { name: 'Révoquer la clé' }).click();
    await page.getByRole('status').filter({ hasText: 'est révoquée' }).waitFor();
    expect((await askAsPartner(secret)).status).toBe(401);
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
    ).toBe(0);
    await page.context().close();
  });

  it('shows a key’s webhook endpoint and its last deliveries, each sent again by « Renvoyer »', async () => {
    const receiver = await startWebhookReceiver(() => 500);
    try {
      const page = await pageLoggedInAs(browser, server, ADMIN_EMAIL, {
        viewport: { width: 1280, height: 900 },
      });
      await page.goto('/admin/partners');
      await islandsReady(page);
      const form = page.locator('#creer');
      await form.getByLabel('Nom du partenaire').fill('Académie de Lyon');
      await form.getByLabel('E-mail de contact').fill('dane@ac-lyon.fr');
      await form.getByRole('checkbox', { name: /^Webhooks/ }).check();
      await form.getByRole('button', { name: 'Créer la clé' }).click();
      await page.locator('#cle-creee').waitFor();
      const secret = await page.locator('#cle-creee').getByLabel('Clé secrète').inputValue();

      // The partner registers its endpoint with its key, as its server would.
      const answer = await fetch(`${server.baseURL}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${secret}` },
        body: JSON.stringify({
          query: `mutation ($url: String!) { createWebhookEndpoint(url: $url, events: [meeting_booked]) {
            signingSecret endpoint { id } } }`,
          variables: { url: receiver.url },
        }),
      });
      const created = (await answer.json()) as {
        data: { createWebhookEndpoint: { signingSecret: string; endpoint: { id: string } } };
      };
      expect(created.data.createWebhookEndpoint.signingSecret).toMatch(/^whsec_/);
      // A delivery its receiver kept refusing until it was given up.
      const db = openDb(server.databaseUrl);
      try {
        await db.insert(webhookDeliveries).values({
          id: 'msg_e2e_renvoyer',
          endpointId: Number(created.data.createWebhookEndpoint.endpoint.id),
          event: 'meeting_booked',
          payload: JSON.stringify({ type: 'meeting.booked', timestamp: new Date().toISOString(), data: {} }),
          status: 'failed',
          attempts: 8,
          responseCode: 500,
          retryUntil: new Date(),
        });
      } finally {
        db.client.close();
      }

      await page.goto('/admin/partners');
      const keyCard = card(page, 'Académie de Lyon');
      expect(await keyCard.getByRole('heading', { name: receiver.url }).isVisible()).toBe(true);
      const row = keyCard.getByRole('row').filter({ hasText: 'Échoué' });
      expect(await row.textContent()).toContain('500');
      expect(await accessibilityViolations(page)).toEqual([]);
      await row.getByRole('button', { name: /Renvoyer/ }).click();
      await page.locator('#avis').waitFor();
      expect(await page.locator('#avis').textContent()).toContain('La livraison est renvoyée');
      const again = openDb(server.databaseUrl);
      try {
        const [delivery] = await again
          .select()
          .from(webhookDeliveries)
          .where(eq(webhookDeliveries.id, 'msg_e2e_renvoyer'));
        expect(delivery?.status).not.toBe('failed');
      } finally {
        again.client.close();
      }
    } finally {
      await receiver.close();
    }
  });

  it('is a 404 for a regional operator and a visitor, and out of their menu', async () => {
    const operator = await pageLoggedInAs(browser, server, OPERATOR_EMAIL);
    expect((await operator.goto('/admin/partners'))?.status()).toBe(404);
    await operator.goto('/admin');
    expect(await operator.getByRole('link', { name: 'Partenaires' }).count()).toBe(0);
    await operator.context().close();
    const visitor = await newPage(browser, server.baseURL);
    expect((await visitor.goto('/admin/partners'))?.status()).toBe(404);
    await visitor.context().close();
  });
});

describe('/developpeurs', () => {
  it('tells a visitor how to get a key and check a webhook, without a script, from every footer', async () => {
    const page = await newPage(browser, server.baseURL, { viewport: { width: 390, height: 800 } });
    await page.goto('/');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Développeurs' }).click();
    await page.waitForURL('**/developpeurs');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toContain('l’API des partenaires');
    // No script but the service worker's registration (issue 22).
    const html = await (await fetch(`${server.baseURL}/developpeurs`)).text();
    const scripts = [...html.matchAll(/<script\b([^>]*)>/g)].map((m) => m[1] ?? '');
    expect(scripts.filter((attrs) => !/type="application\/json"/.test(attrs))).toEqual([
      ' src="/sw-register.js" defer=""',
    ]);
    const text = (await page.textContent('main')) ?? '';
    for (const expected of [
      'contact@passerelle-industrie.fr',
      'slots_read',
      'Authorization',
      'partnerSlots(regionCode',
      '60 requêtes par minute',
      'meeting.booked',
      'webhook-signature',
      "from 'standardwebhooks'",
    ]) {
      expect(text, expected).toContain(expected);
    }
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.screenshot({ path: '/tmp/i37-developpeurs-390.png', fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.screenshot({ path: '/tmp/i37-developpeurs-1280.png', fullPage: true });
    await page.context().close();
  });
});
