import { and, eq } from 'drizzle-orm';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '../../common/accounts.ts';
import { DOCUMENT_MESSAGES } from '../../common/documents.ts';
import { ERROR_MESSAGES } from '../../common/errors.ts';
import { MESSAGES } from '../../common/messages.ts';
import { PICTURE_MESSAGES } from '../../common/pictures.ts';
import { zonedWallClockToUtc } from '../../common/time.ts';
import { WAITLIST_MESSAGES } from '../../common/waitlist.ts';
import { openDb } from '../../db/client.ts';
import {
  articles,
  companies,
  documents,
  emailChanges,
  meetings,
  users,
  waitlistEntries,
} from '../../db/schema.ts';
import { DEMO_ACCOUNTS, tinyPdf } from '../../db/seed/index.ts';
import { BLOCK_SAVED } from '../../islands/accounts/profile/useBlockForm.ts';
import { DEMO_PASSWORD } from '../../scripts/prepare-db.ts';
import { hashPassword, verifyPassword } from '../../server/accounts/index.ts';
import { insertSlot } from '../fixtures/app.ts';
import { testNow } from '../fixtures/clock.ts';
import { schoolDayAhead } from '../fixtures/dates.ts';
import { picturePng } from '../fixtures/pictures.ts';
import { startSmtpServer, type TestSmtpServer } from '../fixtures/smtp-server.ts';
import { launchChromium } from './support/browser.ts';
import { slotCard } from './support/company-page.ts';
import { demoIds } from './support/demo-meeting.ts';
import { type RunningServer, startServer } from './support/server.ts';
import { pageLoggedInAs } from './support/session.ts';

/*
 * Issue 36, what was still dead without JavaScript: a waitlist offer's « Accepter » and « Refuser », the
 * recruiter's e-mail and password (« Token manquant »: the recruitment site's token lives in the browser's
 * storage), the teacher's new e-mail (its password field appeared with a script only), « Supprimer mon
 * compte » (a dialog), and on « Mon entreprise » and « Mon profil » the picture, the news and the documents
 * (forms the pages did not read, buttons with click handlers only). Every form here is sent with JavaScript
 * off: refused with every message at once and the values kept (never a password, nor a file), then done,
 * in the database and in the mail.
 */

let server: RunningServer;
let browser: Browser;
let smtp: TestSmtpServer;
let companyId: number;
let teacherId: number;

beforeAll(async () => {
  smtp = await startSmtpServer();
  [server, browser] = await Promise.all([startServer({ SMTP_URL: smtp.url }), launchChromium()]);
  ({ companyId, teacherId } = await demoIds(server));
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await smtp?.close();
});

const withoutJs = { viewport: { width: 390, height: 844 }, javaScriptEnabled: false };

const pageAs = (email: string): Promise<Page> => pageLoggedInAs(browser, server, email, withoutJs);

async function inDb<T>(read: (db: ReturnType<typeof openDb>) => Promise<T>): Promise<T> {
  const db = openDb(server.databaseUrl);
  try {
    return await read(db);
  } finally {
    db.client.close();
  }
}

async function userRow(email: string) {
  const [row] = await inDb((db) => db.select().from(users).where(eq(users.email, email)));
  if (!row) throw new Error(`no user ${email}`);
  return row;
}

/** Clicks a button of a plain form and waits for the page the server answers. */
async function send(page: Page, button: Locator) {
  await button.click();
  await page.waitForLoadState('load');
}

describe('a waitlist offer without JavaScript', () => {
  const GROUP = 4;

  /**
   * A slot of the demo company at `time` on a school day, full but for the seats held for the demo
   * teacher's offer (decision 0041), and that offer, good for a day.
   */
  async function offer(daysAhead: number, time: string) {
    const date = schoolDayAhead(daysAhead);
    return inDb(async (db) => {
      const slot = await insertSlot(db, companyId, zonedWallClockToUtc(date, time, 'Europe/Paris'), {
        maxParticipants: 10,
        seatsTaken: 10,
        seatsHeld: GROUP,
      });
      const now = testNow();
      const [entry] = await db
        .insert(waitlistEntries)
        .values({
          slotId: slot.id,
          teacherId,
          groupSize: GROUP,
          publicCategory: 'highSchool',
          status: 'offered',
          offeredAt: now,
          offerExpiresAt: new Date(now.getTime() + 86_400_000),
          createdAt: now,
        })
        .returning();
      if (!entry) throw new Error('no entry');
      return { date, slotId: slot.id, entryId: entry.id };
    });
  }

  const entryOf = (id: number) =>
    inDb(async (db) => (await db.select().from(waitlistEntries).where(eq(waitlistEntries.id, id)))[0]);

  const meetingOn = (slotId: number) =>
    inDb(
      async (db) =>
        (
          await db
            .select()
            .from(meetings)
            .where(and(eq(meetings.slotId, slotId), eq(meetings.teacherId, teacherId)))
        )[0],
    );

  const offerForm = (page: Page) => page.getByRole('form', { name: /^Places? proposées? le / });

  it('accepts from « Mes créneaux », the charter’s message first, then the booking as the island says it', async () => {
    const { slotId, entryId } = await offer(22, '07:00');
    const page = await pageAs(DEMO_ACCOUNTS.teacher);
    await page.goto('/meetings-teacher');
    const form = offerForm(page).filter({ has: page.locator(`input[name="entryId"][value="${entryId}"]`) });
    await send(page, form.getByRole('button', { name: 'Accepter' }));
    expect(new URL(page.url()).pathname).toBe('/meetings-teacher');
    expect(await form.getByText(MESSAGES.acceptCharter).isVisible()).toBe(true);
    expect((await entryOf(entryId))?.status).toBe('offered');

    await form.getByRole('checkbox', { name: /charte de bonne conduite/ }).check();
    await send(page, form.getByRole('button', { name: 'Accepter' }));
    const meeting = await meetingOn(slotId);
    expect(meeting?.participantsCount).toBe(GROUP);
    expect((await entryOf(entryId))?.status).toBe('booked');
    const url = new URL(page.url());
    expect([url.searchParams.get('reservee'), url.hash]).toEqual([String(meeting?.id), '#liste-attente']);
    const section = page.getByRole('region', { name: 'Liste d’attente' });
    const booked = section.getByRole('status').filter({ hasText: 'Réservation confirmée' });
    expect(await booked.textContent()).toMatch(
      /^Réservation confirmée\s: .+, chez .+\.Voir mon rendez-vous$/,
    );
    expect(await booked.getByRole('link', { name: 'Voir mon rendez-vous' }).getAttribute('href')).toBe(
      `/meetings-teacher/meeting-details?id=${meeting?.id}`,
    );
    await page.context().close();
  });

  it('declines from the company page, where the card says the seats go to the next', async () => {
    const { date, entryId } = await offer(22, '07:15');
    const page = await pageAs(DEMO_ACCOUNTS.teacher);
    const card = await slotCard(page, companyId, date, '07:15');
    await send(page, card.getByRole('button', { name: 'Refuser' }));
    expect(new URL(page.url()).searchParams.get('liste')).toBe('refusee');
    expect((await entryOf(entryId))?.status).toBe('declined');
    expect(await card.getByText(WAITLIST_MESSAGES.declined).isVisible()).toBe(true);
    await page.context().close();
  });

  it('accepts from the company page, whose card then shows the booking', async () => {
    const { date, slotId } = await offer(22, '07:45');
    const page = await pageAs(DEMO_ACCOUNTS.teacher);
    const card = await slotCard(page, companyId, date, '07:45');
    await card.getByRole('checkbox', { name: /charte de bonne conduite/ }).check();
    await send(page, card.getByRole('button', { name: 'Accepter' }));
    const meeting = await meetingOn(slotId);
    expect(new URL(page.url()).searchParams.get('reservee')).toBe(String(meeting?.id));
    expect(await card.getByRole('status').textContent()).toMatch(/^Réservation confirmée/);
    await page.context().close();
  });

  it('says in French that an offer lapsed meanwhile is gone, and books nothing', async () => {
    const { slotId, entryId } = await offer(22, '06:45');
    const page = await pageAs(DEMO_ACCOUNTS.teacher);
    await page.goto('/meetings-teacher');
    const form = offerForm(page).filter({ has: page.locator(`input[name="entryId"][value="${entryId}"]`) });
    await form.getByRole('checkbox', { name: /charte de bonne conduite/ }).check();
    await inDb((db) =>
      db
        .update(waitlistEntries)
        .set({ offerExpiresAt: new Date(testNow().getTime() - 60_000) })
        .where(eq(waitlistEntries.id, entryId)),
    );
    await send(page, form.getByRole('button', { name: 'Accepter' }));
    expect(await page.getByText(ERROR_MESSAGES.waitlist_offer_expired).isVisible()).toBe(true);
    expect(await meetingOn(slotId)).toBeUndefined();
    await page.context().close();
  });
});

const block = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

async function save(page: Page, region: string) {
  await send(page, block(page, region).getByRole('button', { name: 'Enregistrer' }));
}

describe('the recruiter’s e-mail and password without JavaScript', () => {
  const NEW_EMAIL = 'ines.recrutement@exemple.fr';

  it('changes the e-mail: every message at once, a wrong password, then the link sent to the new address', async () => {
    const page = await pageAs(DEMO_ACCOUNTS.recruiter);
    await page.goto('/my-profile');
    const contact = block(page, 'Coordonnées');
    await contact.getByLabel('Adresse e-mail').fill('pas-une-adresse');
    await contact.getByLabel('Téléphone').fill('12');
    await save(page, 'Coordonnées');
    expect(await contact.getByText(MESSAGES.invalidEmail).isVisible()).toBe(true);
    expect(await contact.getByText(MESSAGES.invalidPhone).isVisible()).toBe(true);
    expect(await contact.getByText(ACCOUNT_MESSAGES.contactNeedsPassword).isVisible()).toBe(true);
    expect(await contact.getByLabel('Adresse e-mail').inputValue()).toBe('pas-une-adresse');
    expect(await contact.getByLabel('Téléphone').inputValue()).toBe('12');

    await contact.getByLabel('Adresse e-mail').fill(NEW_EMAIL);
    await contact.getByLabel('Téléphone').fill('04 72 00 00 01');
    await contact.getByLabel('Mot de passe actuel').fill('Pas-le-bon-1!');
    await save(page, 'Coordonnées');
    expect(await contact.getByText('Le mot de passe actuel est incorrect').isVisible()).toBe(true);
    expect(await contact.getByLabel('Adresse e-mail').inputValue()).toBe(NEW_EMAIL);
    expect(await contact.getByLabel('Mot de passe actuel').inputValue()).toBe('');
    expect(await contact.getByText(ERROR_MESSAGES.missing_lir_token).count()).toBe(0);

    await contact.getByLabel('Mot de passe actuel').fill(DEMO_PASSWORD);
    await save(page, 'Coordonnées');
    expect(new URL(page.url()).searchParams.get('enregistre')).toBe('coordonnees');
    expect(await contact.getByText(BLOCK_SAVED).isVisible()).toBe(true);
    expect(await contact.getByText(`Un lien de confirmation a été envoyé à ${NEW_EMAIL}`).isVisible()).toBe(
      true,
    );
    const recruiter = await userRow(DEMO_ACCOUNTS.recruiter);
    expect(recruiter.phone).toBe('0472000001');
    const [change] = await inDb((db) =>
      db.select().from(emailChanges).where(eq(emailChanges.userId, recruiter.id)),
    );
    expect(change?.newEmail).toBe(NEW_EMAIL);

    await smtp.waitForMessage(
      (m) =>
        m.envelope.to.includes(DEMO_ACCOUNTS.recruiter) &&
        m.subject === 'Demande de changement de votre adresse e-mail',
    );
    const confirmation = await smtp.waitForMessage((m) => m.envelope.to.includes(NEW_EMAIL));
    expect(confirmation.text).toMatch(/\/confirm-email\?token=/);
    await page.context().close();
  });

  it('changes the password: both messages at once, none given back, then the new one holds', async () => {
    const page = await pageAs(DEMO_ACCOUNTS.recruiter);
    await page.goto('/my-profile');
    const password = block(page, 'Mot de passe');
    await password.getByLabel('Nouveau mot de passe').fill('court');
    await save(page, 'Mot de passe');
    expect(await password.getByText(MESSAGES.required).isVisible()).toBe(true);
    expect(await password.getByText(MESSAGES.invalidPassword).isVisible()).toBe(true);
    expect(await password.getByLabel('Nouveau mot de passe').inputValue()).toBe('');

    const NEW_PASSWORD = 'Nouveau-Passe-2027!';
    await password.getByLabel('Mot de passe actuel').fill('Pas-le-bon-1!');
    await password.getByLabel('Nouveau mot de passe').fill(NEW_PASSWORD);
    await save(page, 'Mot de passe');
    expect(await password.getByText('Le mot de passe actuel est incorrect').isVisible()).toBe(true);
    expect(await password.getByLabel('Mot de passe actuel').inputValue()).toBe('');

    await password.getByLabel('Mot de passe actuel').fill(DEMO_PASSWORD);
    await password.getByLabel('Nouveau mot de passe').fill(NEW_PASSWORD);
    await save(page, 'Mot de passe');
    expect(new URL(page.url()).searchParams.get('enregistre')).toBe('mot-de-passe');
    expect(await password.getByText(BLOCK_SAVED).isVisible()).toBe(true);
    const { passwordHash } = await userRow(DEMO_ACCOUNTS.recruiter);
    expect(await verifyPassword(passwordHash ?? '', NEW_PASSWORD)).toBe(true);
    // Every session ended but this one, which goes on.
    await page.goto('/my-profile');
    expect(new URL(page.url()).pathname).toBe('/my-profile');
    await page.context().close();
  });
});

describe('the teacher’s e-mail and password without JavaScript', () => {
  it('asks for the password with the other messages, then sends the link in one post', async () => {
    const NEW_EMAIL = 'camille.nouvelle@exemple.fr';
    const page = await pageAs(DEMO_ACCOUNTS.teacher);
    await page.goto('/my-profile');
    const contact = block(page, 'Informations privées');
    await contact.getByLabel('Adresse e-mail').fill(NEW_EMAIL);
    await contact.getByLabel('Téléphone').fill('12');
    await save(page, 'Informations privées');
    expect(await contact.getByText(MESSAGES.invalidPhone).isVisible()).toBe(true);
    expect(await contact.getByText(ACCOUNT_MESSAGES.emailNeedsPassword).isVisible()).toBe(true);
    expect(await contact.getByLabel('Adresse e-mail').inputValue()).toBe(NEW_EMAIL);

    await contact.getByLabel('Téléphone').fill('');
    await contact.getByLabel('Mot de passe actuel').fill(DEMO_PASSWORD);
    await save(page, 'Informations privées');
    expect(await contact.getByText(BLOCK_SAVED).isVisible()).toBe(true);
    expect(await contact.getByText(`Un lien de confirmation a été envoyé à ${NEW_EMAIL}`).isVisible()).toBe(
      true,
    );
    await smtp.waitForMessage((m) => m.envelope.to.includes(NEW_EMAIL));
    await page.context().close();
  });

  it('changes the password in one post, and the session goes on', async () => {
    const NEW_PASSWORD = 'Nouveau-Passe-2027!';
    const page = await pageAs(DEMO_ACCOUNTS.teacher);
    await page.goto('/my-profile');
    const password = block(page, 'Mot de passe');
    await password.getByLabel('Mot de passe actuel').fill(DEMO_PASSWORD);
    await password.getByLabel('Nouveau mot de passe').fill(NEW_PASSWORD);
    await save(page, 'Mot de passe');
    expect(await password.getByText(BLOCK_SAVED).isVisible()).toBe(true);
    const { passwordHash } = await userRow(DEMO_ACCOUNTS.teacher);
    expect(await verifyPassword(passwordHash ?? '', NEW_PASSWORD)).toBe(true);
    await page.goto('/my-profile');
    expect(new URL(page.url()).pathname).toBe('/my-profile');
    await page.context().close();
  });
});

describe('« Supprimer mon compte » without JavaScript', () => {
  const EMAIL = 'prof.depart@lycee.example';

  beforeAll(async () => {
    const demo = await userRow(DEMO_ACCOUNTS.teacher);
    const passwordHash = await hashPassword(DEMO_PASSWORD);
    await inDb((db) =>
      db.insert(users).values({
        kind: 'teacher',
        email: EMAIL,
        passwordHash,
        firstName: 'Damien',
        lastName: 'Départ',
        profileType: 'teacher',
        schoolLevels: ['lycee'],
        establishmentId: demo.establishmentId,
        departmentCode: demo.departmentCode,
      }),
    );
  });

  it('opens the form in its section, refuses an empty then a wrong password, then deletes and leaves', async () => {
    const page = await pageAs(EMAIL);
    await page.goto('/my-profile');
    const section = page.getByRole('region', { name: 'Supprimer mon compte' });
    await send(page, section.getByRole('button', { name: 'Supprimer mon compte' }));
    expect(new URL(page.url()).searchParams.get('supprimer')).toBe('1');
    const form = section.getByRole('form', { name: 'Supprimer définitivement votre compte ?' });
    await send(page, form.getByRole('button', { name: 'Supprimer mon compte' }));
    expect(await form.getByText(MESSAGES.required).isVisible()).toBe(true);

    await form.getByLabel('Mot de passe actuel').fill('Pas-le-bon-1!');
    await send(page, form.getByRole('button', { name: 'Supprimer mon compte' }));
    expect(await form.getByText('Le mot de passe actuel est incorrect').isVisible()).toBe(true);
    expect(await form.getByLabel('Mot de passe actuel').inputValue()).toBe('');
    expect((await userRow(EMAIL)).anonymizedAt).toBeNull();

    await form.getByLabel('Mot de passe actuel').fill(DEMO_PASSWORD);
    await send(page, form.getByRole('button', { name: 'Supprimer mon compte' }));
    const url = new URL(page.url());
    expect(url.pathname + url.search).toBe('/?compte=supprime');
    expect(await page.getByText('Votre compte a été supprimé.').isVisible()).toBe(true);
    const [gone] = await inDb((db) => db.select().from(users).where(eq(users.email, EMAIL)));
    expect(gone).toBeUndefined();
    expect((await page.context().cookies()).map((cookie) => cookie.name)).not.toContain('session');
    await page.context().close();
  });
});

const documentTitles = (ownerKind: 'company' | 'user', ownerId: number) =>
  inDb(async (db) =>
    (
      await db
        .select({ title: documents.title, ownerKind: documents.ownerKind, purpose: documents.purpose })
        .from(documents)
        .where(eq(documents.ownerId, ownerId))
    )
      .filter((row) => row.ownerKind === ownerKind && row.purpose !== 'picture')
      .map((row) => row.title),
  );

describe('« Mon entreprise » without JavaScript', () => {
  it('refuses a picture that is none, then saves one', async () => {
    const page = await pageAs(DEMO_ACCOUNTS.recruiter);
    await page.goto('/my-company');
    const picture = page.getByRole('region', { name: 'Image ou logo' });
    await send(page, picture.getByRole('button', { name: 'Enregistrer l’image' }));
    expect(await picture.getByText(PICTURE_MESSAGES.fileRequired).isVisible()).toBe(true);

    await picture.getByLabel(/image/i).setInputFiles({
      name: 'atelier.png',
      mimeType: 'image/png',
      buffer: Buffer.from('pas une image'),
    });
    await send(page, picture.getByRole('button', { name: 'Enregistrer l’image' }));
    expect(await picture.getByText(PICTURE_MESSAGES.unsupportedType).isVisible()).toBe(true);

    const { companyId: id } = await userRow(DEMO_ACCOUNTS.recruiter);
    const pictureOf = async () =>
      (
        await inDb((db) =>
          db
            .select()
            .from(companies)
            .where(eq(companies.id, id ?? 0)),
        )
      )[0]?.pictureDocumentId;
    const before = await pictureOf();
    await picture.getByLabel(/image/i).setInputFiles({
      name: 'atelier.png',
      mimeType: 'image/png',
      buffer: picturePng(320, 200),
    });
    await send(page, picture.getByRole('button', { name: 'Enregistrer l’image' }));
    expect(new URL(page.url()).searchParams.get('enregistre')).toBe('image');
    expect(await picture.getByRole('status').textContent()).toBe('Image enregistrée');
    const after = await pictureOf();
    expect(after).not.toBe(before);
    expect(await picture.getByRole('img').getAttribute('src')).toBe(`/pictures/${after}.jpg`);
    await page.context().close();
  });

  it('publishes a news item after its messages at once, changes it, then removes it once confirmed', async () => {
    const page = await pageAs(DEMO_ACCOUNTS.recruiter);
    const { companyId: id } = await userRow(DEMO_ACCOUNTS.recruiter);
    const titles = async () =>
      (
        await inDb((db) =>
          db
            .select()
            .from(articles)
            .where(eq(articles.companyId, id ?? 0)),
        )
      ).map((row) => row.title);
    await page.goto('/my-company');
    const news = page.getByRole('region', { name: 'Actualités' });
    await news.getByLabel('Résumé').fill('Portes ouvertes de l’atelier');
    await send(page, news.getByRole('button', { name: 'Publier l’actualité' }));
    expect(await news.getByText(MESSAGES.required).count()).toBe(2);
    expect(await news.getByLabel('Résumé').inputValue()).toBe('Portes ouvertes de l’atelier');

    await news.getByLabel('Titre').fill('Journée portes ouvertes');
    await news.getByLabel('Texte').fill('Samedi, l’atelier ouvre ses portes aux familles.');
    await send(page, news.getByRole('button', { name: 'Publier l’actualité' }));
    expect(new URL(page.url()).searchParams.get('actualite')).toBe('publiee');
    expect(await news.getByRole('status').textContent()).toBe('Actualité publiée');
    expect(await titles()).toContain('Journée portes ouvertes');

    const item = news.getByRole('listitem').filter({ hasText: 'Journée portes ouvertes' });
    await send(page, item.getByRole('button', { name: /^Modifier/ }));
    expect(await news.getByRole('heading', { name: 'Modifier l’actualité' }).isVisible()).toBe(true);
    expect(await news.getByLabel('Titre').inputValue()).toBe('Journée portes ouvertes');
    await news.getByLabel('Titre').fill('Journée portes ouvertes de printemps');
    await send(page, news.getByRole('button', { name: 'Enregistrer l’actualité' }));
    expect(await news.getByRole('status').textContent()).toBe('Actualité modifiée');
    expect(await titles()).toContain('Journée portes ouvertes de printemps');
    expect(await titles()).not.toContain('Journée portes ouvertes');

    const changed = news.getByRole('listitem').filter({ hasText: 'Journée portes ouvertes de printemps' });
    await send(page, changed.getByRole('button', { name: /^Supprimer/ }));
    const confirm = news.getByRole('region', { name: 'Supprimer cette actualité ?' });
    expect(await titles()).toContain('Journée portes ouvertes de printemps');
    await send(page, confirm.getByRole('button', { name: 'Supprimer l’actualité' }));
    expect(await news.getByRole('status').textContent()).toBe('Actualité supprimée');
    expect(await titles()).not.toContain('Journée portes ouvertes de printemps');
    await page.context().close();
  });

  it('adds a visit document after its messages at once, then removes it once confirmed', async () => {
    const page = await pageAs(DEMO_ACCOUNTS.recruiter);
    const { companyId: id } = await userRow(DEMO_ACCOUNTS.recruiter);
    await page.goto('/my-company');
    const block = page.getByRole('region', { name: 'Documents de visite' });
    await send(page, block.getByRole('button', { name: 'Ajouter le document' }));
    expect(await block.getByText(MESSAGES.required).isVisible()).toBe(true);
    expect(await block.getByText(DOCUMENT_MESSAGES.fileRequired).isVisible()).toBe(true);

    await block.getByLabel('Titre du document').fill('Consignes de l’atelier de soudure');
    await send(page, block.getByRole('button', { name: 'Ajouter le document' }));
    expect(await block.getByText(DOCUMENT_MESSAGES.fileRequired).isVisible()).toBe(true);
    expect(await block.getByLabel('Titre du document').inputValue()).toBe(
      'Consignes de l’atelier de soudure',
    );

    await block.getByLabel('Fichier').setInputFiles({
      name: 'consignes.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from(tinyPdf('Consignes', ['Chaussures fermées, lunettes fournies.'])),
    });
    await send(page, block.getByRole('button', { name: 'Ajouter le document' }));
    expect(new URL(page.url()).searchParams.get('document')).toBe('ajoute');
    expect(await block.getByRole('status').textContent()).toBe('Document ajouté');
    expect(await documentTitles('company', id ?? 0)).toContain('Consignes de l’atelier de soudure');

    const item = block.getByRole('listitem').filter({ hasText: 'Consignes de l’atelier de soudure' });
    await send(page, item.getByRole('button', { name: /^Supprimer/ }));
    const confirm = item.getByRole('region', { name: 'Supprimer ce document ?' });
    await send(page, confirm.getByRole('button', { name: 'Supprimer le document' }));
    expect(await block.getByRole('status').textContent()).toBe('Document supprimé');
    expect(await documentTitles('company', id ?? 0)).not.toContain('Consignes de l’atelier de soudure');
    await page.context().close();
  });
});

describe('« Mes documents » of « Mon profil » without JavaScript', () => {
  it('adds a document, then removes it once confirmed', async () => {
    const page = await pageAs(DEMO_ACCOUNTS.teacher);
    await page.goto('/my-profile');
    const block = page.getByRole('region', { name: 'Mes documents' });
    await block.getByLabel('Titre du document').fill('Projet pédagogique');
    await block.getByLabel('Fichier').setInputFiles({
      name: 'projet.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from(tinyPdf('Projet', ['Visite de la classe de 3e B.'])),
    });
    await send(page, block.getByRole('button', { name: 'Ajouter le document' }));
    expect(await block.getByRole('status').textContent()).toBe('Document ajouté');
    expect(await documentTitles('user', teacherId)).toContain('Projet pédagogique');

    const item = block.getByRole('listitem').filter({ hasText: 'Projet pédagogique' });
    await send(page, item.getByRole('button', { name: /^Supprimer/ }));
    await send(page, item.getByRole('button', { name: 'Supprimer le document' }));
    expect(await block.getByRole('status').textContent()).toBe('Document supprimé');
    expect(await documentTitles('user', teacherId)).not.toContain('Projet pédagogique');
    await page.context().close();
  });
});
