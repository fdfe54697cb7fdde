import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCUMENT_MESSAGES, formatFileSize } from '../../common/documents.ts';
import { DEMO_ACCOUNTS, tinyPdf } from '../../db/seed/index.ts';
import { accessibilityViolations, islandsReady, launchChromium, newPage } from './support/browser.ts';
import { type RunningServer, startServer } from './support/server.ts';
import { logInAs } from './support/session.ts';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchChromium()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const TITLE = 'Programme de la journée';
const PDF = Buffer.from(tinyPdf(TITLE, ['Accueil à 9 h, visite des ateliers, déjeuner.']));

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

describe('a recruiter and the visit documents of their company', () => {
  it('uploads a PDF on /my-company, sees it listed, downloads it, and deletes it after confirming', async () => {
    const page = await newPage(browser, server.baseURL);
    await logInAs(page.context(), server.databaseUrl, server.baseURL, DEMO_ACCOUNTS.recruiter);
    await page.goto('/my-company');
    await islandsReady(page);
    expect(await accessibilityViolations(page)).toEqual([]);

    const block = page.getByRole('region', { name: 'Documents de visite' });
    const items = block.getByRole('listitem');
    // The demo seed gave the demo recruiter's company two documents.
    expect(await items.count()).toBe(2);
    expect(await items.first().textContent()).toContain('Plan d’accès et consignes de sécurité');

    // Checked in the browser first, with the server's words; the title stays.
    await block.getByLabel('Titre du document').fill(TITLE);
    await block.getByLabel('Fichier').setInputFiles({
      name: 'programme.exe',
      mimeType: 'application/octet-stream',
      buffer: Buffer.from('MZ'),
    });
    await block.getByRole('button', { name: 'Ajouter le document' }).click();
    expect(await block.getByText(DOCUMENT_MESSAGES.unsupportedType).isVisible()).toBe(true);
    expect(await block.getByLabel('Titre du document').inputValue()).toBe(TITLE);
    expect(await accessibilityViolations(page)).toEqual([]);

    await block.getByLabel('Fichier').setInputFiles({
      name: 'programme-journee.pdf',
      mimeType: 'application/pdf',
      buffer: PDF,
    });
    await block.getByRole('button', { name: 'Ajouter le document' }).click();
    const download = block.getByRole('link', { name: `Télécharger ${TITLE}` });
    await download.waitFor();
    expect(await items.count()).toBe(3);
    expect(await items.last().textContent()).toContain(`PDF · ${formatFileSize(PDF.length)}`);
    expect(await block.getByLabel('Titre du document').inputValue()).toBe('');
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Document ajouté' }).count()).toBe(1);

    const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
    expect(file.suggestedFilename()).toBe('programme-journee.pdf');
    expect(await readAll(await file.createReadStream())).toEqual(PDF);
    const href = String(await download.getAttribute('href'));

    // Kept: the page shows it again after a reload, and anyone may download it.
    await page.reload();
    await islandsReady(page);
    expect(await items.count()).toBe(3);
    const visitor = await browser.newContext({ baseURL: server.baseURL });
    expect((await visitor.request.get(href)).status()).toBe(200);

    await block.getByRole('button', { name: `Supprimer ${TITLE}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Supprimer ce document ?' });
    expect(await dialog.getByText(`Le document « ${TITLE} » sera retiré`).isVisible()).toBe(true);
    expect(await accessibilityViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Supprimer le document' }).click();
    await expect.poll(() => items.count()).toBe(2);
    expect(await dialog.isVisible()).toBe(false);
    expect(await block.getByRole('link', { name: `Télécharger ${TITLE}` }).count()).toBe(0);

    expect((await visitor.request.get(href)).status()).toBe(404);
    await visitor.close();
    await page.reload();
    await islandsReady(page);
    expect(await items.count()).toBe(2);
  });
});
