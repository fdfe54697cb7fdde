import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTACT_MESSAGES } from '../../common/contact.ts';
import { DEMO_ACCOUNTS } from '../../db/seed/index.ts';
import { startSmtpServer, type TestSmtpServer } from '../fixtures/smtp-server.ts';
import { accessibilityViolations, islandsReady, launchChromium, newPage } from './support/browser.ts';
import { type RunningServer, startServer } from './support/server.ts';
import { logInAs } from './support/session.ts';

/**
 * Issue 12's contact form and issue 13's screen for it, end to end: a visitor is sent to the login; the
 * demo teacher writes (wrongly first), on a phone, with the keyboard; the message reaches their region's
 * operator by e-mail; the operator takes it in hand and answers from the back-office; the teacher gets the
 * answer by e-mail.
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
  await page.waitForFunction(() => document.getAnimations().length === 0);
  expect(await accessibilityViolations(page), page.url()).toEqual([]);
}

const fitsThePhone = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

describe('the contact form (issue 12) and its back-office screen (issue 13)', () => {
  it('sends a visitor to the login, and back to the form once logged in', async () => {
    const page = await newPage(browser, server.baseURL);
    await page.goto('/contact-us');
    const url = new URL(page.url());
    expect(url.pathname).toBe('/login-teacher');
    expect(url.searchParams.get('next')).toBe('/contact-us');
  });

  it('takes a message after refusing bad input; the region’s operator answers it; the teacher gets the answer', async () => {
    const teacher = await newPage(browser, server.baseURL, { viewport: { width: 390, height: 844 } });
    await logInAs(teacher.context(), server.databaseUrl, server.baseURL, DEMO_ACCOUNTS.teacher);
    await teacher.goto('/contact-us');
    await accessible(teacher);
    expect(await fitsThePhone(teacher)).toBe(0);
    const form = teacher.getByRole('form', { name: 'Votre message' });
    // The sender's details come from the account.
    expect(await form.getByText(DEMO_ACCOUNTS.teacher).isVisible()).toBe(true);
    expect(await form.getByText('Camille Martin').isVisible()).toBe(true);

    // Nothing chosen, a message too short: each field says why, the text stays, the focus goes to the first.
    const message = form.getByRole('textbox', { name: /Message/ });
    await message.fill('Bonjour');
    await form.getByRole('button', { name: 'Envoyer le message' }).click();
    await form.getByText(CONTACT_MESSAGES.chooseSubject).waitFor();
    expect(await form.getByText(CONTACT_MESSAGES.tooShort).isVisible()).toBe(true);
    expect(await message.inputValue()).toBe('Bonjour');
    const subject = form.getByRole('combobox', { name: /Sujet/ });
    expect(await subject.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await subject.getAttribute('aria-invalid')).toBe('true');
    await accessible(teacher);

    // With the keyboard: the subject chosen, the message typed, the button reached by Tab and pressed.
    await subject.selectOption({ label: 'Une réservation' });
    await message.focus();
    const text =
      ' : je ne retrouve plus la visite réservée pour ma classe de 3e le mois prochain. Pouvez-vous vérifier ?';
    await teacher.keyboard.press('End');
    await teacher.keyboard.type(text);
    await teacher.keyboard.press('Tab');
    expect(
      await teacher.evaluate(() => document.activeElement?.textContent?.includes('Envoyer le message')),
    ).toBe(true);
    await teacher.keyboard.press('Enter');
    const confirmation = teacher.getByRole('status').filter({ hasText: 'Message envoyé' });
    await confirmation.waitFor();
    expect(await confirmation.textContent()).toContain(CONTACT_MESSAGES.sent);
    await accessible(teacher);
    expect(await fitsThePhone(teacher)).toBe(0);

    const toOperator = await smtp.waitForMessage(
      (m) =>
        m.envelope.to.includes(DEMO_ACCOUNTS.regionalOperator) &&
        m.subject === 'Message via le formulaire de contact : Une réservation — Camille Martin',
      10_000,
    );
    expect(toOperator.text).toContain(`Bonjour${text}`);
    const link = /\/admin\/contact\/(\d+)/.exec(toOperator.text ?? '');
    expect(link).not.toBeNull();
    await smtp.waitForMessage(
      (m) =>
        m.envelope.to.includes(DEMO_ACCOUNTS.teacher) &&
        m.subject === 'Nous avons bien reçu votre message : Une réservation',
      10_000,
    );

    const operator = await newPage(browser, server.baseURL);
    await logInAs(operator.context(), server.databaseUrl, server.baseURL, DEMO_ACCOUNTS.regionalOperator);
    await operator.goto('/admin/contact');
    await accessible(operator);
    await operator
      .getByRole('navigation', { name: 'Sections de l’administration' })
      .getByRole('link', { name: 'Messages' })
      .waitFor();
    const table = operator.getByRole('table', { name: /Messages de contact/ });
    // Réunion's message of the demo is another region's: not listed.
    expect(await table.textContent()).not.toContain('Saint-André');
    await Promise.all([
      operator.waitForURL(new RegExp(`/admin/contact/${link?.[1]}$`)),
      table
        .getByRole('link', { name: /Une réservation — message de Camille Martin/ })
        .first()
        .click(),
    ]);
    await accessible(operator);
    expect(await operator.getByText(`Bonjour${text}`).isVisible()).toBe(true);

    const status = operator.getByRole('combobox', { name: 'Statut' });
    await status.selectOption({ label: 'En cours' });
    await Promise.all([
      operator.waitForURL(/fait=statut/),
      operator.getByRole('button', { name: 'Enregistrer le statut' }).click(),
    ]);
    await operator.getByText('Le statut du message est enregistré.').waitFor();
    await accessible(operator);

    const answerForm = operator.getByRole('form', { name: 'Répondre au message' });
    await answerForm.getByRole('button', { name: 'Envoyer la réponse' }).click();
    await answerForm.getByText('Ce champ est requis').waitFor();
    await accessible(operator);
    const answer =
      'Votre visite est bien enregistrée : elle figure dans « Mes rendez-vous », onglet À venir.';
    await answerForm.getByRole('textbox', { name: /Réponse/ }).fill(answer);
    await Promise.all([
      operator.waitForURL(/fait=reponse/),
      answerForm.getByRole('button', { name: 'Envoyer la réponse' }).click(),
    ]);
    await operator
      .getByText('La réponse est envoyée par e-mail à son auteur, et le message est traité.')
      .waitFor();
    expect(await operator.getByText(answer, { exact: true }).isVisible()).toBe(true);
    const history = operator.getByRole('region', { name: 'Historique' });
    expect(await history.textContent()).toContain('Réponse envoyée à un message de contact');
    await accessible(operator);

    const reply = await smtp.waitForMessage(
      (m) =>
        m.envelope.to.includes(DEMO_ACCOUNTS.teacher) &&
        m.subject === 'Réponse à votre message : Une réservation',
      10_000,
    );
    expect(reply.text).toContain(`Notre réponse : ${answer}`);
  });
});
