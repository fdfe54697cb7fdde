import { eq, sql } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { zonedWallClockToUtc } from '../../common/time.ts';
import { openDb } from '../../db/client.ts';
import { meetings, slots, users } from '../../db/schema.ts';
import { DEMO_ACCOUNTS } from '../../db/seed/index.ts';
import { testNow } from '../fixtures/clock.ts';
import { schoolDayAhead } from '../fixtures/dates.ts';
import { startSmtpServer, type TestSmtpServer } from '../fixtures/smtp-server.ts';
import { accessibilityViolations, islandsReady, launchChromium, newPage } from './support/browser.ts';
import { slotCard } from './support/company-page.ts';
import { type RunningServer, startServer } from './support/server.ts';
import { logInAs } from './support/session.ts';

/**
 * Issue 12's waitlist, end to end at a phone's width: teacher B joins the line of a full slot (a wrong
 * group size first), teacher A cancels, the offer reaches B by e-mail, B accepts it on the site, and B's
 * meeting is there.
 */
let server: RunningServer;
let browser: Browser;
let smtp: TestSmtpServer;

const TEACHER_B = 'prof.attente@lycee.example';
/** The full slot: a school day four weeks ahead or more, at an hour no demo slot uses. */
const date = schoolDayAhead(28);
const startsAt = zonedWallClockToUtc(date, '17:30', 'Europe/Paris');

let companyId: number;
let slotId: number;
let meetingA: number;

beforeAll(async () => {
  smtp = await startSmtpServer();
  [server, browser] = await Promise.all([startServer({ SMTP_URL: smtp.url }), launchChromium()]);
  const db = openDb(server.databaseUrl);
  try {
    const [recruiter] = await db.select().from(users).where(eq(users.email, DEMO_ACCOUNTS.recruiter));
    const [teacherA] = await db.select().from(users).where(eq(users.email, DEMO_ACCOUNTS.teacher));
    if (!recruiter?.companyId || !teacherA) throw new Error('demo accounts missing');
    companyId = recruiter.companyId;
    await db.insert(users).values({
      kind: 'teacher',
      email: TEACHER_B,
      firstName: 'Bérénice',
      lastName: 'Attente',
      profileType: 'teacher',
      schoolLevels: ['lycee'],
      establishmentId: teacherA.establishmentId,
      departmentCode: teacherA.departmentCode,
    });
    const [slot] = await db
      .insert(slots)
      .values({
        companyId,
        startsAt,
        endsAt: new Date(startsAt.getTime() + 3_600_000),
        timeZone: 'Europe/Paris',
        durationMinutes: 60,
        meetingType: 'CompanyVisit',
        publicCategories: ['highSchool'],
        subjects: ['discoverJobs'],
        maxParticipants: 10,
        speakerName: 'Lefèvre',
        speakerFirstname: 'Hugo',
        speakerEmail: 'hugo.lefevre@example.fr',
        speakerPhone: '0472000000',
        speakerRole: 'Chef d’atelier',
      })
      .returning();
    if (!slot) throw new Error('slot not inserted');
    slotId = slot.id;
    const [meeting] = await db
      .insert(meetings)
      .values({
        slotId,
        teacherId: teacherA.id,
        establishmentId: teacherA.establishmentId,
        participantsCount: 10,
        publicCategory: 'highSchool',
        charterAcceptedAt: testNow(),
      })
      .returning();
    meetingA = meeting?.id ?? 0;
    await db.run(sql`UPDATE slots SET seats_taken = 10 WHERE id = ${slotId}`);
  } finally {
    db.client.close();
  }
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await smtp?.close();
});

async function accessible(page: Page) {
  await islandsReady(page);
  await page.waitForFunction(() => document.getAnimations().length === 0);
  expect(await accessibilityViolations(page), page.url()).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
}

async function slotRow() {
  const db = openDb(server.databaseUrl);
  try {
    const [row] = await db.select().from(slots).where(eq(slots.id, slotId));
    return row;
  } finally {
    db.client.close();
  }
}

describe('the waitlist of a full slot', () => {
  it('takes teacher B, offers B the seats teacher A gives back, by e-mail and on the site, and books them', async () => {
    const phone = { viewport: { width: 390, height: 844 } };

    // Teacher B finds the slot full and joins its line: a group of 0 is refused under the field first.
    const b = await newPage(browser, server.baseURL, phone);
    await logInAs(b.context(), server.databaseUrl, server.baseURL, TEACHER_B);
    const card = await slotCard(b, companyId, date, '17:30');
    await accessible(b);
    expect(await card.getByText('Ce créneau est complet.').isVisible()).toBe(true);
    await card.getByRole('button', { name: 'Rejoindre la liste d’attente' }).click();
    const size = card.getByRole('spinbutton', { name: /Taille du groupe/ });
    await size.fill('0');
    await card.getByRole('button', { name: 'M’inscrire sur la liste d’attente' }).click();
    expect(await card.getByText('Indiquez au moins un participant').isVisible()).toBe(true);
    expect(await size.inputValue()).toBe('0');
    await accessible(b);
    await size.fill('6');
    await card.getByRole('button', { name: 'M’inscrire sur la liste d’attente' }).click();
    await card.getByText('Votre groupe est en tête de la liste d’attente.').waitFor();
    await accessible(b);

    // The company sees the line on its slot.
    const company = await newPage(browser, server.baseURL, phone);
    await logInAs(company.context(), server.databaseUrl, server.baseURL, DEMO_ACCOUNTS.recruiter);
    await company.goto('/my-slots');
    const listed = company
      .getByRole('listitem')
      .filter({ has: company.getByRole('heading', { name: /17:30 – 18:30/ }) });
    expect(await listed.getByText('1 enseignant en attente').isVisible()).toBe(true);
    await accessible(company);

    // Teacher A cancels from the meeting's details.
    const a = await newPage(browser, server.baseURL, phone);
    await logInAs(a.context(), server.databaseUrl, server.baseURL, DEMO_ACCOUNTS.teacher);
    await a.goto(`/meetings-teacher/meeting-details?id=${meetingA}`);
    await islandsReady(a);
    await a.getByRole('button', { name: 'Annuler le rendez-vous' }).click();
    const dialog = a.getByRole('dialog', { name: 'Annuler ce rendez-vous ?' });
    await dialog.getByRole('button', { name: /Confirmer l’annulation|Confirmer l’annulation/ }).click();
    await a
      .getByRole('region', { name: /Statut/ })
      .getByText('Vous avez annulé ce rendez-vous.')
      .waitFor();

    // The offer reaches B, and holds B's six seats.
    const offer = await smtp.waitForMessage(
      (m) => m.envelope.to.includes(TEACHER_B) && m.subject?.startsWith('Des places se libèrent') === true,
      15_000,
    );
    expect(await slotRow()).toMatchObject({ seatsTaken: 6, seatsHeld: 6 });
    const link = offer.text?.match(/https?:\/\/\S+#liste-attente/)?.[0];
    expect(link).toBeDefined();

    // B follows the e-mail's link and accepts, with the charter.
    const target = new URL(link ?? '', server.baseURL);
    await b.goto(`${target.pathname}${target.hash}`);
    const section = b.getByRole('region', { name: 'Liste d’attente' });
    await section
      .getByText(/^Des places vous sont proposées jusqu’au .*6 places vous sont réservées\.$/)
      .waitFor();
    await accessible(b);
    await section.getByRole('button', { name: 'Accepter' }).click();
    expect(
      await section.getByText('Vous devez accepter la charte de bonne conduite pour réserver.').isVisible(),
    ).toBe(true);
    await section.getByRole('checkbox', { name: /charte de bonne conduite/ }).check();
    await section.getByRole('button', { name: 'Accepter' }).click();
    await section.getByRole('link', { name: 'Voir mon rendez-vous' }).waitFor();
    await accessible(b);
    expect(await slotRow()).toMatchObject({ seatsTaken: 6, seatsHeld: 0 });

    // B's meeting is in B's list, and the booking's e-mail arrives as any booking's.
    await b.goto('/meetings-teacher');
    await islandsReady(b);
    expect(await b.getByRole('main').getByText(/17:30/).first().isVisible()).toBe(true);
    await smtp.waitForMessage(
      (m) => m.envelope.to.includes(TEACHER_B) && m.subject?.startsWith('Réservation confirmée') === true,
      15_000,
    );
  });
});
