import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeGraphQL } from '../../../tests/fixtures/fake-graphql.ts';
import { TeacherProfile, type TeacherProfileProps } from './TeacherProfile.tsx';

const server = fakeGraphQL();
afterEach(cleanup);

const PROPS: TeacherProfileProps = {
  firstName: 'Léa',
  lastName: 'Durand',
  description: '',
  email: 'lea@exemple.fr',
  pendingEmail: null,
  phone: '',
  profileType: 'teacher',
  establishment: {
    name: 'Collège A',
    type: 'Collège',
    address: { label: '1 rue A 69003 Lyon', zipcode: '69003', city: 'Lyon', lat: 45.76, lng: 4.85 },
  },
  schoolLevels: ['college'],
  sectors: [],
  jobs: [],
  jobChoices: [],
  useEstablishmentAddress: true,
  referenceAddress: null,
  weeklyMail: false,
};

const block = () =>
  within(screen.getByRole('heading', { name: 'Informations privées' }).closest('form') as HTMLElement);

describe('the private information block (issue 9: a new e-mail is proved)', () => {
  it('asks for the current password only when the e-mail changes, and says where the link went', async () => {
    render(<TeacherProfile {...PROPS} />);
    expect(block().queryByLabelText(/Mot de passe actuel/)).toBeNull();
    const user = userEvent.setup();
    const email = block().getByLabelText(/Adresse e-mail/);
    await user.clear(email);
    await user.type(email, 'lea.new@exemple.fr');
    const password = block().getByLabelText(/Mot de passe actuel/);
    await user.type(password, 'Motdepasse-1');
    server.answers.push({ data: { updateMyContact: { pendingEmail: 'lea.new@exemple.fr' } } });
    await user.click(block().getByRole('button', { name: /Enregistrer/ }));
    await waitFor(() =>
      expect(block().getByRole('status').textContent).toMatch(
        /lien de confirmation a été envoyé à lea\.new@exemple\.fr/,
      ),
    );
    expect(server.requests[0]?.variables).toEqual({
      input: { email: 'lea.new@exemple.fr', phone: undefined, currentPassword: 'Motdepasse-1' },
    });
    // The account keeps its address until the link is opened; the password is not kept in the form.
    expect((block().getByLabelText(/Adresse e-mail/) as HTMLInputElement).value).toBe('lea@exemple.fr');
    expect(block().queryByLabelText(/Mot de passe actuel/)).toBeNull();
  });

  it('shows a wrong password under its field, keeping what was typed', async () => {
    render(<TeacherProfile {...PROPS} />);
    const user = userEvent.setup();
    const email = block().getByLabelText(/Adresse e-mail/);
    await user.clear(email);
    await user.type(email, 'lea.new@exemple.fr');
    await user.type(block().getByLabelText(/Mot de passe actuel/), 'Faux');
    server.answers.push({
      errors: [
        {
          message: 'Certains champs sont à corriger.',
          extensions: {
            code: 'BAD_USER_INPUT',
            fields: { currentPassword: 'Le mot de passe actuel est incorrect' },
          },
        },
      ],
    });
    await user.click(block().getByRole('button', { name: /Enregistrer/ }));
    await waitFor(() => expect(block().getByText('Le mot de passe actuel est incorrect')).toBeTruthy());
    expect((block().getByLabelText(/Adresse e-mail/) as HTMLInputElement).value).toBe('lea.new@exemple.fr');
  });
});
