import { render } from 'vike/abort';
import type { PageContextServer } from 'vike/types';
import { publicAttestation } from '../../../server/documents/index.ts';
import { AppError } from '../../../server/kernel/errors.ts';
import { UNKNOWN_ATTESTATION } from '../../layout/abort-reasons.ts';

/**
 * `/attestation/<code>`: the facts of a held meeting's attestation, for anyone; an unknown or altered code,
 * or a meeting not held, is « Attestation inconnue » (404), too many look-ups from one address a 429.
 */
export async function data(pageContext: PageContextServer) {
  const clientIp = pageContext.runtime.hono.get('clientIp');
  try {
    const attestation = await publicAttestation(
      { code: pageContext.routeParams.code ?? '', clientIp },
      pageContext.deps,
    );
    if (!attestation) throw render(404, UNKNOWN_ATTESTATION);
    return { attestation };
  } catch (error) {
    if (error instanceof AppError && error.code === 'rate_limited') throw render(429);
    throw error;
  }
}
export type Data = Awaited<ReturnType<typeof data>>;
