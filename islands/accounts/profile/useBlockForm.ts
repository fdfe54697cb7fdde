import { type FormEvent, useState } from 'react';
import type { z } from 'zod';
import { fieldErrors } from '../../../common/accounts.ts';
import { MESSAGES } from '../../../common/messages.ts';
import { GraphQLRequestError } from '../../graphql.ts';
import { toast } from '../../ui/toast-store.ts';
import { hasFieldErrors, retryMessage } from '../FormAlert.tsx';

/**
 * One block of a profile: its values, checked with the shared rule before saving, its own saving state,
 * errors under its fields, and a toast when saved. What was typed stays on an error.
 */
export function useBlockForm<S extends z.ZodType, V extends object>(
  schema: S,
  initial: V,
  save: (parsed: z.infer<S>) => Promise<unknown>,
) {
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [pending, setPending] = useState(false);

  const set = (patch: Partial<V>) => setValues((current) => ({ ...current, ...patch }));

  /** The value, error and change handler of a text input bound to one field of the block. */
  const text = <K extends keyof V & string>(name: K) => ({
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
      toast.success('Modifications enregistrées');
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
