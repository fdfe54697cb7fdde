import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '../../common/accounts.ts';
import { MESSAGES } from '../../common/messages.ts';
import { CompanySignUpForm } from '../../pages/signup-company/CompanySignUpForm.tsx';
import { TeacherSignUpForm } from '../../pages/signup-teacher/TeacherSignUpForm.tsx';
import { EMPTY_VALUES as COMPANY_EMPTY, FIRST_STEP as COMPANY_START } from '../companies/company-sign-up.ts';
import { enhanceForm } from '../light-form.ts';
import { companySignUpCheck, teacherSignUpCheck } from './sign-up-checks.ts';
import { EMPTY_VALUES, FIRST_STEP, type TeacherSignUpStart } from './teacher-sign-up.ts';

afterEach(() => {
  document.body.innerHTML = '';
});

const DEPARTMENTS = [
  { code: '69', name: 'Rhône', active: true },
  { code: '2A', name: 'Corse-du-Sud', active: false },
];

function teacherAt(start: Partial<TeacherSignUpStart>): HTMLFormElement {
  document.body.innerHTML = renderToString(
    <TeacherSignUpForm departments={DEPARTMENTS} start={{ ...FIRST_STEP, ...start }} />,
  );
  const form = document.querySelector('form') as HTMLFormElement;
  enhanceForm(form, teacherSignUpCheck);
  return form;
}

/** Submits the form as `button` would (the step's first submit by default); whether it would be sent. */
function submit(form: HTMLFormElement, button?: HTMLButtonElement): boolean {
  const submitter = button ?? form.querySelector<HTMLButtonElement>('button[type="submit"]');
  return form.dispatchEvent(new SubmitEvent('submit', { bubbles: true, cancelable: true, submitter }));
}

const control = (name: string) => document.querySelector(`[name="${name}"]`) as HTMLInputElement;
const messageOf = (element: Element) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ')
    .trim();
const groupOf = (name: string) => control(name).closest('fieldset') as HTMLFieldSetElement;
const VALID_PERSON = {
  ...EMPTY_VALUES,
  departmentCode: '69',
  firstName: 'Camille',
  lastName: 'Martin',
  email: 'camille@example.fr',
};

describe('the teacher sign-up, checked in the browser before each step is posted', () => {
  it('asks a teacher for a level, with every message of the step at once, and sends nothing', () => {
    const form = teacherAt({ step: 'personal', values: { ...EMPTY_VALUES, departmentCode: '69' } });
    expect(submit(form)).toBe(false);
    expect(messageOf(control('firstName'))).toBe('Ce champ est requis');
    expect(messageOf(control('password'))).toContain('Ce champ est requis');
    expect(messageOf(groupOf('schoolLevels'))).toBe(ACCOUNT_MESSAGES.schoolLevels);
    expect(groupOf('schoolLevels').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(control('firstName'));
  });

  it('lets a prescriber go on without a level', () => {
    const form = teacherAt({ step: 'personal', values: VALID_PERSON });
    control('password').value = 'Passerelle-2026!';
    (document.querySelector('input[value="prescriber"]') as HTMLInputElement).checked = true;
    expect(submit(form)).toBe(true);
  });

  it('takes a corrected field’s message away at once, and keeps the others until the next submit', () => {
    const form = teacherAt({ step: 'personal', values: { ...EMPTY_VALUES, departmentCode: '69' } });
    submit(form);
    control('firstName').value = 'Camille';
    control('firstName').dispatchEvent(new Event('input', { bubbles: true }));
    expect(messageOf(control('firstName'))).toBe('');
    expect(control('firstName').hasAttribute('aria-invalid')).toBe(false);
    expect(messageOf(control('lastName'))).toBe('Ce champ est requis');
    const college = document.querySelector('input[value="college"]') as HTMLInputElement;
    college.checked = true;
    college.dispatchEvent(new Event('change', { bubbles: true }));
    expect(groupOf('schoolLevels').hasAttribute('aria-invalid')).toBe(false);
  });

  it('leaves to the page a password it sealed, and an address typed and not chosen', () => {
    const form = teacherAt({ step: 'personal', values: VALID_PERSON, passwordSeal: 'sealed' });
    (document.querySelector('input[value="college"]') as HTMLInputElement).checked = true;
    expect(submit(form)).toBe(true);

    const establishment = teacherAt({
      step: 'establishment',
      values: {
        ...VALID_PERSON,
        establishment: { name: 'Collège Jean Moulin', type: 'Collège', address: null },
      },
    });
    expect(submit(establishment)).toBe(false);
    expect(messageOf(control('establishmentAddress[text]'))).toBe(
      'Choisissez une adresse dans la liste proposée',
    );
    control('establishmentAddress[text]').value = '12 rue de la République, Lyon';
    expect(submit(establishment)).toBe(true);
  });

  it('goes back unchecked, and moves the focus to the step’s title after a post', () => {
    const form = teacherAt({ step: 'personal', values: EMPTY_VALUES, posted: true });
    expect(document.activeElement?.textContent).toBe('Vos informations');
    const back = [...form.querySelectorAll('button')].find((b) => b.textContent === 'Retour');
    expect(submit(form, back)).toBe(true);
  });

  it('renders a step where a post left it: its messages, the other steps as hidden inputs, no password', () => {
    teacherAt({
      step: 'terms',
      values: { ...VALID_PERSON, schoolLevels: ['college', 'lycee'] },
      errors: { acceptTerms: MESSAGES.acceptTerms },
      passwordSeal: 'sealed',
    });
    const hidden = [...document.querySelectorAll<HTMLInputElement>('input[type="hidden"]')].map(
      (input) => `${input.name}=${input.value}`,
    );
    expect(hidden).toEqual(
      expect.arrayContaining([
        'step=terms',
        'email=camille@example.fr',
        'schoolLevels=college',
        'schoolLevels=lycee',
        'passwordSeal=sealed',
      ]),
    );
    expect(document.querySelector('[name="password"]')).toBeNull();
    expect(messageOf(control('acceptTerms'))).toBe(MESSAGES.acceptTerms);
  });
});

describe('the company sign-up, checked in the browser before each step is posted', () => {
  it('checks the person’s step under the controls that show each value', () => {
    document.body.innerHTML = renderToString(
      <CompanySignUpForm departments={DEPARTMENTS} start={{ ...COMPANY_START, step: 'person' }} />,
    );
    const form = document.querySelector('form') as HTMLFormElement;
    enhanceForm(form, companySignUpCheck);
    control('email').value = 'camille@';
    control('userPhone').value = '12';
    expect(submit(form)).toBe(false);
    expect(messageOf(control('firstName'))).toBe('Ce champ est requis');
    expect(messageOf(control('email'))).toMatch(/adresse e-mail/i);
    expect(messageOf(control('userPhone'))).toMatch(/0XXXXXXXXX|téléphone/i);
  });

  it('checks the request to join: the person, the password and its confirmation, the terms', () => {
    document.body.innerHTML = renderToString(
      <CompanySignUpForm
        departments={DEPARTMENTS}
        start={{
          ...COMPANY_START,
          step: 'join',
          lookup: 'registered',
          values: { ...COMPANY_EMPTY, siret: '73282932000074', name: 'Aéro Occitanie' },
        }}
      />,
    );
    const form = document.querySelector('form') as HTMLFormElement;
    enhanceForm(form, companySignUpCheck);
    control('password').value = 'Passerelle-2026!';
    control('passwordConfirmation').value = 'Passerelle-2027!';
    expect(submit(form)).toBe(false);
    expect(messageOf(control('passwordConfirmation'))).toBe('Les deux mots de passe ne sont pas identiques');
    expect(messageOf(control('acceptTerms'))).toBe(MESSAGES.acceptTerms);
  });
});

describe('the company’s identity step, checked in the browser', () => {
  it('leaves the name and the address of a valid SIRET to the page, which asks the register', () => {
    document.body.innerHTML = renderToString(
      <CompanySignUpForm departments={DEPARTMENTS} start={{ ...COMPANY_START, step: 'identity' }} />,
    );
    const form = document.querySelector('form') as HTMLFormElement;
    enhanceForm(form, companySignUpCheck);
    control('siret').value = '7328293200007';
    expect(submit(form)).toBe(false);
    expect(messageOf(control('siret'))).toContain('14 chiffres');
    expect(messageOf(control('name'))).toBe('Ce champ est requis');
    control('siret').value = '732 829 320 00074';
    expect(submit(form)).toBe(true);
  });
});
