/**
 * Why a page gave way to the error page, when it has more to say than its status: `/attestation/<code>`'s
 * unknown code is « Attestation inconnue », a page that ships no script like the check itself.
 */
export const UNKNOWN_ATTESTATION = { unknownAttestation: true } as const;

export function isUnknownAttestation(reason: unknown): boolean {
  return typeof reason === 'object' && reason !== null && 'unknownAttestation' in reason;
}

/**
 * A video room refused to whoever is neither its company nor a class booked on it: 403 (not a page that
 * answers 200 « Accès refusé »), its text and the way back to the viewer's home.
 */
export interface VideoRoomRefused {
  videoRoomRefused: { href: string; label: string };
}

export function videoRoomRefusal(reason: unknown): VideoRoomRefused['videoRoomRefused'] | null {
  return typeof reason === 'object' && reason !== null && 'videoRoomRefused' in reason
    ? (reason as VideoRoomRefused).videoRoomRefused
    : null;
}

/** Whether the page may ship scripts: not on a page configured `scripts: false`, nor on its « inconnue ». */
export function shipsScripts(pageContext: { config: { scripts?: boolean }; abortReason?: unknown }): boolean {
  return pageContext.config.scripts !== false && !isUnknownAttestation(pageContext.abortReason);
}
