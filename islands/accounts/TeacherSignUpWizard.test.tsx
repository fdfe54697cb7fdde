import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '../../common/accounts.ts';
import { folded } from '../../tests/fixtures/text.ts';
import { TeacherSignUpWizard } from './TeacherSignUpWizard.tsx';

const heading = () => screen.getByRole('heading', { level: 2 });

async function toPersonalStep() {
  const user = userEvent.setup();
  render(<TeacherSignUpWizard departments={[{ code: '69', name: 'Rhône', active: true }]} />);
  await user.click(screen.getByRole('combobox', { name: /Département de votre établissement/ }));
  await user.click(screen.getByRole('option', { name: '69 — Rhône' }));
  await user.click(screen.getByRole('button', { name: 'Continuer' }));
  expect(heading().textContent).toBe('Vos informations');
  await user.type(screen.getByLabelText(/^Prénom/), 'Nadia');
  await user.type(screen.getByLabelText(/^Nom/), 'Benali');
  await user.type(screen.getByLabelText(/^Adresse e-mail/), 'nadia.benali@exemple.fr');
  await user.type(screen.getByLabelText(/^Mot de passe/), 'Motdepasse-1');
  return user;
}

describe('TeacherSignUpWizard', () => {
  it('asks a teacher to tick collège or lycée', async () => {
    const user = await toPersonalStep();
    const levels = screen.getByRole('group', { name: /Niveaux de vos élèves \(obligatoire\)/ });
    await user.click(screen.getByRole('button', { name: 'Continuer' }));
    expect(heading().textContent).toBe('Vos informations');
    expect(levels.getAttribute('aria-invalid')).toBe('true');
    expect(within(levels).getByText(folded(ACCOUNT_MESSAGES.schoolLevels))).toBeTruthy();
  });

  it('lets a prescriber or an employment partner go on without a level', async () => {
    for (const profile of [/Prescripteur/, /Partenaire de l’emploi/]) {
      const user = await toPersonalStep();
      await user.click(screen.getByRole('radio', { name: profile }));
      const levels = screen.getByRole('group', { name: /Niveaux des jeunes que vous accompagnez/ });
      expect(levels.getAttribute('aria-invalid')).toBeNull();
      expect(within(levels).queryByText('(obligatoire)')).toBeNull();
      await user.click(screen.getByRole('button', { name: 'Continuer' }));
      expect(heading().textContent).toBe('Votre établissement');
      cleanup();
    }
  });

  it('takes a corrected field’s error away at once, and keeps the others until the next check', async () => {
    const user = userEvent.setup();
    render(<TeacherSignUpWizard departments={[{ code: '69', name: 'Rhône', active: true }]} />);
    await user.click(screen.getByRole('combobox', { name: /Département de votre établissement/ }));
    await user.click(screen.getByRole('option', { name: '69 — Rhône' }));
    await user.click(screen.getByRole('button', { name: 'Continuer' }));
    await user.click(screen.getByRole('button', { name: 'Continuer' }));
    const firstName = screen.getByLabelText(/^Prénom/);
    const email = screen.getByLabelText(/^Adresse e-mail/);
    expect(firstName.getAttribute('aria-invalid')).toBe('true');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    await user.type(firstName, 'Nadia');
    expect(firstName.getAttribute('aria-invalid')).toBeNull();
    // Still wrong while typed: its error stays; right, it goes.
    await user.type(email, 'nadia.benali');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    await user.type(email, '@exemple.fr');
    expect(email.getAttribute('aria-invalid')).toBeNull();
    expect(screen.getByLabelText(/^Nom/).getAttribute('aria-invalid')).toBe('true');
  });
});
