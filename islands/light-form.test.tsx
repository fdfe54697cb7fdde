import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { loginSchema, passwordResetSchema } from '../common/credentials.ts';
import { LightForm, LightSubmit } from '../pages/layout/LightForm.tsx';
import { LoginForm } from '../pages/layout/LoginForm.tsx';
import { enhanceForm, formValues } from './light-form.ts';
import { enhanceLightForms } from './light-forms.ts';
import { TextField } from './ui/TextField.tsx';

afterEach(() => {
  document.body.innerHTML = '';
});

/** The server's render of a page's form, in the document. */
function rendered(element: React.ReactElement): HTMLFormElement {
  document.body.innerHTML = renderToString(element);
  const form = document.querySelector('form');
  if (!form) throw new Error('no form');
  return form;
}

/** Submits the form as its button would; whether the browser would have sent it. */
function submit(form: HTMLFormElement): boolean {
  const event = new SubmitEvent('submit', { bubbles: true, cancelable: true });
  return form.dispatchEvent(event);
}

const field = (name: string) =>
  document.querySelector<HTMLInputElement>(`[name="${name}"]`) as HTMLInputElement;
const describedBy = (control: HTMLElement) =>
  (control.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent)
    .join(' ');

describe('a light form', () => {
  it('reads its fields as the server does: a name ending in [] or sent twice is a list', () => {
    const form = rendered(
      <form>
        <input name="email" defaultValue="a@b.fr" />
        <input type="checkbox" name="levels[]" value="college" defaultChecked />
        <input type="checkbox" name="days" value="lundi" defaultChecked />
        <input type="checkbox" name="days" value="mardi" defaultChecked />
        <input type="checkbox" name="unticked" value="x" />
      </form>,
    );
    expect({ ...formValues(form) }).toEqual({
      email: 'a@b.fr',
      'levels[]': ['college'],
      days: ['lundi', 'mardi'],
    });
  });

  it('shows every field’s message under it at once, focuses the first, and sends nothing', () => {
    const form = rendered(
      <LoginForm posted={{ values: { email: 'a@b.fr' }, errors: {}, alert: 'Identifiants incorrects' }} />,
    );
    enhanceForm(form, loginSchema);
    field('email').value = 'camille@';
    expect(submit(form)).toBe(false);
    expect(describedBy(field('email'))).toBe('L’adresse e-mail est invalide');
    expect(describedBy(field('password'))).toBe('Ce champ est requis');
    expect(field('email').getAttribute('aria-invalid')).toBe('true');
    expect(field('email').className).toContain('border-error-text');
    expect(field('email').className).not.toContain('border-grey-text');
    expect(document.activeElement).toBe(field('email'));
    // The server's refusal of the last post says nothing of what is typed now.
    expect(form.querySelector<HTMLElement>('[role="alert"]')?.hidden).toBe(true);

    field('email').value = 'camille@lycee.fr';
    expect(submit(form)).toBe(false);
    expect(document.body.textContent).not.toContain('L’adresse e-mail est invalide');
    expect(field('email').hasAttribute('aria-invalid')).toBe(false);
    expect(field('email').hasAttribute('aria-describedby')).toBe(false);
    expect(field('email').className).toContain('border-grey-text');
    expect(document.activeElement).toBe(field('password'));
  });

  it('takes the message of a refused post away once the field is right, and keeps its hint', () => {
    const form = rendered(
      <LightForm rules="passwordReset">
        <input type="hidden" name="token" value="jeton" />
        <TextField label="Nouveau mot de passe" name="password" hint="8 caractères" error="Trop court" />
        <LightSubmit>Changer</LightSubmit>
      </LightForm>,
    );
    enhanceForm(form, passwordResetSchema);
    expect(describedBy(field('password'))).toBe('8 caractères Trop court');
    field('password').value = 'Nouveau-mot-2026!';
    expect(submit(form)).toBe(true);
    expect(describedBy(field('password'))).toBe('8 caractères');
    expect(document.body.textContent).not.toContain('Trop court');
  });

  it('leaves a field it does not show to the server: a missing token is sent', () => {
    const form = rendered(
      <LightForm rules="passwordReset">
        <input type="hidden" name="token" value="" />
        <TextField label="Nouveau mot de passe" name="password" />
        <LightSubmit>Changer</LightSubmit>
      </LightForm>,
    );
    enhanceForm(form, passwordResetSchema);
    field('password').value = 'Nouveau-mot-2026!';
    expect(submit(form)).toBe(true);
  });

  it('once sent, looks busy with the look rendered beside its button, and is not sent twice', () => {
    const form = rendered(<LoginForm posted={null} />);
    enhanceForm(form, loginSchema);
    field('email').value = 'camille@lycee.fr';
    field('password').value = 'Mot-de-passe-1';
    expect(submit(form)).toBe(true);
    const button = form.querySelector('button') as HTMLButtonElement;
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect(button.getAttribute('aria-disabled')).toBe('true');
    expect(button.querySelector('[role="status"]')?.textContent).toBe('Chargement…');
    expect(submit(form)).toBe(false);

    // Back from the back-forward cache: the form is the person's again.
    // (happy-dom's PageTransitionEvent does not take `persisted`.)
    window.dispatchEvent(Object.defineProperty(new Event('pageshow'), 'persisted', { value: true }));
    expect(button.hasAttribute('aria-busy')).toBe(false);
    expect(button.textContent).toBe('Se connecter');
    expect(submit(form)).toBe(true);
  });

  it('is enhanced by its marker alone, with the rules it names', async () => {
    rendered(<LoginForm posted={null} />);
    await enhanceLightForms();
    const form = document.querySelector('form') as HTMLFormElement;
    expect(form.dataset.enhanced).toBe('true');
    expect(submit(form)).toBe(false);
    expect(describedBy(field('email'))).toBe('Ce champ est requis');
  });
});
