import type { TypedAddress } from '../address-post.ts';

/**
 * A sign-up's steps as plain forms (docs/decisions/0087, 0094): each posts its `intent` (« Continuer » or
 * « Retour »), the step it shows, the other steps' values as hidden inputs and the password an earlier step
 * was given, sealed by the server. The page renders each step; the browser checks it before it leaves
 * (islands/accounts/sign-up-checks.ts).
 */
export const WIZARD_FIELDS = { intent: 'intent', step: 'step', passwordSeal: 'passwordSeal' } as const;
export const WIZARD_NEXT = 'next';
export const WIZARD_BACK = 'back';

/** Inputs as a form posts them, name and value, a name repeated for each box of a group ticked. */
export type PostedInputs = (readonly [string, string])[];

/**
 * Where a sign-up is: its first step, or where the page's post of a step left it (pages/layout/wizard-post.ts):
 * the step to show, every value typed but the password, the step's messages, and the address fields typed
 * but not settled.
 */
export interface WizardStart<S extends string, V> {
  step: S;
  values: V;
  errors: Record<string, string>;
  alert: string | null;
  addresses: Record<string, TypedAddress>;
  /** The password a step before was given, sealed by the server: it never comes back in clear. */
  passwordSeal: string | null;
  /** The step follows a post of the form (not a first visit): its title takes the focus. */
  posted?: boolean;
}
