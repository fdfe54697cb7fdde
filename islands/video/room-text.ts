import { formatSlotDate, formatSlotStart } from '../../common/format.ts';

/**
 * The video room's French sentences that both the page (on the server) and the island (in the browser)
 * say, so that the window reads the same wherever it is shown: in the slot's zone, with common/format.ts.
 */

export const ROOM_UNAVAILABLE = 'La salle de visioconférence n’est pas disponible.';
export const SERVER_UNREACHABLE = 'Impossible de joindre le serveur de visioconférence.';

/** "La salle ouvrira le mardi 14 avril 2026 à 09:45." */
export function opensSentence(opensAt: string, timeZone: string): string {
  return `La salle ouvrira le ${formatSlotStart(opensAt, timeZone)}.`;
}

/** "La salle a fermé le mardi 14 avril 2026 à 11:30." */
export function closedSentence(closesAt: string, timeZone: string): string {
  return `La salle a fermé le ${formatSlotStart(closesAt, timeZone)}.`;
}

/** "La salle reste ouverte jusqu’au mardi 14 avril 2026 à 11:30." */
export function closesSentence(closesAt: string, timeZone: string): string {
  return `La salle reste ouverte jusqu’au ${formatSlotStart(closesAt, timeZone)}.`;
}

/** "La salle est ouverte le mardi 14 avril 2026 de 09:45 à 11:30." (or "du … au …" across midnight) */
export function windowSentence(opensAt: string, closesAt: string, timeZone: string): string {
  const [openDay, closeDay] = [formatSlotDate(opensAt, timeZone), formatSlotDate(closesAt, timeZone)];
  if (openDay !== closeDay) {
    return `La salle est ouverte du ${formatSlotStart(opensAt, timeZone)} au ${formatSlotStart(closesAt, timeZone)}.`;
  }
  const hour = (instant: string) => formatSlotStart(instant, timeZone).replace(`${openDay} à `, '');
  return `La salle est ouverte le ${openDay} de ${hour(opensAt)} à ${hour(closesAt)}.`;
}
