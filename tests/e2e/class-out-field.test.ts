import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../db/seed/index.ts';
import { testNow } from '../fixtures/clock.ts';
import { accessibilityViolations, islandsReady, launchChromium, newPage } from './support/browser.ts';
import { insertDemoMeeting } from './support/demo-meeting.ts';
import { type RunningServer, startServer } from './support/server.ts';
import { logInAs } from './support/session.ts';

/** The class-out documents as the teacher prints them (docs/decisions/0081). */

let server: RunningServer;
let browser: Browser;
let visit: number;

const DAY = 86_400_000;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchChromium()]);
  visit = (await insertDemoMeeting(server, new Date(testNow().getTime() + 4 * DAY), 3)).id;
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function teacherPage(javaScriptEnabled: boolean, width = 1280): Promise<Page> {
  const page = await newPage(browser, server.baseURL, {
    viewport: { width, height: 900 },
    javaScriptEnabled,
  });
  await logInAs(page.context(), server.databaseUrl, server.baseURL, DEMO_ACCOUNTS.teacher);
  return page;
}

const sheetsPrinted = async (page: Page) => {
  await page.emulateMedia({ media: 'print' });
  const texts = await page.locator('.document-sheet:visible').allTextContents();
  await page.emulateMedia({ media: 'screen' });
  return texts;
};

describe('a printable document', () => {
  it('has an « Imprimer » button once its script runs, hidden on paper; the times typed go on the sheet', async () => {
    const page = await teacherPage(true);
    await page.goto(`/meetings/${visit}/fiche-de-sortie`);
    await islandsReady(page);
    await page.evaluate(() => {
      window.print = () => document.body.setAttribute('data-printed', 'oui');
    });
    const button = page.getByRole('button', { name: 'Imprimer', exact: true });
    await button.click();
    expect(await page.locator('body').getAttribute('data-printed')).toBe('oui');
    expect(await page.getByText('Utilisez la commande').count()).toBe(0);
    await page.emulateMedia({ media: 'print' });
    expect(await button.isVisible()).toBe(false);
    expect(await page.getByRole('button', { name: 'Mettre à jour le document' }).isVisible()).toBe(false);
    await page.emulateMedia({ media: 'screen' });

    const [sheet] = await sheetsPrinted(page);
    expect(sheet).toContain('Départ de l’établissement………');
    await page.getByLabel('Départ de l’établissement').fill('08:15');
    await page.getByLabel('Retour à l’établissement').fill('12:30');
    await page.getByRole('button', { name: 'Mettre à jour le document' }).click();
    await page.waitForLoadState('load');
    const [typed] = await sheetsPrinted(page);
    expect(typed).toContain('Départ de l’établissement08:15');
    expect(typed).toContain('Retour à l’établissement12:30');
    expect(await page.getByLabel('Départ de l’établissement').inputValue()).toBe('08:15');
    expect(new URL(page.url()).search).toBe('');
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.goto(`/meetings/${visit}/autorisation-parentale`);
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.context().close();
  });

  it('without JavaScript says how to print, and prints one authorisation per pupil named, kept out of the address', async () => {
    const page = await teacherPage(false, 390);
    await page.goto(`/meetings/${visit}/autorisation-parentale`);
    expect(await page.getByText('Utilisez la commande « Imprimer » de votre navigateur.').isVisible()).toBe(
      true,
    );
    expect(await page.getByRole('button', { name: 'Imprimer', exact: true }).count()).toBe(0);
    expect(await sheetsPrinted(page)).toHaveLength(3);

    await page.getByLabel('Noms des élèves').fill('Léa Martin\nYanis Benali');
    await page.getByRole('button', { name: 'Mettre à jour le document' }).click();
    await page.waitForLoadState('load');
    const sheets = await sheetsPrinted(page);
    expect(sheets).toHaveLength(2);
    expect(sheets[0]).toContain('de l’élève Léa Martin, autorise');
    expect(sheets[1]).toContain('de l’élève Yanis Benali, autorise');
    expect(
      await page.getByText('L’impression compte 2 autorisations, une par élève nommé.').isVisible(),
    ).toBe(true);
    expect(page.url()).not.toContain('Martin');
    expect(await page.getByLabel('Noms des élèves').inputValue()).toBe('Léa Martin\nYanis Benali');
    await page.context().close();
  });
});

describe('a meeting cancelled on its page', () => {
  it('no longer lists its documents, before and after a reload', async () => {
    const id = (await insertDemoMeeting(server, new Date(testNow().getTime() + 5 * DAY), 2)).id;
    const page = await teacherPage(true, 390);
    await page.goto(`/meetings-teacher/meeting-details?id=${id}`);
    await islandsReady(page);
    const documents = page.getByRole('region', { name: 'Documents à imprimer' });
    expect(await documents.isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Annuler le rendez-vous' }).click();
    await page.getByRole('button', { name: 'Confirmer l’annulation' }).click();
    await page.getByText('Le rendez-vous est annulé.').waitFor();
    expect(await documents.count()).toBe(0);
    await page.reload();
    expect(
      await page.getByText('Ce rendez-vous a été annulé').or(page.getByText('Vous avez annulé')).count(),
    ).toBe(1);
    expect(await documents.count()).toBe(0);
    await page.context().close();
  });
});
