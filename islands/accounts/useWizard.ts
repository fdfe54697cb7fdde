import { useRef, useState } from 'react';
import type { z } from 'zod';
import { fieldErrors } from '../../common/accounts.ts';
import { MESSAGES } from '../../common/messages.ts';
import type { TypedAddress } from '../AddressField.tsx';
import { GraphQLRequestError } from '../graphql.ts';
import { hasFieldErrors, retryMessage } from './FormAlert.tsx';

/**
 * Where a sign-up wizard starts: its first step, or where the page's plain post of a step left it
 * (pages/layout/wizard-post.ts, docs/decisions/0087): the step to show, every value typed but the password,
 * the step's messages, and the address fields typed but not settled.
 */
export interface WizardStart<S extends string, V> {
  step: S;
  values: V;
  errors: Record<string, string>;
  alert: string | null;
  addresses: Record<string, TypedAddress>;
  /** The password a step before was given, sealed by the server: it never comes back in clear. */
  passwordSeal: string | null;
}

/**
 * What both sign-up wizards share: the current step, whose title takes the focus when it changes; the
 * errors under the fields; the alert above the form; and the sending of the whole input, where errors
 * are brought back to the step of the first field they concern. `start` is the step, messages included,
 * where the page left the wizard.
 */
export function useWizard<S extends string>(
  start: Pick<WizardStart<S, unknown>, 'step' | 'errors' | 'alert'>,
  stepOfField: (path: string) => S,
) {
  const [step, setStep] = useState<S>(start.step);
  const [errors, setErrors] = useState<Record<string, string>>(start.errors);
  const [alert, setAlert] = useState<string | null>(start.alert);
  const [pending, setPending] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);

  function goTo(next: S) {
    setStep(next);
    setErrors({});
    setAlert(null);
    // Focus moves to the new step's title so that keyboard and screen-reader users start there.
    requestAnimationFrame(() => heading.current?.focus());
  }

  /** Shows errors where they can be fixed: the step of the first field they concern. */
  function showErrorsAt(fields: Record<string, string>) {
    setStep(stepOfField(Object.keys(fields)[0] ?? ''));
    setErrors(fields);
  }

  /**
   * A field just changed loses its error as soon as the step's rule no longer finds one (`paths`: the fields
   * changed; `next`: all the values now). Other fields keep theirs until the next check, and a server's
   * error (an e-mail already used) goes only once that field changes.
   */
  function forgetCorrected(paths: string[], rule: z.ZodType | undefined, next: unknown) {
    if (!rule || !paths.some((path) => errors[path])) return;
    const result = rule.safeParse(next);
    const remaining = result.success ? {} : fieldErrors(result.error);
    setErrors((current) => {
      const kept = { ...current };
      for (const path of paths) {
        if (!remaining[path]) delete kept[path];
      }
      return kept;
    });
  }

  /**
   * Sends the input. `handle` deals first with the codes that mean something to this wizard (it returns
   * true when it did); field errors go to their step, anything else above the form. Stays pending on
   * success, since the page is about to change.
   */
  async function send(request: () => Promise<unknown>, handle: (error: GraphQLRequestError) => boolean) {
    setPending(true);
    setAlert(null);
    try {
      await request();
      return true;
    } catch (error) {
      setPending(false);
      if (!(error instanceof GraphQLRequestError)) setAlert(MESSAGES.genericError);
      else if (handle(error)) return false;
      else if (hasFieldErrors(error)) showErrorsAt(error.fields);
      else setAlert(retryMessage(error));
      return false;
    }
  }

  return {
    step,
    setStep,
    errors,
    setErrors,
    alert,
    pending,
    heading,
    goTo,
    showErrorsAt,
    send,
    forgetCorrected,
  };
}
