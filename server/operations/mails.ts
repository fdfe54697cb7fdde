import { defineMailTemplates, PLATFORM_NAME } from '../mail/index.ts';

/** To each national administrator: background work falls behind, or something was set aside. */
export interface OperationsAlarmMail {
  firstName: string;
  /** Each reason in French, one a line. */
  reasons: string[];
  /** /admin/operations. */
  url: string;
}

/** The e-mails of operations. */
export const operationsMails = defineMailTemplates({
  operationsAlarm: (mail: OperationsAlarmMail) => ({
    subject: `${PLATFORM_NAME} : le travail en arrière-plan demande votre attention`,
    heading: 'Une alerte de la plateforme',
    firstName: mail.firstName,
    before: [...mail.reasons, 'La page des opérations dit ce qui attend, ce qui a échoué et pourquoi.'],
    action: { label: 'Voir les opérations', url: mail.url },
    after: ['Vous ne recevrez pas d’autre alerte avant une heure.'],
  }),
});
