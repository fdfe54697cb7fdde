import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ERROR_MESSAGES } from '../../common/errors.ts';
import { fakeGraphQL } from '../../tests/fixtures/fake-graphql.ts';
import { CompanyLoginForm } from './CompanyLoginForm.tsx';
import { LoginForm } from './LoginForm.tsx';

const server = fakeGraphQL();

const refused = (retryAfter: number) => ({
  errors: [{ message: ERROR_MESSAGES.rate_limited, extensions: { code: 'rate_limited', retryAfter } }],
});

async function logIn() {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText(/Adresse e-mail/), 'camille.martin@lycee.fr');
  await user.type(screen.getByLabelText(/Mot de passe/), 'Faux-mot-1!');
  await user.click(screen.getByRole('button', { name: 'Se connecter' }));
  return screen.findByText(/Trop de tentatives/);
}

describe('the login forms refused by the login limits', () => {
  it('say when to try again and the way out, in French, and keep the e-mail', async () => {
    server.answers = [refused(540)];
    render(<LoginForm kind="teacher" next="/home-teacher" />);
    const alert = await logIn();
    expect(alert.textContent).toBe(
      'Trop de tentatives de connexion. Réessayez dans 9 minutes, ou choisissez « Mot de passe oublié ? » pour en définir un nouveau.',
    );
    expect(alert.closest('[role="alert"]')).not.toBeNull();
    expect((screen.getByLabelText(/Adresse e-mail/) as HTMLInputElement).value).toBe(
      'camille.martin@lycee.fr',
    );
    expect(screen.getByRole('link', { name: 'Mot de passe oublié ?' })).toBeTruthy();
  });

  it('says « 1 minute » for the last seconds of a window', async () => {
    server.answers = [refused(20)];
    render(<LoginForm kind="admin" next="/admin" />);
    expect((await logIn()).textContent).toMatch(/Réessayez dans 1 minute, ou/);
  });

  it('keeps the company on its form, with the same message, rather than a failure screen', async () => {
    server.answers = [refused(900)];
    render(<CompanyLoginForm />);
    expect((await logIn()).textContent).toMatch(
      /^Trop de tentatives de connexion\. Réessayez dans 15 minutes,/,
    );
    expect(server.requests.map((request) => request.operationName)).toEqual(['LoginCompany']);
  });
});
