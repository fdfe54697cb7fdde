import { cleanup, createEvent, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '../../common/accounts.ts';
import { folded } from '../../tests/fixtures/text.ts';
import { TeacherSignUpWizard } from './TeacherSignUpWizard.tsx';
import { EMPTY_VALUES, FIRST_STEP, type TeacherSignUpStart } from './teacher-sign-up.ts';

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

  it('starts where a plain post left it: the step, its messages, the other steps as hidden inputs, no password', () => {
    const { container } = render(
      <TeacherSignUpWizard
        departments={[{ code: '69', name: 'Rhône', active: true }]}
        start={atEstablishment}
      />,
    );
    expect(heading().textContent).toBe('Votre établissement');
    expect(screen.getByLabelText(/Nom de l’établissement/).getAttribute('aria-invalid')).toBe('true');
    const hidden = [...container.querySelectorAll<HTMLInputElement>('input[type="hidden"]')]
      // The step's own fields (the listbox's value and the address' choice) are hidden inputs too.
      .filter((input) => !input.name.startsWith('establishment'))
      .map((input) => [input.name, input.value]);
    expect(hidden).toEqual([
      ['step', 'establishment'],
      ['departmentCode', '69'],
      ['profileType', 'teacher'],
      ['firstName', 'Nadia'],
      ['lastName', 'Benali'],
      ['email', 'nadia.benali@exemple.fr'],
      ['phone', ''],
      ['schoolLevels', 'college'],
      ['schoolLevels', 'lycee'],
      ['passwordSeal', 'scellé'],
    ]);
    expect(container.querySelector('input[name="password"]')).toBeNull();
  });

  it('holding only the sealed password, lets a step post as without JavaScript; holding it, goes on itself', async () => {
    const departments = [{ code: '69', name: 'Rhône', active: true }];
    const submitted = () => {
      const event = createEvent.submit(
        screen.getByRole('button', { name: 'Continuer' }).closest('form') as Element,
      );
      fireEvent(screen.getByRole('button', { name: 'Continuer' }).closest('form') as Element, event);
      return event.defaultPrevented;
    };
    render(<TeacherSignUpWizard departments={departments} start={atEstablishment} />);
    expect(submitted()).toBe(false);
    cleanup();
    render(
      <TeacherSignUpWizard departments={departments} start={{ ...atEstablishment, passwordSeal: null }} />,
    );
    expect(submitted()).toBe(true);
    expect(heading().textContent).toBe('Votre établissement');
  });
});

/** Where the page leaves the wizard after a refused post of the third step. */
const atEstablishment: TeacherSignUpStart = {
  ...FIRST_STEP,
  step: 'establishment',
  values: {
    ...EMPTY_VALUES,
    departmentCode: '69',
    firstName: 'Nadia',
    lastName: 'Benali',
    email: 'nadia.benali@exemple.fr',
    schoolLevels: ['college', 'lycee'],
  },
  errors: { 'establishment.name': 'Ce champ est requis' },
  passwordSeal: 'scellé',
};
