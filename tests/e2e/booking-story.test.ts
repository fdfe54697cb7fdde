import { and, eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { zonedWallClockToUtc } from '../../common/time.ts';
import { openDb } from '../../db/client.ts';
import { companies, slots, users } from '../../db/schema.ts';
import { DEMO_ACCOUNTS } from '../../db/seed/index.ts';
import { schoolDayAhead } from '../fixtures/dates.ts';
import { startSmtpServer, type TestSmtpServer } from '../fixtures/smtp-server.ts';
import { accessibilityViolations, islandsReady, launchChromium, newPage } from './support/browser.ts';
import { slotCard } from './support/company-page.ts';
import { type RunningServer, startServer } from './support/server.ts';
import { logInAs } from './support/session.ts';

/**
 * Issue 4's story, end to end: a company publishes a slot (one wrong field first), a teacher books it,
 * both find it in their meetings, the e-mails with the .ics arrive on a real SMTP server, the teacher
 * cancels after confirming, and the seats come back.
 */
let server: RunningServer;
let browser: Browser;
let smtp: TestSmtpServer;

beforeAll(async () => {
  smtp = await startSmtpServer();
  [server, browser] = await Promise.all([startServer({ SMTP_URL: smtp.url }), launchChromium()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await smtp?.close();
});

async function accessible(page: Page) {
  await islandsReady(page);
  // Dialogs and toasts slide in: axe reads colours once the transitions are over.
  await page.waitForFunction(() => document.getAnimations().length === 0);
  expect(await accessibilityViolations(page), page.url()).toEqual([]);
}

/** The one slot this story publishes: a school day three weeks ahead or more, at an hour no demo slot uses. */
const date = schoolDayAhead(21);
const startsAt = zonedWallClockToUtc(date, '16:30', 'Europe/Paris');
const utcStamp = startsAt.toISOString().replace(/[-:]/g, '').replace('.000', '');

async function recruiterCompany() {
  const db = openDb(server.databaseUrl);
  try {
    const [row] = await db
      .select({ id: companies.id, name: companies.name, phone: companies.phone })
      .from(users)
      .innerJoin(companies, eq(companies.id, users.companyId))
      .where(eq(users.email, DEMO_ACCOUNTS.recruiter));
    if (!row) throw new Error('demo recruiter has no company');
    return row;
  } finally {
    db.client.close();
  }
}

async function seatsTaken(companyId: number) {
  const db = openDb(server.databaseUrl);
  try {
    const [row] = await db
      .select({ seatsTaken: slots.seatsTaken })
      .from(slots)
      .where(and(eq(slots.companyId, companyId), eq(slots.startsAt, startsAt)));
    return row?.seatsTaken;
  } finally {
    db.client.close();
  }
}

describe('a slot, from its publication to its cancellation', () => {
  it('is published, booked, seen by both, e-mailed with its .ics, cancelled, and its seats come back', async () => {
    const company = await recruiterCompany();

    // The company publishes a visit; the speaker's e-mail is wrong first, and nothing typed is lost.
    const recruiter = await newPage(browser, server.baseURL);
    await logInAs(recruiter.context(), server.databaseUrl, server.baseURL, DEMO_ACCOUNTS.recruiter);
    await recruiter.goto('/my-slots/new-slot');
    await accessible(recruiter);
    await recruiter.getByLabel(/^Date\*? \(obligatoire\)$/).fill(date);
    await recruiter.getByRole('combobox', { name: /Heure de début/ }).click();
    await recruiter.getByRole('option', { name: '16:30' }).click();
    await recruiter.getByRole('radio', { name: '1 h', exact: true }).check();
    await recruiter.getByRole('radio', { name: 'Visite' }).check();
    await recruiter.getByRole('checkbox', { name: 'Lycéens' }).check();
    await recruiter.getByRole('spinbutton', { name: /^Nombre de participants/ }).fill('20');
    await recruiter.getByRole('textbox', { name: /^Nom/ }).fill('Lefèvre');
    await recruiter.getByRole('textbox', { name: /^Prénom/ }).fill('Hugo');
    await recruiter.getByRole('textbox', { name: /^Adresse e-mail/ }).fill('hugo.lefevre@');
    await recruiter.getByRole('textbox', { name: /^Téléphone/ }).fill('0472000000');
    await recruiter.getByRole('textbox', { name: /^Fonction/ }).fill('Chef d’atelier');
    await recruiter.getByRole('button', { name: 'Publier le créneau' }).click();
    expect(await recruiter.getByText('L’adresse e-mail est invalide').isVisible()).toBe(true);
    expect(await recruiter.getByRole('textbox', { name: /^Fonction/ }).inputValue()).toBe('Chef d’atelier');
    await accessible(recruiter);
    await recruiter.getByRole('textbox', { name: /^Adresse e-mail/ }).fill('hugo.lefevre@example.fr');
    await recruiter.getByRole('button', { name: 'Publier le créneau' }).click();
    await recruiter.waitForURL('**/my-slots?enregistre=1');
    expect(await seatsTaken(company.id)).toBe(0);

    // A teacher books it from the company page: 8 participants.
    const teacher = await newPage(browser, server.baseURL);
    await logInAs(teacher.context(), server.databaseUrl, server.baseURL, DEMO_ACCOUNTS.teacher);
    const card = await slotCard(teacher, company.id, date, '16:30');
    await accessible(teacher);
    await card.getByRole('button', { name: 'Réserver ce créneau' }).click();
    await card.getByLabel('Nombre de participants').fill('8');
    await card
      .getByRole('group', { name: /Public du groupe/ })
      .getByRole('radio', { name: 'Lycéens' })
      .check();
    await card.getByLabel('Message pour l’entreprise').fill('Une classe de seconde bac pro.');
    await card.getByRole('checkbox', { name: /charte de bonne conduite/ }).check();
    await card.getByRole('button', { name: 'Confirmer la réservation' }).click();
    const confirmation = card.getByRole('region', { name: 'Votre réservation est confirmée' });
    await confirmation.waitFor();
    await accessible(teacher);
    expect(await seatsTaken(company.id)).toBe(8);

    // Both sides receive the e-mail, each with the invitation in UTC.
    const toTeacher = await smtp.waitForMessage(
      (m) =>
        m.envelope.to.includes(DEMO_ACCOUNTS.teacher) &&
        m.subject?.startsWith('Réservation confirmée') === true,
      10_000,
    );
    const toCompany = await smtp.waitForMessage(
      (m) =>
        m.subject?.startsWith('Nouvelle réservation') === true &&
        m.text?.includes('Une classe de seconde bac pro.') === true,
      10_000,
    );
    for (const mail of [toTeacher, toCompany]) {
      const ics = mail.attachments.find((a) => a.mimeType === 'text/calendar');
      expect(String(ics?.content)).toContain(`DTSTART:${utcStamp}`);
      expect(String(ics?.content)).toContain('METHOD:REQUEST');
    }

    // Both find it in their meetings.
    await teacher.goto('/meetings-teacher');
    await accessible(teacher);
    const mine = teacher.getByRole('article').filter({ hasText: company.name }).filter({ hasText: '16:30' });
    expect(await mine.getByText('Confirmé').isVisible()).toBe(true);
    await recruiter.goto('/meetings-company');
    await accessible(recruiter);
    expect(
      await recruiter
        .getByRole('article')
        .filter({ hasText: '16:30' })
        .filter({ hasText: '8 participants' })
        .count(),
    ).toBe(1);

    // The teacher cancels from the details, after the confirmation step that gives the company's phone.
    await mine.getByRole('link').first().click();
    await teacher.waitForURL('**/meetings-teacher/meeting-details?id=*');
    await accessible(teacher);
    await teacher.getByRole('button', { name: 'Annuler le rendez-vous' }).click();
    const dialog = teacher.getByRole('dialog', { name: 'Annuler ce rendez-vous ?' });
    expect(await dialog.getByText(`Prévenez aussi ${company.name} par téléphone`).isVisible()).toBe(true);
    await accessible(teacher);
    await dialog.getByLabel(/Motif/).fill('Sortie reportée par le lycée');
    await dialog.getByRole('button', { name: /Confirmer l’annulation|Confirmer l’annulation/ }).click();
    await teacher
      .getByRole('region', { name: /Statut/ })
      .getByText('Vous avez annulé ce rendez-vous.')
      .waitFor();
    expect(await seatsTaken(company.id)).toBe(0);

    const cancelled = await smtp.waitForMessage(
      (m) =>
        m.envelope.to.includes(DEMO_ACCOUNTS.teacher) && m.subject?.startsWith('Rendez-vous annulé') === true,
      10_000,
    );
    expect(String(cancelled.attachments.find((a) => a.mimeType === 'text/calendar')?.content)).toContain(
      'METHOD:CANCEL',
    );

    // The company's list shows the slot free again.
    await recruiter.goto('/my-slots');
    const freed = recruiter
      .getByRole('listitem')
      .filter({ has: recruiter.getByRole('heading', { name: /16:30 – 17:30/ }) });
    expect(await freed.getByText('Libre', { exact: true }).isVisible()).toBe(true);
  });
});
