import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { elide } from '../../common/format.ts';
import { MESSAGES } from '../../common/messages.ts';
import { FAQ_MESSAGES } from '../../common/platform-content.ts';
import { TEXT_MAX, TEXT_MESSAGES } from '../../common/text.ts';
import { openDb } from '../../db/client.ts';
import { DEMO_ACCOUNTS } from '../../db/seed/index.ts';
import { BLOCK_SAVED } from '../../islands/accounts/profile/useBlockForm.ts';
import { DEMO_PASSWORD } from '../../scripts/prepare-db.ts';
import { CURRENT_PASSWORD_WRONG } from '../../server/accounts/password-check.ts';
import { readConfig } from '../../server/kernel/config.ts';
import { accessibilityViolations, launchChromium, newPage } from './support/browser.ts';
import { type RunningServer, startServer } from './support/server.ts';
import { logInAs } from './support/session.ts';

/*
 * Issue 36, the back-office without JavaScript: every action of /admin is a plain form posted to its page,
 * through the API's use case. Done, the page says it in the toast's words; refused, the form comes back
 * with what was typed and every message; what a dialog asks comes back as a step in place. A regional
 * operator's crafted post for another region's company or department is a 404, as the API's NOT_FOUND.
 */

const { ADMIN_EMAIL } = readConfig({ ADMIN_EMAIL: process.env.ADMIN_EMAIL });
const PENDING_COMPANY = 'Métallerie des Monts d’Or';
/** Validated companies of the demo, made pending here: Rhône (the regional operator's) and Haute-Garonne. */
const SECOND_PENDING = 'Hydraulique Villeurbannaise';
const OTHER_REGION_COMPANY = 'Aérostructures Garonne';
/** A validated company of Isère, archived from its page. */
const TO_ARCHIVE = 'Microélectronique Belledonne';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchChromium()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function sql(statement: string, args: (string | number)[] = []) {
  const db = openDb(server.databaseUrl);
  try {
    return (await db.client.execute({ sql: statement, args })).rows;
  } finally {
    db.client.close();
  }
}

const companyRow = async (name: string) =>
  (await sql('SELECT id, status, status_reason FROM companies WHERE name = ?', [name]))[0];

/** A page with JavaScript off, logged in as `email`. */
async function pageAs(email: string, width = 1280): Promise<Page> {
  const page = await newPage(browser, server.baseURL, {
    viewport: { width, height: 900 },
    javaScriptEnabled: false,
  });
  await logInAs(page.context(), server.databaseUrl, server.baseURL, email);
  return page;
}

async function submit(button: Locator) {
  await button.click();
  await button.page().waitForLoadState('load');
}

const notice = (page: Page) => page.locator('#avis[role="status"]');

/**
 * The page as shown without JavaScript, axe-clean: axe needs a script, so its HTML is checked in a page of
 * the same size whose own scripts are not loaded.
 */
async function expectAccessible(page: Page) {
  const html = await page.content();
  const checker = await newPage(browser, server.baseURL, { viewport: page.viewportSize() ?? undefined });
  await checker.route('**/*.js', (route) => route.abort());
  await checker.goto('/healthz');
  await checker.setContent(html, { waitUntil: 'load' });
  expect(await accessibilityViolations(checker), page.url()).toEqual([]);
  await checker.context().close();
}

describe('the back-office without JavaScript (issue 36)', () => {
  it('validates a company of the queue, and refuses another once its reason is typed', async () => {
    await sql("UPDATE companies SET status = 'pending', validated_at = NULL WHERE name = ?", [
      SECOND_PENDING,
    ]);
    const page = await pageAs(ADMIN_EMAIL, 390);
    await page.goto('/admin');
    const queue = page.getByRole('region', { name: 'En attente de validation' });
    await submit(
      queue.getByRole('article', { name: PENDING_COMPANY }).getByRole('button', { name: /^Valider/ }),
    );
    expect(new URL(page.url()).searchParams.get('decision')).toBe('ValidateCompany');
    expect(await notice(page).textContent()).toBe(
      `${PENDING_COMPANY} est validée. Ses recruteurs ont été prévenus par e-mail.`,
    );
    expect(await queue.getByRole('article', { name: PENDING_COMPANY }).count()).toBe(0);
    expect((await companyRow(PENDING_COMPANY))?.status).toBe('validated');
    await expectAccessible(page);

    // « Refuser » asks the reason in the card; sent empty, it is asked again.
    const card = queue.getByRole('article', { name: SECOND_PENDING });
    await submit(card.getByRole('button', { name: /^Refuser/ }));
    const step = card.getByRole('region', { name: `Refuser l’inscription ${elide('de', SECOND_PENDING)}` });
    expect(await step.getByLabel(/^Motif du refus/).inputValue()).toBe('');
    await expectAccessible(page);
    await submit(step.getByRole('button', { name: 'Refuser l’inscription' }));
    expect(await step.getByText(MESSAGES.required).isVisible()).toBe(true);
    expect((await companyRow(SECOND_PENDING))?.status).toBe('pending');
    await expectAccessible(page);

    await step.getByLabel(/^Motif du refus/).fill('Le SIRET ne correspond à aucune entreprise industrielle.');
    await submit(step.getByRole('button', { name: 'Refuser l’inscription' }));
    expect(await notice(page).textContent()).toBe(
      `L’inscription ${elide('de', SECOND_PENDING)} est refusée. L’entreprise a été prévenue par e-mail.`,
    );
    expect(await queue.getByRole('article').count()).toBe(0);
    const refused = await companyRow(SECOND_PENDING);
    expect([refused?.status, refused?.status_reason]).toEqual([
      'refused',
      'Le SIRET ne correspond à aucune entreprise industrielle.',
    ]);
    await page.context().close();
  });

  it('archives a company from its page after a confirmation step that « Annuler » leaves', async () => {
    const page = await pageAs(ADMIN_EMAIL);
    const id = (await companyRow(TO_ARCHIVE))?.id;
    await page.goto(`/admin/companies/${id}`);
    await submit(page.getByRole('button', { name: 'Archiver' }));
    const step = page.getByRole('region', { name: `Archiver ${TO_ARCHIVE} ?` });
    expect(await step.textContent()).toContain('ne pourra plus se connecter');
    await expectAccessible(page);
    await submit(step.getByRole('link', { name: 'Annuler' }));
    expect(await page.getByRole('heading', { name: 'Statut : Validée' }).isVisible()).toBe(true);
    expect((await companyRow(TO_ARCHIVE))?.status).toBe('validated');

    await submit(page.getByRole('button', { name: 'Archiver' }));
    await submit(step.getByRole('button', { name: 'Archiver l’entreprise' }));
    expect(new URL(page.url()).searchParams.get('decision')).toBe('ArchiveCompany');
    expect(await notice(page).textContent()).toContain('L’entreprise est archivée.');
    expect(await page.getByRole('heading', { name: 'Statut : Archivée' }).isVisible()).toBe(true);
    expect((await companyRow(TO_ARCHIVE))?.status).toBe('archived');
    await expectAccessible(page);
    await page.context().close();
  });

  it('accepts a transport request and refuses another, the message kept with what is wrong', async () => {
    const pending = await sql(
      "SELECT id FROM transport_requests WHERE status = 'pending' ORDER BY created_at, id",
    );
    expect(pending.length).toBe(2);
    const page = await pageAs(ADMIN_EMAIL, 390);
    await page.goto('/admin/transport');
    const waiting = page.getByRole('region', { name: 'Demandes en attente' });

    const first = waiting.getByRole('listitem').first();
    await submit(first.getByRole('button', { name: /^Accepter/ }));
    const accepting = first.getByRole('region', { name: /^Accepter la demande (de |d’)/ });
    const tooLong = 'x'.repeat(TEXT_MAX.transportAnswer + 1);
    await accepting.getByLabel(/^Message pour l’enseignant/).fill(tooLong);
    await submit(accepting.getByRole('button', { name: 'Accepter la demande' }));
    expect(
      await accepting.getByText(TEXT_MESSAGES.tooLong(TEXT_MAX.transportAnswer), { exact: true }).isVisible(),
    ).toBe(true);
    expect(await accepting.getByLabel(/^Message pour l’enseignant/).inputValue()).toBe(tooLong);
    await expectAccessible(page);
    const answer = 'Un car vous attendra à 8 h devant le collège.';
    await accepting.getByLabel(/^Message pour l’enseignant/).fill(answer);
    await submit(accepting.getByRole('button', { name: 'Accepter la demande' }));
    expect(await notice(page).textContent()).toBe(
      'La demande est acceptée. L’enseignant a été prévenu par e-mail.',
    );
    expect(await waiting.getByRole('listitem').count()).toBe(1);
    const [accepted] = await sql('SELECT status, answer FROM transport_requests WHERE id = ?', [
      Number(pending[0]?.id),
    ]);
    expect([accepted?.status, accepted?.answer]).toEqual(['accepted', answer]);

    const second = waiting.getByRole('listitem').first();
    await submit(second.getByRole('button', { name: /^Refuser/ }));
    const refusing = second.getByRole('region', { name: /^Refuser la demande (de |d’)/ });
    await submit(refusing.getByRole('button', { name: 'Refuser la demande' }));
    expect(await refusing.getByText(MESSAGES.required).isVisible()).toBe(true);
    await refusing.getByLabel(/^Message pour l’enseignant/).fill('Le budget de l’année est épuisé.');
    await submit(refusing.getByRole('button', { name: 'Refuser la demande' }));
    expect(await notice(page).textContent()).toBe(
      'La demande est refusée. L’enseignant a été prévenu par e-mail.',
    );
    expect(await waiting.getByRole('listitem').count()).toBe(0);
    const [refused] = await sql('SELECT status FROM transport_requests WHERE id = ?', [
      Number(pending[1]?.id),
    ]);
    expect(refused?.status).toBe('refused');
    await expectAccessible(page);
    await page.context().close();
  });

  it('adds an FAQ entry (every message at once, the text kept), edits it, then deletes it once confirmed', async () => {
    const page = await pageAs(ADMIN_EMAIL);
    await page.goto('/admin/content');
    await submit(page.getByRole('button', { name: 'Ajouter une question' }));
    let editor = page.getByRole('region', { name: 'Nouvelle question' });
    const answer = 'Oui : la plateforme propose aussi des interventions en classe.';
    await editor.getByLabel(/^Réponse/).fill(answer);
    await editor.getByLabel(/^Position/).fill('premier');
    await submit(editor.getByRole('button', { name: 'Enregistrer' }));
    expect(await editor.getByText(MESSAGES.required).isVisible()).toBe(true);
    expect(await editor.getByText(FAQ_MESSAGES.position).isVisible()).toBe(true);
    expect(await editor.getByLabel(/^Réponse/).inputValue()).toBe(answer);
    expect(await editor.getByLabel(/^Position/).inputValue()).toBe('premier');
    await expectAccessible(page);

    const question = 'Une entreprise peut-elle venir au collège ?';
    await editor.getByLabel(/^Question/).fill(question);
    await editor.getByLabel(/^Position/).fill('');
    await editor.getByRole('radio', { name: /^Enseignants/ }).check();
    await submit(editor.getByRole('button', { name: 'Enregistrer' }));
    expect(await notice(page).textContent()).toBe('La question est ajoutée pour le public « Enseignants ».');
    const teachers = page.getByRole('region', { name: /^Enseignants/ });
    expect(await teachers.getByRole('heading', { name: question }).isVisible()).toBe(true);
    const [added] = await sql('SELECT id, audience, answer FROM faq_entries WHERE question = ?', [question]);
    expect([added?.audience, added?.answer]).toEqual(['teacher', answer]);

    await submit(teachers.getByRole('button', { name: `Modifier la question « ${question} »` }));
    editor = page.getByRole('region', { name: 'Modifier la question' });
    expect(await editor.getByLabel(/^Question/).inputValue()).toBe(question);
    await editor.getByLabel(/^Réponse/).fill('Oui, pour une intervention d’une heure.');
    await submit(editor.getByRole('button', { name: 'Enregistrer' }));
    expect(await notice(page).textContent()).toBe('La question est enregistrée.');
    const [edited] = await sql('SELECT answer FROM faq_entries WHERE id = ?', [Number(added?.id)]);
    expect(edited?.answer).toBe('Oui, pour une intervention d’une heure.');

    await submit(teachers.getByRole('button', { name: `Supprimer la question « ${question} »` }));
    const step = teachers.getByRole('region', { name: 'Supprimer cette question ?' });
    expect(await step.textContent()).toContain(question);
    await expectAccessible(page);
    await submit(step.getByRole('button', { name: 'Supprimer la question' }));
    expect(await notice(page).textContent()).toBe('La question est supprimée.');
    expect(await teachers.getByRole('heading', { name: question }).count()).toBe(0);
    expect(await sql('SELECT id FROM faq_entries WHERE id = ?', [Number(added?.id)])).toEqual([]);
    await page.context().close();
  });

  it('writes an article (the text kept on an error), publishes it, then deletes it once confirmed', async () => {
    const page = await pageAs(ADMIN_EMAIL, 390);
    await page.goto('/admin/content');
    await submit(page.getByRole('button', { name: 'Nouvel article' }));
    const editor = page.getByRole('region', { name: 'Nouvel article' });
    const body = '# Qui ouvre ses portes\n\nUne **fonderie** et un atelier de chaudronnerie.';
    await editor.getByLabel(/^Texte/).fill(body);
    await submit(editor.getByRole('button', { name: 'Enregistrer' }));
    expect(await editor.getByText(MESSAGES.required).isVisible()).toBe(true);
    expect(await editor.getByLabel(/^Texte/).inputValue()).toBe(body);
    await expectAccessible(page);

    const title = 'Deux nouvelles entreprises à Vénissieux';
    await editor.getByLabel(/^Titre/).fill(title);
    await editor.getByRole('checkbox', { name: /^Publier l’article/ }).check();
    await submit(editor.getByRole('button', { name: 'Enregistrer' }));
    expect(await notice(page).textContent()).toBe('L’article est publié.');
    const [article] = await sql('SELECT id, body, published_at FROM articles WHERE title = ?', [title]);
    expect(article?.body).toBe(body);
    expect(article?.published_at).not.toBeNull();
    const reader = await newPage(browser, server.baseURL, { javaScriptEnabled: false });
    expect((await reader.goto(`/article/${article?.id}`))?.status()).toBe(200);

    await submit(page.getByRole('button', { name: `Modifier l’article « ${title} »` }));
    const editing = page.getByRole('region', { name: `Modifier l’article « ${title} »` });
    await editing.getByRole('checkbox', { name: /^Publier l’article/ }).uncheck();
    await submit(editing.getByRole('button', { name: 'Enregistrer' }));
    expect(await notice(page).textContent()).toBe('Le brouillon est enregistré.');
    expect((await reader.goto(`/article/${article?.id}`))?.status()).toBe(404);

    await submit(page.getByRole('button', { name: `Supprimer l’article « ${title} »` }));
    const step = page.getByRole('region', { name: 'Supprimer cet article ?' });
    expect(await step.textContent()).toContain('Le brouillon est effacé.');
    await expectAccessible(page);
    await submit(step.getByRole('button', { name: 'Supprimer l’article' }));
    expect(await notice(page).textContent()).toBe('L’article est supprimé.');
    expect(await sql('SELECT id FROM articles WHERE title = ?', [title])).toEqual([]);
    await reader.context().close();
    await page.context().close();
  });

  it('opens a department at once, and closes it after the step that says what closing does', async () => {
    const [closed] = await sql('SELECT code, name FROM departments WHERE active = 0 ORDER BY code LIMIT 1');
    const code = String(closed?.code);
    const active = async () =>
      Number((await sql('SELECT active FROM departments WHERE code = ?', [code]))[0]?.active);
    const page = await pageAs(ADMIN_EMAIL, 390);
    await page.goto('/admin/departments');
    const toggle = page.getByRole('switch', { name: new RegExp(`\\(${code}\\)$`) });
    await submit(toggle);
    expect(await notice(page).textContent()).toBe(
      `La plateforme est ouverte dans le département ${closed?.name}.`,
    );
    expect(await toggle.getAttribute('aria-checked')).toBe('true');
    expect(await active()).toBe(1);

    await submit(toggle);
    const step = page.getByRole('region', { name: /^Fermer la plateforme dans le département/ });
    expect(await step.textContent()).toContain(
      'les inscriptions d’enseignants et d’entreprises de ce département sont refusées',
    );
    expect(await active()).toBe(1);
    await expectAccessible(page);
    await submit(step.getByRole('button', { name: 'Fermer le département' }));
    expect(await notice(page).textContent()).toBe(
      `La plateforme est fermée dans le département ${closed?.name}.`,
    );
    expect(await toggle.getAttribute('aria-checked')).toBe('false');
    expect(await active()).toBe(0);
    await page.context().close();
  });

  it('invites an operator (the address kept beside its message), invites again, removes once confirmed', async () => {
    const email = 'cst.bretagne@exemple.fr';
    const page = await pageAs(ADMIN_EMAIL);
    await page.goto('/admin/operators');
    const form = page.getByRole('region', { name: 'Inviter un opérateur' });
    await form.getByLabel(/^E-mail/).fill(email);
    await submit(form.getByRole('button', { name: 'Envoyer l’invitation' }));
    expect(await form.getByText('Choisissez la région de l’opérateur').isVisible()).toBe(true);
    expect(await form.getByLabel(/^E-mail/).inputValue()).toBe(email);
    await expectAccessible(page);
    await form.getByLabel(/^Région/).selectOption({ label: 'Bretagne' });
    await submit(form.getByRole('button', { name: 'Envoyer l’invitation' }));
    expect(await notice(page).textContent()).toBe(
      'L’invitation est envoyée : le lien est valable une semaine.',
    );
    const item = page.getByRole('listitem').filter({ hasText: email });
    expect(await item.textContent()).toContain('Opérateur régional — Bretagne — invitation en attente');

    await submit(item.getByRole('button', { name: `Renvoyer l’invitation à ${email}` }));
    expect(await notice(page).textContent()).toBe(`Une nouvelle invitation a été envoyée à ${email}.`);

    await submit(item.getByRole('button', { name: `Retirer ${email}` }));
    const step = item.getByRole('region', { name: `Retirer l’accès de ${email} ?` });
    await expectAccessible(page);
    await submit(step.getByRole('button', { name: 'Retirer l’accès' }));
    expect(await notice(page).textContent()).toBe(
      'L’accès est retiré : la personne ne peut plus se connecter à l’administration.',
    );
    expect(await page.getByRole('listitem').filter({ hasText: email }).count()).toBe(0);
    await page.context().close();
  });

  it('sends a person a link and deletes a teacher’s account at their request, each once confirmed', async () => {
    const page = await pageAs(ADMIN_EMAIL, 390);
    const [teacher] = await sql('SELECT id, email FROM users WHERE email = ?', [DEMO_ACCOUNTS.teacher]);
    await page.goto(`/admin/people/${teacher?.id}`);
    await submit(page.getByRole('button', { name: 'Envoyer un lien de connexion' }));
    const step = page.getByRole('region', { name: /^Envoyer un lien de connexion à / });
    await expectAccessible(page);
    await submit(step.getByRole('button', { name: 'Envoyer le lien' }));
    expect(await notice(page).textContent()).toBe(
      `Un lien pour choisir un mot de passe a été envoyé à ${DEMO_ACCOUNTS.teacher}.`,
    );
    expect(await page.getByRole('region', { name: 'Historique' }).textContent()).toContain(
      'Lien d’accès envoyé',
    );

    const [other] = await sql(
      "SELECT id FROM users WHERE kind = 'teacher' AND email != ? AND anonymized_at IS NULL ORDER BY id LIMIT 1",
      [DEMO_ACCOUNTS.teacher],
    );
    await page.goto(`/admin/people/${other?.id}`);
    await submit(page.getByRole('button', { name: 'Supprimer le compte à sa demande' }));
    await submit(
      page.getByRole('region', { name: /^Supprimer le compte (de |d’)/ }).getByRole('button', {
        name: 'Supprimer le compte',
      }),
    );
    expect(new URL(page.url()).searchParams.get('supprime')).toBe('1');
    expect(await page.getByText('Le compte est supprimé.').isVisible()).toBe(true);
    const [anonymised] = await sql('SELECT anonymized_at FROM users WHERE id = ?', [Number(other?.id)]);
    expect(anonymised?.anonymized_at).not.toBeNull();
    await page.context().close();
  });

  it('changes a contact message’s status, then answers it (an empty answer asked again)', async () => {
    const [message] = await sql(
      'SELECT id FROM contact_messages WHERE company_id IS NULL AND answer IS NULL ORDER BY id LIMIT 1',
    );
    const id = Number(message?.id);
    const page = await pageAs(ADMIN_EMAIL);
    await page.goto(`/admin/contact/${id}`);
    await page.getByLabel('Statut', { exact: true }).selectOption({ label: 'En cours' });
    await submit(page.getByRole('button', { name: 'Enregistrer le statut' }));
    expect(await notice(page).textContent()).toBe('Le statut du message est enregistré.');
    expect((await sql('SELECT status FROM contact_messages WHERE id = ?', [id]))[0]?.status).toBe(
      'in_progress',
    );

    const answering = page.getByRole('form', { name: 'Répondre au message' });
    await submit(answering.getByRole('button', { name: 'Envoyer la réponse' }));
    expect(await answering.getByText(MESSAGES.required).isVisible()).toBe(true);
    await expectAccessible(page);
    const answer = 'Bonjour, votre établissement est bien rattaché à la région.';
    await answering.getByLabel(/^Réponse/).fill(answer);
    await submit(answering.getByRole('button', { name: 'Envoyer la réponse' }));
    expect(await notice(page).textContent()).toBe(
      'La réponse est envoyée par e-mail à son auteur, et le message est traité.',
    );
    const [answered] = await sql('SELECT status, answer FROM contact_messages WHERE id = ?', [id]);
    expect([answered?.status, answered?.answer]).toEqual(['handled', answer]);
    await page.context().close();
  });

  it('refuses a regional operator’s crafted posts for another region (404), and any post from another site (403)', async () => {
    await sql("UPDATE companies SET status = 'pending', validated_at = NULL WHERE name = ?", [
      OTHER_REGION_COMPANY,
    ]);
    const id = (await companyRow(OTHER_REGION_COMPANY))?.id;
    const page = await pageAs(DEMO_ACCOUNTS.regionalOperator);
    const post = (path: string, form: Record<string, string>, origin = server.baseURL) =>
      page.request.post(path, { headers: { origin }, form, maxRedirects: 0 });

    expect((await post('/admin', { intent: 'ValidateCompany', id: String(id) })).status()).toBe(404);
    expect(
      (
        await post(`/admin/companies/${id}`, { intent: 'RefuseCompany', confirm: '1', reason: 'Non.' })
      ).status(),
    ).toBe(404);
    expect((await companyRow(OTHER_REGION_COMPANY))?.status).toBe('pending');

    const [outside] = await sql("SELECT code FROM departments WHERE code = '31'");
    const before = await sql("SELECT active FROM departments WHERE code = '31'");
    const close = { intent: 'department', code: String(outside?.code), active: 'true', confirm: '1' };
    expect((await post('/admin/departments', close)).status()).toBe(404);
    expect(await sql("SELECT active FROM departments WHERE code = '31'")).toEqual(before);

    // Their own region's company, from another site: refused before anything is read.
    const own = (await companyRow('Forges du Gier'))?.id;
    const foreign = await post(
      `/admin/companies/${own}`,
      { intent: 'ArchiveCompany', confirm: '1' },
      'https://ailleurs.example',
    );
    expect(foreign.status()).toBe(403);
    expect((await companyRow('Forges du Gier'))?.status).toBe('validated');
    await page.context().close();
  });
  it('changes an operator’s own password, never giving it back on an error', async () => {
    const page = await pageAs(DEMO_ACCOUNTS.regionalOperator, 390);
    await page.goto('/admin/account');
    const block = page.getByRole('region', { name: 'Mot de passe' });
    await block.getByLabel('Mot de passe actuel').fill('pas-le-bon-mot-de-passe');
    await block.getByLabel('Nouveau mot de passe').fill('Chambre-Rhone-Alpes-2027!');
    await submit(block.getByRole('button', { name: 'Enregistrer' }));
    expect(await block.getByText(CURRENT_PASSWORD_WRONG).isVisible()).toBe(true);
    expect(await block.getByLabel('Mot de passe actuel').inputValue()).toBe('');
    expect(await block.getByLabel('Nouveau mot de passe').inputValue()).toBe('');
    await expectAccessible(page);

    await block.getByLabel('Mot de passe actuel').fill(DEMO_PASSWORD);
    await block.getByLabel('Nouveau mot de passe').fill('Chambre-Rhone-Alpes-2027!');
    await submit(block.getByRole('button', { name: 'Enregistrer' }));
    expect(await block.getByRole('status').textContent()).toBe(BLOCK_SAVED);
    // The session goes on: the page is still the operator's.
    await page.goto('/admin/account');
    expect(new URL(page.url()).pathname).toBe('/admin/account');
    await page.context().close();
  });
});
