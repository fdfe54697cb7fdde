import { zValidator } from '@hono/zod-validator';
import { render } from 'vike/abort';
import type { PageContextServer } from 'vike/types';
import type { z } from 'zod';
import { fieldErrors } from '../../common/accounts.ts';
import { ERROR_MESSAGES } from '../../common/errors.ts';
import type { AddressValue } from '../../islands/AddressField.tsx';
import { AppError, invalidInput } from '../../server/kernel/errors.ts';

/**
 * A plain HTML form posted to its page (PRODUCT.md, « HTML first »): read on the server by the page's
 * `+data.ts`, which calls the same use case as the API, then redirects on success or renders the page
 * again with the French messages under the fields and the values kept.
 */
export interface FormPost {
  /** Which of the page's forms was sent (its `intent` field). */
  intent: string;
  /** The fields as sent, every value a string (a repeated name keeps its last value). */
  fields: Record<string, string>;
  /** Every value of each name, in order: a group of checkboxes sends its name once per ticked box. */
  lists: Record<string, string[]>;
  /** The files of a multipart form, by name (the last of each); a file input left empty sends none. */
  files: Record<string, File>;
}

/** An id of the page's query or of a posted field (`?id=12`, `slotId`): a positive whole number, else null. */
export function idOf(value: string | undefined): number | null {
  const id = Number(value);
  return value && /^\d+$/.test(value) && Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** What a refused post shows: the form that was sent, its values, a message per field, or one for the form. */
export interface FormRefusal {
  intent: string;
  /** Set when the form is about one thing of the page (a group, a meeting): the form to show it on. */
  target: string | null;
  values: Record<string, string>;
  errors: Record<string, string>;
  alert: string | null;
}

/**
 * The page's post, or null for a GET. A form post is what a foreign page can send with the user's cookies:
 * its Origin must be this site's (as the CSRF check of /graphql asks, server/main/app.ts), else 403.
 */
export async function formPostOf(pageContext: PageContextServer): Promise<FormPost | null> {
  const c = pageContext.runtime.hono;
  if (c.req.method !== 'POST') return null;
  const origin = c.req.header('origin');
  if (!origin || origin !== new URL(pageContext.deps.config.PUBLIC_URL).origin) throw render(403);
  // Hono's own response, made now: a cookie set while the post is handled (a login's session) goes on it,
  // and Hono merges it into the answer Vike sends, whose redirect otherwise carries only its Location.
  void c.res;
  const body = await c.req.parseBody({ all: true }).catch(() => ({}) as Record<string, unknown>);
  const fields: Record<string, string> = {};
  const lists: Record<string, string[]> = {};
  const files: Record<string, File> = {};
  for (const [name, value] of Object.entries(body)) {
    const values: unknown[] = Array.isArray(value) ? value : [value];
    const strings = values.filter((v): v is string => typeof v === 'string');
    lists[name] = strings;
    const last = strings.at(-1);
    if (last !== undefined) fields[name] = last;
    const file = values.filter((v): v is File => v instanceof File && (v.name !== '' || v.size > 0)).at(-1);
    if (file) files[name] = file;
  }
  return { intent: fields.intent ?? '', fields, lists, files };
}

/**
 * The posted form read by `@hono/zod-validator` with the use case's own zod schema (the one the API parses
 * its input with). A refusal is BAD_USER_INPUT with the French message per field, as `parseInput` throws, so
 * `refusalOf` shows each under its field.
 */
export async function validFormOf<S extends z.core.$ZodType>(
  pageContext: PageContextServer,
  schema: S,
): Promise<z.infer<S>> {
  let outcome: { data: z.infer<S> } | { fields: Record<string, string> } | undefined;
  const readForm = zValidator('form', schema, (result) => {
    outcome = result.success ? { data: result.data } : { fields: fieldErrors(result.error) };
    // The page answers, not the validator: a response here only stops it from answering 400 itself.
    if (!result.success) return new Response(null, { status: 400 });
  });
  await readForm(pageContext.runtime.hono, async () => {});
  if (!outcome) throw invalidInput({});
  if ('fields' in outcome) throw invalidInput(outcome.fields);
  return outcome.data;
}

/**
 * Runs a post's use case: its refusal becomes the messages the form shows (BAD_USER_INPUT's per field,
 * any other catalogue error's once for the form); what is not a catalogue error is thrown on.
 */
export async function refusalOf(
  post: FormPost,
  run: () => Promise<unknown>,
  target: string | null = null,
): Promise<FormRefusal | null> {
  try {
    await run();
    return null;
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const fields = (error.extensions.fields ?? {}) as Record<string, string>;
    const refusal = { intent: post.intent, target, values: post.fields };
    if (error.code === 'BAD_USER_INPUT' && Object.keys(fields).length > 0) {
      return { ...refusal, errors: fields, alert: null };
    }
    if (error.code === 'UNAUTHENTICATED' || error.code === 'FORBIDDEN') throw render(403);
    return { ...refusal, errors: {}, alert: error.message || ERROR_MESSAGES[error.code] };
  }
}

/** The address field's hidden inputs (`name[label]`…), or null when no suggestion was chosen. */
export function postedAddress(fields: Record<string, string>, name: string): AddressValue | null {
  const label = fields[`${name}[label]`] ?? '';
  const lat = Number(fields[`${name}[lat]`]);
  const lng = Number(fields[`${name}[lng]`]);
  if (!label || !fields[`${name}[lat]`] || !Number.isFinite(lat) || !Number.isFinite(lng)) return null;
  return { label, zipcode: fields[`${name}[zipcode]`] ?? '', city: fields[`${name}[city]`] ?? '', lat, lng };
}
