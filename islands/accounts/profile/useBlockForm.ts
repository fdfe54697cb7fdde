import { type FormEvent, useState } from 'react';
import type { z } from 'zod';
import { fieldErrors } from '../../../common/accounts.ts';
import { MESSAGES } from '../../../common/messages.ts';
import type { TypedAddress } from '../../address-post.ts';
import { GraphQLRequestError } from '../../graphql.ts';
import { toast } from '../../ui/toast-store.ts';
import { hasFieldErrors, retryMessage } from '../FormAlert.tsx';

/** A block's post refused by its page (pages/layout/block-post.ts): its values (no password), its messages. */
export interface PostedBlock {
  block: string;
  values: Record<string, unknown>;
  errors: Record<string, string>;
  alert: string | null;
  /** Its address fields typed but not settled, by name (their `typed`). */
  addresses: Record<string, TypedAddress>;
}

/** What a profile page says of its blocks posted without JavaScript: the one refused, or the one saved. */
export interface PlainBlocks {
  posted: PostedBlock | null;
  saved: string | null;
}

/** The refused post of the block `id`, if it was that one. */
export function postedTo(plain: PlainBlocks | null | undefined, id: string): PostedBlock | null {
  return plain?.posted?.block === id ? plain.posted : null;
}

/**
 * One block of a profile: its values, checked with the shared rule before saving, its own saving state,
 * errors under its fields, and a toast when saved. What was typed stays on an error. `posted` is the same
 * block refused by a plain post: its values and messages are where the block starts.
 */
export function useBlockForm<S extends z.ZodType, V extends object>(
  schema: S,
  initial: V,
  save: (parsed: z.infer<S>) => Promise<unknown>,
  posted: PostedBlock | null = null,
) {
  const [values, setValues] = useState<V>(() => ({ ...initial, ...(posted?.values as Partial<V>) }));
  const [errors, setErrors] = useState<Record<string, string>>(posted?.errors ?? {});
  const [pending, setPending] = useState(false);

  const set = (patch: Partial<V>) => setValues((current) => ({ ...current, ...patch }));

  /** The name, value, error and change handler of a text input bound to one field of the block. */
  const text = <K extends keyof V & string>(name: K) => ({
    name,
    value: String(values[name] ?? ''),
    error: errors[name],
    onChange: (event: { currentTarget: { value: string } }) =>
      set({ [name]: event.currentTarget.value } as unknown as Partial<V>),
  });

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = schema.safeParse(values);
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setErrors({});
    setPending(true);
    try {
      await save(parsed.data);
      toast.success(BLOCK_SAVED);
    } catch (error) {
      if (error instanceof GraphQLRequestError && hasFieldErrors(error)) setErrors(error.fields);
      else if (error instanceof GraphQLRequestError && error.code === 'email_already_exists') {
        setErrors({ email: error.message });
      } else toast.danger(error instanceof GraphQLRequestError ? retryMessage(error) : MESSAGES.genericError);
    } finally {
      setPending(false);
    }
  }

  return { values, set, text, errors, pending, submit };
}

export const BLOCK_SAVED = 'Modifications enregistrées';
