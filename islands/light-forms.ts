import type { LightRules } from './light-form.ts';

/**
 * The rules of each light form, by the name its `data-light-form` marker carries, loaded on demand: zod/mini
 * schemas of common/ (the ones the server parses the same form with), or the sign-ups' steps, checked with
 * their rules of common/ on the values read as their page reads them (docs/decisions/0094).
 */
export const LIGHT_FORMS = {
  login: () => import('../common/credentials.ts').then((m) => m.loginSchema),
  passwordResetRequest: () => import('../common/credentials.ts').then((m) => m.passwordResetRequestSchema),
  passwordReset: () => import('../common/credentials.ts').then((m) => m.passwordResetSchema),
  teacherSignUp: () => import('./accounts/sign-up-checks.ts').then((m) => m.teacherSignUpCheck),
  companySignUp: () => import('./accounts/sign-up-checks.ts').then((m) => m.companySignUpCheck),
} satisfies Record<string, () => Promise<LightRules>>;

export type LightFormName = keyof typeof LIGHT_FORMS;

/**
 * Enhances each light form of the page (docs/decisions/0092): a plain HTML form, rendered on the server and
 * posted to its page, that the browser checks before it leaves, with no React. The enhancement and the
 * form's rules load only when the page has one: a page without ships this file alone.
 */
export async function enhanceLightForms(root: ParentNode = document): Promise<void> {
  const forms = [...root.querySelectorAll<HTMLFormElement>('form[data-light-form]')];
  if (forms.length === 0) return;
  const { enhanceForm } = await import('./light-form.ts');
  await Promise.all(
    forms.map(async (form) => {
      const rules = LIGHT_FORMS[form.dataset.lightForm as LightFormName];
      if (!rules) throw new Error(`Unknown light form ${form.dataset.lightForm}`);
      enhanceForm(form, await rules());
    }),
  );
}
