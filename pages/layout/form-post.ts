import { zValidator } from '@hono/zod-validator';
import { render } from 'vike/abort';
import type { PageContextServer } from 'vike/types';
import type { z } from 'zod';
import { ACCOUNT_MESSAGES, fieldErrors } from '../../common/accounts.ts';
import { ERROR_MESSAGES } from '../../common/errors.ts';
import {
  ADDRESS_CHOICE,
  ADDRESS_HIDDEN_FIELDS,
  ADDRESS_TEXT,
  type AddressValue,
  postedFieldsOf,
  type TypedAddress,
} from '../../islands/address-post.ts';
import { settleTypedAddress } from '../../server/geocoding/index.ts';
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
  /** The address fields whose typed text the server could not settle, by name: what their field shows. */
  addresses: Record<string, TypedAddress>;
}

/** An id of the page's query or of a posted field (`?id=12`, `slotId`): a positive whole number, else null. */
export function idOf(value: string | undefined): number | null {
  const id = Number(value);
  return value && /^\d+$/.test(value) && Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** The posted values that are among `allowed` (a choice's options), in the order posted. */
export function allowedOf<T extends string>(allowed: readonly T[], values: string[] = []): T[] {
  return values.filter((value): value is T => (allowed as readonly string[]).includes(value));
}

/** What a refused post shows: the form that was sent, its values, a message per field, or one for the form. */
export interface FormRefusal {
  intent: string;
  /** Set when the form is about one thing of the page (a group, a meeting): the form to show it on. */
  target: string | null;
  values: Record<string, string>;
  errors: Record<string, string>;
  alert: string | null;
  /** The address fields left unsettled (FormPost's `addresses`). */
  addresses: Record<string, TypedAddress>;
  /** The refusal's code in the catalogue (common/errors.ts), for a form that does more than say it. */
  code: string;
  /** Its extensions (`departmentCode` of `wrong_department`…). */
  extensions: Record<string, unknown>;
}

/**
 * The page's post, or null for a GET. A form post is what a foreign page can send with the user's cookies:
 * its Origin must be this site's (as the CSRF check of /graphql asks, server/main/app.ts), else 403. Its
 * address fields typed without a suggestion chosen are settled now (`settleTypedAddresses`).
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
  const { fields, lists } = postedFieldsOf(body);
  const files: Record<string, File> = {};
  for (const [name, value] of Object.entries(body)) {
    const values: unknown[] = Array.isArray(value) ? value : [value];
    const file = values.filter((v): v is File => v instanceof File && (v.name !== '' || v.size > 0)).at(-1);
    if (file) files[name] = file;
  }
  const addresses = await settleTypedAddresses(fields, c.get('clientIp'), pageContext.deps);
  return { intent: fields.intent ?? '', fields, lists, files, addresses };
}

const TEXT_SUFFIX = `[${ADDRESS_TEXT}]`;

/** The field's hidden inputs set to a place, or emptied: what the field posts once a suggestion is chosen. */
function setAddress(fields: Record<string, string>, name: string, place: Partial<AddressValue> | null) {
  for (const key of ADDRESS_HIDDEN_FIELDS) fields[`${name}[${key}]`] = String(place?.[key] ?? '');
}

/** A place ticked among those the field offered: the JSON of its radio, or null for anything else. */
function chosenPlace(value: string | undefined): Partial<AddressValue> | null {
  try {
    const place: unknown = JSON.parse(value ?? '');
    return typeof place === 'object' && place !== null && !Array.isArray(place) ? place : null;
  } catch {
    return null;
  }
}

/**
 * The address fields posted with text typed but no suggestion chosen, as without JavaScript (or typed over
 * an address chosen before): each is settled by the geocoder (`settleTypedAddress`, docs/decisions/0087) and
 * its hidden inputs rewritten, so that `postedAddress` reads the place as if it had been chosen. A place
 * ticked among those offered is taken as chosen; the text a chosen address already shows is left alone; an
 * erased text leaves no address. What cannot be settled (several places, none, an outage) is returned by
 * field name with the places to choose from and the French message.
 */
async function settleTypedAddresses(
  fields: Record<string, string>,
  clientIp: string,
  deps: PageContextServer['deps'],
): Promise<Record<string, TypedAddress>> {
  const unsettled: Record<string, TypedAddress> = {};
  for (const key of Object.keys(fields).filter((field) => field.endsWith(TEXT_SUFFIX))) {
    const name = key.slice(0, -TEXT_SUFFIX.length);
    const text = (fields[key] ?? '').trim();
    const chosen = chosenPlace(fields[`${name}[${ADDRESS_CHOICE}]`]);
    if (chosen) {
      setAddress(fields, name, chosen);
      continue;
    }
    if (text && text === fields[`${name}[label]`] && fields[`${name}[lat]`]) continue;
    setAddress(fields, name, null);
    if (!text) continue;
    try {
      const outcome = await settleTypedAddress({ text, clientIp }, deps);
      if ('address' in outcome) {
        setAddress(fields, name, outcome.address);
        continue;
      }
      const { choices } = outcome;
      const message = choices.length
        ? ACCOUNT_MESSAGES.addressChoices(text)
        : ACCOUNT_MESSAGES.addressNotFound(text);
      unsettled[name] = { text, choices, message };
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      unsettled[name] = { text, choices: [], message: error.message || ERROR_MESSAGES[error.code] };
    }
  }
  return unsettled;
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
    const refusal = {
      intent: post.intent,
      target,
      values: post.fields,
      addresses: post.addresses,
      code: error.code,
      extensions: error.extensions,
    };
    if (error.code === 'BAD_USER_INPUT' && Object.keys(fields).length > 0) {
      return { ...refusal, errors: fields, alert: null };
    }
    if (error.code === 'UNAUTHENTICATED' || error.code === 'FORBIDDEN') throw render(403);
    return { ...refusal, errors: {}, alert: error.message || ERROR_MESSAGES[error.code] };
  }
}
