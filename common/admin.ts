import { z } from 'zod';
import { multiLineText, requiredMultiLineText, TEXT_MAX } from './text.ts';

/** A company as the operators review it: plain JSON, built on the server, shown by the admin island. */
export interface CompanyForReview {
  id: string;
  name: string;
  siret: string;
  nafCode: string;
  sector: string;
  department: string;
  address: string;
  contactName: string | null;
  contactEmail: string | null;
  /** ISO-8601, and the same instant written out in French (Europe/Paris). */
  registeredAt: string;
  registeredOn: string;
  /** What the company directory said of its SIRET (issue 21, docs/decisions/0053). */
  directory: DirectoryFindings;
  /** Requests to join its team waiting for its validation (docs/decisions/0082). */
  joinRequests: number;
}

/**
 * The directory's answer as the validation card says it: `none` when no directory is configured,
 * `unchecked` before it was asked, then what it answered. `name` and `address` (found only) say whether
 * the company's match, and what the directory wrote.
 */
export interface DirectoryFindings {
  answer: 'none' | 'unchecked' | 'found' | 'notFound' | 'unavailable';
  /** When it was asked, in French (Europe/Paris); null before. */
  checkedOn: string | null;
  name: { matches: boolean; directory: string } | null;
  address: { matches: boolean; directory: string } | null;
}

export const REFUSAL_REASON_MAX = TEXT_MAX.refusalReason;

/** Why an operator refuses a company, e-mailed to its recruiters: optional, several lines allowed. */
export const refusalReasonField = multiLineText(REFUSAL_REASON_MAX);

/**
 * The back-office's refusal form (its dialog, or the page's step without JavaScript): the reason is asked
 * for, since the recruiters read it; the API's stays optional.
 */
export const refusalFormSchema = z.object({ reason: requiredMultiLineText(REFUSAL_REASON_MAX) });

/** What the audit log records (issue 13), and how the back-office says it. */
const AUDIT_ACTION_LABELS = {
  'company.validated': 'Entreprise validée',
  'company.refused': 'Inscription refusée',
  'company.archived': 'Entreprise archivée',
  'company.restored': 'Entreprise restaurée',
  'company.directoryChecked': 'Annuaire des entreprises consulté',
  'department.opened': 'Département ouvert',
  'department.closed': 'Département fermé',
  'person.accessLinkSent': 'Lien d’accès envoyé',
  'teacher.anonymised': 'Compte supprimé à la demande de l’enseignant',
  'operator.invited': 'Opérateur invité',
  'operator.reinvited': 'Invitation renvoyée',
  'operator.removed': 'Opérateur retiré',
  'faq.saved': 'Question de la FAQ enregistrée',
  'faq.deleted': 'Question de la FAQ supprimée',
  'article.published': 'Article publié',
  'article.drafted': 'Article enregistré en brouillon',
  'article.deleted': 'Article supprimé',
  'export.downloaded': 'Export téléchargé',
  'contact.statusChanged': 'Statut d’un message de contact changé',
  'contact.answered': 'Réponse envoyée à un message de contact',
  // A company's team (issue 21): its admins' changes, recorded for the operators.
  'team.invited': 'Recruteur invité dans une équipe',
  'team.joined': 'Recruteur entré dans une équipe sur invitation',
  'team.joinRequested': 'Demande pour rejoindre une équipe',
  'team.joinAccepted': 'Demande pour rejoindre une équipe acceptée',
  'team.joinRefused': 'Demande pour rejoindre une équipe refusée',
  'team.roleChanged': 'Rôle d’un recruteur changé',
  'team.removed': 'Recruteur retiré d’une équipe',
  'team.invitationWithdrawn': 'Invitation d’équipe retirée',
  // Operations (issue 34): a notification set aside, sent again by hand.
  'delivery.retried': 'Envoi relancé',
  // The partner API (issue 37): its keys, made and revoked by the national administrators.
  'partnerKey.created': 'Clé d’API partenaire créée',
  'partnerKey.revoked': 'Clé d’API partenaire révoquée',
  // Partners (issue 37): a webhook's delivery sent again by a national administrator.
  'webhook.redelivered': 'Webhook renvoyé',
} as const;

export type AuditAction = keyof typeof AUDIT_ACTION_LABELS;

/** A stored action in French; an action since renamed keeps its stored name. */
export const auditActionLabel = (action: string): string =>
  Object.hasOwn(AUDIT_ACTION_LABELS, action) ? AUDIT_ACTION_LABELS[action as AuditAction] : action;

/** What the company's back-office page says after a decision, by the decision (or `gone`: someone else's). */
export const DECISION_NOTICES: Record<string, string> = {
  ValidateCompany: 'L’entreprise est validée. Ses recruteurs ont été prévenus par e-mail.',
  RefuseCompany: 'L’inscription est refusée. Les recruteurs de l’entreprise ont été prévenus par e-mail.',
  ArchiveCompany:
    'L’entreprise est archivée. Ses créneaux à venir sont supprimés et les enseignants concernés ont été prévenus.',
  RestoreCompany: 'L’entreprise est restaurée. Ses recruteurs ont été prévenus par e-mail.',
  gone: 'Un autre opérateur avait déjà pris une décision : voici l’état actuel de l’entreprise.',
};
