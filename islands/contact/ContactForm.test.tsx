import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { CONTACT_MESSAGES } from '../../common/contact.ts';
import { fakeGraphQL } from '../../tests/fixtures/fake-graphql.ts';
import { ContactForm, type ContactFormProps } from './ContactForm.tsx';

const server = fakeGraphQL();

const SENDER: ContactFormProps['sender'] = {
  name: 'Camille Martin',
  email: 'camille@college.example',
  role: 'Enseignant ou enseignante',
  organisation: 'Collège Louise Michel',
  kind: 'teacher',
};
const MESSAGE = 'Je ne retrouve plus la réservation de ma classe pour jeudi.';

const subject = () => screen.getByRole('combobox', { name: /Sujet/ }) as HTMLSelectElement;
const message = () => screen.getByRole('textbox', { name: /Message/ }) as HTMLTextAreaElement;
const describedBy = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent)
    .join(' ');

function setUp() {
  const user = userEvent.setup();
  render(<ContactForm sender={SENDER} />);
  return user;
}

describe('ContactForm', () => {
  it('shows the sender’s details from their account', () => {
    setUp();
    for (const text of [SENDER.name, SENDER.email, SENDER.role, 'Collège Louise Michel']) {
      expect(screen.getByText(text)).toBeTruthy();
    }
    expect(screen.getByRole('link', { name: 'mon profil' }).getAttribute('href')).toBe('/my-profile');
  });

  it('says each field’s error under it, keeps the values, focuses the first, and sends nothing', async () => {
    const user = setUp();
    await user.type(message(), 'Bonjour');
    await user.click(screen.getByRole('button', { name: 'Envoyer le message' }));
    expect(describedBy(subject())).toContain(CONTACT_MESSAGES.chooseSubject);
    expect(describedBy(message())).toContain(CONTACT_MESSAGES.tooShort);
    expect(message().getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(subject());
    expect(message().value).toBe('Bonjour');
    expect(server.requests).toEqual([]);
  });

  it('sends the subject and the message, then says it was sent', async () => {
    server.answers = [{ data: { sendContactMessage: true } }];
    const user = setUp();
    await user.selectOptions(subject(), 'Une réservation');
    await user.type(message(), `  ${MESSAGE}  `);
    await user.click(screen.getByRole('button', { name: 'Envoyer le message' }));
    const sent = await screen.findByRole('status');
    expect(sent.textContent).toContain(CONTACT_MESSAGES.sent);
    expect(document.activeElement).toBe(sent);
    expect(server.requests).toEqual([
      expect.objectContaining({
        operationName: 'SendContactMessage',
        variables: { input: { subject: 'booking', message: MESSAGE } },
      }),
    ]);
    await user.click(screen.getByRole('button', { name: 'Écrire un autre message' }));
    expect(message().value).toBe('');
  });

  it('says the rate limit with when to try again, and keeps the text', async () => {
    server.answers = [
      {
        errors: [
          {
            message: 'Trop de tentatives. Veuillez réessayer plus tard.',
            extensions: { code: 'rate_limited', retryAfter: 1800 },
          },
        ],
      },
    ];
    const user = setUp();
    await user.selectOptions(subject(), 'Autre');
    await user.type(message(), MESSAGE);
    await user.click(screen.getByRole('button', { name: 'Envoyer le message' }));
    const alert = await screen.findByText(/Trop de tentatives/);
    expect(alert.textContent).toBe(
      'Trop de tentatives. Veuillez réessayer plus tard. Réessayez dans 30 minutes.',
    );
    expect(message().value).toBe(MESSAGE);
    expect(subject().value).toBe('other');
  });
});
