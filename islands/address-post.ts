/**
 * What a form posts as the server reads it, and what an address field posts, without React: the sign-ups'
 * checks in the browser (islands/accounts/sign-up-checks.ts) read a post as the page does
 * (pages/layout/form-post.ts).
 */

/** A form's post as the server reads it: each name's last value, and every value of each name. */
export interface PostedFields {
  fields: Record<string, string>;
  lists: Record<string, string[]>;
}

/** A form's body, each name with its value or its values (hono's `parseBody({ all: true })`), as text. */
export function postedFieldsOf(body: Record<string, unknown>): PostedFields {
  const fields: Record<string, string> = {};
  const lists: Record<string, string[]> = {};
  for (const [name, value] of Object.entries(body)) {
    const strings = (Array.isArray(value) ? value : [value]).filter(
      (v): v is string => typeof v === 'string',
    );
    lists[name] = strings;
    const last = strings.at(-1);
    if (last !== undefined) fields[name] = last;
  }
  return { fields, lists };
}

/** An address chosen among the suggestions: what a form sends as `AddressInput`. */
export interface AddressValue {
  label: string;
  zipcode: string;
  city: string;
  departmentCode?: string;
  lat: number;
  lng: number;
}

export type AddressSuggestionKind = 'address' | 'street' | 'municipality' | 'postcode';

export interface AddressSuggestion extends Required<AddressValue> {
  kind: AddressSuggestionKind;
}

/**
 * An address typed and posted without a suggestion chosen that the server could not settle
 * (pages/layout/form-post.ts, docs/decisions/0087): the text as typed, the places it may name (to tick and
 * post again), and why none was taken.
 */
export interface TypedAddress {
  text: string;
  choices: AddressSuggestion[];
  message: string;
}

/** The names of the field's inputs in a plain form, after its own name: `place[text]`, `place[lat]`… */
export const ADDRESS_TEXT = 'text';
export const ADDRESS_CHOICE = 'choice';
export const ADDRESS_HIDDEN_FIELDS = ['label', 'zipcode', 'city', 'departmentCode', 'lat', 'lng'] as const;

/**
 * The field's value as the hidden inputs of a form that does not show it (a sign-up's other step): the place
 * chosen, else the text typed that the server could not settle yet.
 */
export function addressInputs(
  name: string,
  value: AddressValue | null,
  typed: TypedAddress | null | undefined,
): [string, string][] {
  if (value) return ADDRESS_HIDDEN_FIELDS.map((field) => [`${name}[${field}]`, String(value[field] ?? '')]);
  return typed ? [[`${name}[${ADDRESS_TEXT}]`, typed.text]] : [];
}

/**
 * The address field's hidden inputs (`name[label]`…), or null when no suggestion was chosen: a typed address
 * is in them once `formPostOf` settled it.
 */
export function postedAddress(fields: Record<string, string>, name: string): AddressValue | null {
  const label = fields[`${name}[label]`] ?? '';
  const lat = Number(fields[`${name}[lat]`]);
  const lng = Number(fields[`${name}[lng]`]);
  if (!label || !fields[`${name}[lat]`] || !Number.isFinite(lat) || !Number.isFinite(lng)) return null;
  return { label, zipcode: fields[`${name}[zipcode]`] ?? '', city: fields[`${name}[city]`] ?? '', lat, lng };
}
