import { defineMailTemplates, PLATFORM_NAME } from '../mail/index.ts';

/** To a partner key's contact: an endpoint failed for 24 hours and is paused (docs/decisions/0097). */
export interface WebhookEndpointPausedMail {
  keyName: string;
  url: string;
  /** The last attempt's outcome, in French (« Réponse 500 », « Pas de réponse en 10 s »). */
  lastError: string;
  /** The public developers' page, which says how to resume. */
  guideUrl: string;
}

/** The e-mails of the webhooks. */
export const webhookMails = defineMailTemplates({
  webhookEndpointPaused: (mail: WebhookEndpointPausedMail) => ({
    subject: `${PLATFORM_NAME} : vos webhooks vers ${mail.url} sont en pause`,
    heading: 'Un point de réception de vos webhooks est en pause',
    firstName: '',
    before: [
      `Depuis 24 heures, votre point de réception ${mail.url} (clé « ${mail.keyName} ») ne reçoit pas les événements que nous lui envoyons. Dernière tentative : ${mail.lastError}.`,
      'Nous avons mis ce point de réception en pause : aucun nouvel événement ne lui est envoyé, et ceux qui attendaient sont marqués en échec.',
      'Une fois le problème corrigé, renvoyez une livraison (mutation redeliverWebhook) : les envois reprennent aussitôt. Supprimer le point de réception et en créer un autre convient aussi.',
    ],
    action: { label: 'Lire le guide des développeurs', url: mail.guideUrl },
  }),
});
