import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeGraphQL } from '../../tests/fixtures/fake-graphql.ts';
import { CONTACT_SENT, ContactCompany, type ContactCompanyProps } from './ContactCompany.tsx';

const server = fakeGraphQL();

const PROPS: ContactCompanyProps = {
  companyId: 9,
  companyName: 'Chaudronnerie de Trignac',
  audience: 'teacher',
  sentCount: 0,
};
const MESSAGE = 'Bonjour, une classe de 3e aimerait découvrir la chaudronnerie au printemps.';

async function openDialog(props: Partial<ContactCompanyProps> = {}) {
  const user = userEvent.setup();
  render(<ContactCompany {...PROPS} {...props} />);
  await user.click(screen.getByRole('button', { name: /Contacter l’entreprise|Écrire un nouveau message/ }));
  const dialog = within(screen.getByRole('dialog', { name: 'Écrire à Chaudronnerie de Trignac' }));
  return { user, dialog };
}

const field = () => screen.getByRole('textbox', { name: /Votre message/ });
const describedBy = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent)
    .join(' ');

describe('ContactCompany', () => {
  it('sends a visitor to the teacher login, and back to the company page after', () => {
    render(<ContactCompany {...PROPS} audience="visitor" />);
    const link = screen.getByRole('link', { name: 'Se connecter pour contacter l’entreprise' });
    expect(link.getAttribute('href')).toBe(
      `/login-teacher?next=${encodeURIComponent('/company-details?id=9')}`,
    );
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('refuses a message too short, under the field, keeps it and sends nothing', async () => {
    const { user, dialog } = await openDialog();
    await user.click(dialog.getByRole('button', { name: 'Envoyer le message' }));
    expect(field().getAttribute('aria-invalid')).toBe('true');
    expect(describedBy(field())).toContain(
      'Présentez votre projet en quelques phrases (20 caractères au moins)',
    );
    expect(document.activeElement).toBe(field());

    await user.type(field(), 'Bonjour !');
    await user.click(dialog.getByRole('button', { name: 'Envoyer le message' }));
    expect(describedBy(field())).toContain('20 caractères au moins');
    expect((field() as HTMLTextAreaElement).value).toBe('Bonjour !');
    expect(server.requests).toEqual([]);
  });

  it('sends the message, closes the dialog and says it was sent', async () => {
    server.answers = [{ data: { contactCompany: true } }];
    const { user, dialog } = await openDialog();
    await user.type(field(), `  ${MESSAGE}  `);
    await user.click(dialog.getByRole('button', { name: 'Envoyer le message' }));

    const sent = await screen.findByRole('status');
    expect(sent.textContent).toBe(CONTACT_SENT);
    expect(CONTACT_SENT).toBe('Votre message a été envoyé à l’entreprise.');
    expect(document.activeElement).toBe(sent);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(server.requests).toEqual([
      expect.objectContaining({
        operationName: 'ContactCompany',
        variables: { companyId: '9', message: MESSAGE },
      }),
    ]);
    // Writing again is possible, to an empty form.
    await user.click(screen.getByRole('button', { name: 'Écrire un nouveau message' }));
    expect((field() as HTMLTextAreaElement).value).toBe('');
  });

  it('says a message was already sent', () => {
    render(<ContactCompany {...PROPS} sentCount={1} />);
    expect(screen.getByText(/Vous avez déjà écrit à cette entreprise/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Écrire un nouveau message' })).toBeTruthy();
  });

  it('shows the rate limit with when to try again, and keeps the text', async () => {
    server.answers = [
      {
        errors: [
          {
            message: 'Trop de tentatives. Veuillez réessayer plus tard.',
            extensions: { code: 'rate_limited', retryAfter: 1500 },
          },
        ],
      },
    ];
    const { user, dialog } = await openDialog();
    await user.type(field(), MESSAGE);
    await user.click(dialog.getByRole('button', { name: 'Envoyer le message' }));
    const alert = await dialog.findByText(/Trop de tentatives/);
    expect(alert.textContent).toBe(
      'Trop de tentatives. Veuillez réessayer plus tard. Réessayez dans 25 minutes.',
    );
    expect(alert.getAttribute('role')).toBe('alert');
    expect((field() as HTMLTextAreaElement).value).toBe(MESSAGE);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('shows the server’s message under the field', async () => {
    server.answers = [
      {
        errors: [
          {
            message: 'Certains champs sont à corriger.',
            extensions: { code: 'BAD_USER_INPUT', fields: { message: '2000 caractères au maximum' } },
          },
        ],
      },
    ];
    const { user, dialog } = await openDialog();
    await user.type(field(), MESSAGE);
    await user.click(dialog.getByRole('button', { name: 'Envoyer le message' }));
    await dialog.findByText('2000 caractères au maximum');
    expect(field().getAttribute('aria-invalid')).toBe('true');
    expect((field() as HTMLTextAreaElement).value).toBe(MESSAGE);
  });

  it('says when the company no longer takes messages', async () => {
    server.answers = [{ errors: [{ message: 'Interdit', extensions: { code: 'FORBIDDEN' } }] }];
    const { user, dialog } = await openDialog();
    await user.type(field(), MESSAGE);
    await user.click(dialog.getByRole('button', { name: 'Envoyer le message' }));
    expect(await dialog.findByText(/ne reçoit plus de messages/)).toBeTruthy();
  });

  it('closes with Escape and gives the focus back to its button', async () => {
    const { user } = await openDialog();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Contacter l’entreprise' }));
  });
});
