import type { PageContextServer } from 'vike/types';
import type { z } from 'zod';
import { passwordField } from '../../common/accounts.ts';
import { WIZARD_FIELDS } from '../../islands/accounts/sign-up-steps.ts';
import { sealText, unsealText } from '../../server/kernel/seal.ts';
import type { FormPost } from './form-post.ts';

/**
 * A sign-up's steps posted as plain forms (docs/decisions/0087): each form holds its step's fields, the other
 * steps' values as hidden inputs, and the password as the server sealed it once given: never in clear in a
 * later step's page. What the result page says goes through the redirect sealed too.
 */

/** The step the post was made on, among the wizard's screens; else the first. */
export function postedStep<S extends string>(post: FormPost, screens: readonly S[]): S {
  const step = post.fields[WIZARD_FIELDS.step];
  return screens.find((screen) => screen === step) ?? (screens[0] as S);
}

/** The password of a step's post: typed now, else the one an earlier step sealed. */
export interface PostedPassword {
  password: string;
  /** Its confirmation as typed; the password itself when it is the sealed one. */
  confirmation: string;
  /** For the next steps' forms: a password that passes the rule (and its confirmation), sealed; else none. */
  seal: string | null;
}

export async function postedPassword(
  pageContext: PageContextServer,
  post: FormPost,
): Promise<PostedPassword> {
  const secret = pageContext.deps.config.JWT_SECRET;
  const typed = post.fields.password ?? '';
  const confirmation = post.fields.passwordConfirmation;
  if (!typed) {
    const sealed = post.fields[WIZARD_FIELDS.passwordSeal] ?? '';
    const kept = sealed ? await unsealText(secret, 'sign-up-password', sealed) : null;
    if (kept) return { password: kept, confirmation: kept, seal: sealed };
    return { password: '', confirmation: confirmation ?? '', seal: null };
  }
  const confirmed = confirmation === undefined || confirmation === typed;
  const seal =
    confirmed && passwordField.safeParse(typed).success
      ? await sealText(secret, 'sign-up-password', typed)
      : null;
  return { password: typed, confirmation: confirmation ?? '', seal };
}

/** What a result page says, sealed for its address (`?inscrite=…`): no name nor e-mail in clear in a URL. */
export async function sealedResult(pageContext: PageContextServer, result: object): Promise<string> {
  return sealText(pageContext.deps.config.JWT_SECRET, 'sign-up-result', JSON.stringify(result));
}

/** The result sealed in the address, or null for anything else. */
export async function resultOf<T>(
  pageContext: PageContextServer,
  sealed: string | undefined,
  schema: z.ZodType<T>,
): Promise<T | null> {
  const text = sealed ? await unsealText(pageContext.deps.config.JWT_SECRET, 'sign-up-result', sealed) : null;
  if (!text) return null;
  try {
    const parsed = schema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
