import { z } from 'zod';
import type { Deps } from '../kernel/context.ts';
import { sealText, unsealText } from '../kernel/seal.ts';

/**
 * What a sign-up starts with for someone ProConnect vouched for who has no account here (docs/decisions/0095):
 * the wizard to open (`teacher`, `company`, or the company's `join` request) and what ProConnect and the register
 * said. It travels sealed in the sign-up's address (`?proconnect=`), never as clear personal data, and opens
 * for an hour.
 */
export const PREFILL_PARAM = 'proconnect';
const PREFILL_LIFETIME_MS = 60 * 60 * 1000;

const prefillSchema = z.object({
  wizard: z.enum(['teacher', 'company', 'join']),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  siret: z.string().nullable(),
  /** The company as the platform (to join) or the register (to sign up) knows it. */
  company: z
    .object({
      name: z.string(),
      nafCode: z.string().nullable(),
      address: z
        .object({
          label: z.string(),
          zipcode: z.string(),
          city: z.string(),
          lat: z.number(),
          lng: z.number(),
        })
        .nullable(),
    })
    .nullable(),
  until: z.number(),
});

export type SignUpPrefill = Omit<z.infer<typeof prefillSchema>, 'until'>;

export async function sealedPrefill(prefill: SignUpPrefill, deps: Pick<Deps, 'config' | 'clock'>) {
  const until = deps.clock.now().getTime() + PREFILL_LIFETIME_MS;
  return sealText(deps.config.JWT_SECRET, 'proconnect-prefill', JSON.stringify({ ...prefill, until }));
}

/** The prefill sealed in a sign-up's address for `wizard`, or null (none, another wizard's, tampered, expired). */
export async function signUpPrefillOf(
  sealed: string | undefined,
  wizards: readonly SignUpPrefill['wizard'][],
  deps: Pick<Deps, 'config' | 'clock'>,
): Promise<SignUpPrefill | null> {
  const text = sealed ? await unsealText(deps.config.JWT_SECRET, 'proconnect-prefill', sealed) : null;
  if (!text) return null;
  let parsed: ReturnType<typeof prefillSchema.safeParse>;
  try {
    parsed = prefillSchema.safeParse(JSON.parse(text));
  } catch {
    return null;
  }
  if (!parsed.success || parsed.data.until < deps.clock.now().getTime()) return null;
  const { until: _until, ...prefill } = parsed.data;
  return wizards.includes(prefill.wizard) ? prefill : null;
}
