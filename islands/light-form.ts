import { safeParse } from 'zod/mini';
import type { $ZodType } from 'zod/v4/core';
import { fieldErrors } from '../common/field-errors.ts';
import { CONTROL_BORDER, FIELD_ERROR_CLASS } from './ui/field-look.ts';

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

/** A form's values as the server reads them (`formValues`). */
export type LightValues = Record<string, FormDataEntryValue | FormDataEntryValue[]>;
/**
 * A form's rules: a zod schema of common/ whose paths are the fields' names, or, for a form whose names are
 * not its values' paths (a sign-up's step), what reads the values and says each message by field name.
 */
export type LightRules = $ZodType | ((values: LightValues) => Record<string, string>);

function errorsOf(rules: LightRules, values: LightValues): Record<string, string> {
  if (typeof rules === 'function') return rules(values);
  const parsed = safeParse(rules, values);
  return parsed.success ? {} : fieldErrors(parsed.error);
}

const BORDERS = [CONTROL_BORDER.valid, CONTROL_BORDER.invalid].map((look) => look.split(' '));

/**
 * A light form (docs/decisions/0092), checked in the browser with the rules its page parses its post with:
 * - on submit, every field's message at once, under it, in the server's words; the first field in error
 *   takes the focus, the form's alert (a refusal the page showed) goes, and nothing is sent; a button that
 *   asks no check (`formnovalidate`: a wizard's « Retour ») sends at once;
 * - a field in error loses its message as soon as it is right, the others keep theirs until the next submit;
 * - on a page that follows a post of the form (a wizard's next step), its `[data-light-focus]` element, or
 *   the first field in error, takes the focus;
 * - a message of a field the page does not show (a hidden token) is left to the server: the form is sent;
 * - sent, the submit button looks busy (the look LightSubmit rendered beside it) and a second submit is
 *   ignored, until the page comes back from the back-forward cache.
 * The form is marked `data-enhanced` once it answers.
 */
export function enhanceForm(form: HTMLFormElement, rules: LightRules): void {
  let idle: (() => void) | null = null;
  form.addEventListener('submit', (event) => {
    if (idle) return event.preventDefault();
    const unchecked = event.submitter instanceof HTMLButtonElement && event.submitter.formNoValidate;
    const first = unchecked ? null : showErrors(form, errorsOf(rules, formValues(form, event.submitter)));
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
  const forgetCorrected = (event: Event) => {
    const control = event.target;
    if (!isControl(control) || !isInvalid(control)) return;
    const errors = errorsOf(rules, formValues(form));
    if (!errors[fieldName(control)]) showError(controlsNamed(form, control.name), undefined);
  };
  form.addEventListener('input', forgetCorrected);
  form.addEventListener('change', forgetCorrected);
  const focus = form.querySelector<HTMLElement>('[data-light-focus]');
  if (focus) (shownControls(form).find(isInvalid) ?? focus).focus();
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
    const name = fieldName(control);
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

function isControl(element: unknown): element is Control {
  return (
    (element instanceof HTMLInputElement ||
      element instanceof HTMLSelectElement ||
      element instanceof HTMLTextAreaElement) &&
    element.name !== '' &&
    !['hidden', 'submit', 'button', 'reset', 'image'].includes(element.type)
  );
}

function shownControls(form: HTMLFormElement): Control[] {
  return [...form.elements].filter(isControl);
}

/** The field a control is for: its name, `[]` aside. */
const fieldName = (control: Control) => control.name.replace(/\[\]$/, '');

function controlsNamed(form: HTMLFormElement, name: string): Control[] {
  return shownControls(form).filter((control) => control.name === name);
}

/**
 * A group of boxes (ChoiceGroup) says its message on its fieldset; any other field on its control.
 */
function groupOf(controls: Control[]): HTMLFieldSetElement | null {
  return controls.length > 1 ? (controls[0]?.closest('fieldset') ?? null) : null;
}

/** The id of a field's message: its control's (its group's) followed by `-error`, as Field renders it. */
function errorIdOf(controls: Control[]): string {
  const [first] = controls;
  return `${groupOf(controls)?.id || first?.id || first?.name}-error`;
}

/** Whether a control shows a message now, itself or its group. */
const isInvalid = (control: Control) =>
  control.getAttribute('aria-invalid') === 'true' ||
  control.closest('fieldset[aria-invalid="true"]') !== null;

/**
 * A field's message where Field renders it (islands/ui/Field.tsx): after its control, with the control's id
 * and `-error`, read with the control; a group of boxes has it at the end of its fieldset, read with it.
 */
function showError(controls: Control[], message: string | undefined) {
  const [first] = controls;
  if (!first) return;
  const group = groupOf(controls);
  const id = errorIdOf(controls);
  let shown = document.getElementById(id);
  if (message && !shown) {
    shown = document.createElement('p');
    shown.id = id;
    shown.className = FIELD_ERROR_CLASS;
    if (group) group.append(shown);
    else (first.closest('label') ?? first).after(shown);
  }
  if (message && shown) shown.textContent = message;
  else shown?.remove();
  for (const target of group ? [group] : controls) {
    if (message) target.setAttribute('aria-invalid', 'true');
    else target.removeAttribute('aria-invalid');
    const describedBy = new Set(target.getAttribute('aria-describedby')?.split(/\s+/).filter(Boolean));
    if (message) describedBy.add(id);
    else describedBy.delete(id);
    if (describedBy.size > 0) target.setAttribute('aria-describedby', [...describedBy].join(' '));
    else target.removeAttribute('aria-describedby');
    // A control drawn by Field says it with its border too.
    if (BORDERS.some((look) => look.every((name) => target.classList.contains(name)))) {
      target.classList.remove(...BORDERS.flat());
      target.classList.add(...(message ? CONTROL_BORDER.invalid : CONTROL_BORDER.valid).split(' '));
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
