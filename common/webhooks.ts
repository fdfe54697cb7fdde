import { z } from 'zod';
import { WEBHOOK_EVENTS, type WebhookEvent } from './partners.ts';

/** What a partner's endpoint is refused for, under its URL (issue 37, docs/decisions/0097). */
export const WEBHOOK_MESSAGES = {
  invalidUrl: 'Indiquez l’adresse complète du point de réception, qui commence par https://.',
  notHttps: 'L’adresse doit commencer par https:// : les événements ne partent que chiffrés.',
  privateTarget:
    'Cette adresse mène à un réseau privé ou à la machine elle-même : indiquez une adresse publique.',
  withCredentials: 'L’adresse ne doit pas contenir d’identifiant ni de mot de passe.',
  noEvent: 'Choisissez au moins un événement.',
  tooManyEndpoints: (max: number) =>
    `Une clé a au plus ${max} points de réception : supprimez-en un avant d’en ajouter un autre.`,
} as const;

/** The most endpoints one partner key may register. */
export const WEBHOOK_ENDPOINTS_MAX = 10;
/** The deliveries kept per endpoint, and the most `deliveries(last:)` gives. */
export const WEBHOOK_DELIVERIES_KEPT = 100;

const URL_MAX = 2000;

/** `createWebhookEndpoint`'s input: the URL's own rules (https, a public host) are the server's. */
export const webhookEndpointSchema = z.object({
  url: z.string().trim().min(1, WEBHOOK_MESSAGES.invalidUrl).max(URL_MAX, WEBHOOK_MESSAGES.invalidUrl),
  events: z
    .array(z.enum(WEBHOOK_EVENTS))
    .min(1, WEBHOOK_MESSAGES.noEvent)
    .transform((events) => WEBHOOK_EVENTS.filter((event) => events.includes(event))),
});

export type WebhookEndpointInput = z.infer<typeof webhookEndpointSchema>;

/** How a delivery's event reads in the back-office. */
export const WEBHOOK_EVENT_LABELS: Record<WebhookEvent, string> = {
  slot_published: 'Créneau publié',
  slot_changed: 'Créneau modifié',
  slot_deleted: 'Créneau supprimé',
  meeting_booked: 'Réservation',
  meeting_changed: 'Réservation modifiée',
  meeting_cancelled: 'Réservation annulée',
  company_validated: 'Entreprise validée',
};

export const WEBHOOK_STATUS_LABELS = {
  pending: 'En attente',
  delivered: 'Remis',
  failed: 'Échoué',
} as const;
