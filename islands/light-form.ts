import { safeParse } from 'zod/mini';
import type { $ZodType } from 'zod/v4/core';
import { fieldErrors } from '../common/field-errors.ts';
import { CONTROL_BORDER, FIELD_ERROR_CLASS } from './ui/field-look.ts';

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

const BORDERS = [CONTROL_BORDER.valid, CONTROL_BORDER.invalid].map((look) => look.split(' '));

/**
 * A light form (docs/decisions/0092), checked in the browser with the rules its page parses its post with:
 * - on submit, every field's message at once, under it, in the server's words; the first field in error
 *   takes the focus, the form's alert (a refusal the page showed) goes, and nothing is sent;
 * - a message of a field the page does not show (a hidden token) is left to the server: the form is sent;
 * - sent, the submit button looks busy (the look LightSubmit rendered beside it) and a second submit is
 *   ignored, until the page comes back from the back-forward cache.
 * The form is marked `data-enhanced` once it answers.
 */
export function enhanceForm(form: HTMLFormElement, rules: $ZodType): void {
  let idle: (() => void) | null = null;
  form.addEventListener('submit', (event) => {
    if (idle) return event.preventDefault();
    const parsed = safeParse(rules, formValues(form, event.submitter));
    const first = showErrors(form, parsed.success ? {} : fieldErrors(parsed.error));
    if (first) {
      event.preventDefault();
      emptyAlert(form);
      first.focus();
      return;
    }
    idle = showBusy(form, event.submitter);
  });
  window.addEventListener('pageshow', (event) => {
    if (!event.persisted || !idle) return;
    idle();
    idle = null;
  });
  form.dataset.enhanced = 'true';
}

/** The form's fields as the server reads them (hono/validator): a name ending in `[]` or sent twice is a list. */
export function formValues(form: HTMLFormElement, submitter: HTMLElement | null = null) {
  const values: Record<string, FormDataEntryValue | FormDataEntryValue[]> = Object.create(null);
  new FormData(form, submitter).forEach((value, name) => {
    const known = values[name];
    if (name.endsWith('[]')) values[name] = [...((known as FormDataEntryValue[] | undefined) ?? []), value];
    else if (Array.isArray(known)) known.push(value);
    else if (known !== undefined) values[name] = [known, value];
    else values[name] = value;
  });
  return values;
}

/**
 * Each field shown with its message (by its name, `[]` aside) or without any; the first control in error,
 * in the page's order, or null when none shows one.
 */
function showErrors(form: HTMLFormElement, errors: Record<string, string>): Control | null {
  const fields = new Map<string, Control[]>();
  for (const control of shownControls(form)) {
    const name = control.name.replace(/\[\]$/, '');
    fields.set(name, [...(fields.get(name) ?? []), control]);
  }
  let first: Control | null = null;
  for (const [name, controls] of fields) {
    const message = errors[name];
    showError(controls, message);
    if (message && !first) first = controls[0] ?? null;
  }
  return first;
}

function shownControls(form: HTMLFormElement): Control[] {
  return [...form.elements].filter(
    (element): element is Control =>
      (element instanceof HTMLInputElement ||
        element instanceof HTMLSelectElement ||
        element instanceof HTMLTextAreaElement) &&
      element.name !== '' &&
      !['hidden', 'submit', 'button', 'reset', 'image'].includes(element.type),
  );
}

/**
 * A field's message where Field renders it (islands/ui/Field.tsx): after its control, with the control's id
 * and `-error`, read with the control; a group of boxes has it at the end of its fieldset.
 */
function showError(controls: Control[], message: string | undefined) {
  const [first] = controls;
  if (!first) return;
  const id = `${first.id || first.name}-error`;
  let shown = document.getElementById(id);
  if (message && !shown) {
    shown = document.createElement('p');
    shown.id = id;
    shown.className = FIELD_ERROR_CLASS;
    const group = controls.length > 1 ? first.closest('fieldset') : null;
    if (group) group.append(shown);
    else (first.closest('label') ?? first).after(shown);
  }
  if (message && shown) shown.textContent = message;
  else shown?.remove();
  for (const control of controls) {
    if (message) control.setAttribute('aria-invalid', 'true');
    else control.removeAttribute('aria-invalid');
    const describedBy = new Set(control.getAttribute('aria-describedby')?.split(/\s+/).filter(Boolean));
    if (message) describedBy.add(id);
    else describedBy.delete(id);
    if (describedBy.size > 0) control.setAttribute('aria-describedby', [...describedBy].join(' '));
    else control.removeAttribute('aria-describedby');
    // A control drawn by Field says it with its border too.
    if (BORDERS.some((look) => look.every((name) => control.classList.contains(name)))) {
      control.classList.remove(...BORDERS.flat());
      control.classList.add(...(message ? CONTROL_BORDER.invalid : CONTROL_BORDER.valid).split(' '));
    }
  }
}

/** A refusal the page showed above the form says nothing of what is typed now. */
function emptyAlert(form: HTMLFormElement) {
  const alert = form.querySelector<HTMLElement>('[role="alert"]');
  if (!alert?.textContent) return;
  alert.replaceChildren();
  alert.hidden = true;
}

/**
 * The submit button in its busy look, taken from the `template[data-light-busy]` beside it (LightSubmit);
 * what gives it its idle look back.
 */
function showBusy(form: HTMLFormElement, submitter: HTMLElement | null): () => void {
  const button =
    submitter instanceof HTMLButtonElement ? submitter : form.querySelector('button[type="submit"]');
  const look = button?.nextElementSibling;
  const busy =
    look instanceof HTMLTemplateElement && look.hasAttribute('data-light-busy')
      ? look.content.firstElementChild
      : null;
  if (!button || !busy) return () => {};
  const idleContent = [...button.childNodes];
  button.replaceChildren(...[...busy.childNodes].map((node) => node.cloneNode(true)));
  for (const name of ['aria-busy', 'aria-disabled']) button.setAttribute(name, busy.getAttribute(name) ?? '');
  return () => {
    button.replaceChildren(...idleContent);
    button.removeAttribute('aria-busy');
    button.removeAttribute('aria-disabled');
  };
}
