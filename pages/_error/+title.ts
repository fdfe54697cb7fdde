import type { PageContext } from 'vike/types';
import { isUnknownAttestation } from '../layout/abort-reasons.ts';

export function title(pageContext: PageContext) {
  if (isUnknownAttestation(pageContext.abortReason)) return 'Attestation inconnue — Passerelle Industrie';
  return pageContext.is404 ? 'Page introuvable — Passerelle Industrie' : 'Erreur — Passerelle Industrie';
}
