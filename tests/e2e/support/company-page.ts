import type { Locator, Page } from 'playwright-core';

/**
 * A slot's card on its company's page, reached as a teacher reaches it: the slot's week, then its time in
 * the week view, whose link opens the list long enough to show it (the list starts with the first six
 * slots: a test's slot may come after them, depending on the day; docs/decisions/0077).
 */
export async function slotCard(page: Page, companyId: number, date: string, time: string): Promise<Locator> {
  await page.goto(`/company-details?id=${companyId}&semaine=${date}`);
  await page
    .getByRole('region', { name: /^Semaine du/ })
    .getByRole('link', { name: new RegExp(`^${time} :`) })
    .click();
  await page.waitForURL(/#creneau-\d+$/);
  const heading = new URL(page.url()).hash.slice(1);
  return page.getByRole('article').filter({ has: page.locator(`[id="${heading}"]`) });
}
