import type { PartnerScope } from './partners.ts';

/**
 * What the partner keys' pages and refusals say (issue 37): the back-office's list and form, the developers'
 * page and the API's messages. The words themselves (scopes, events) are common/partners.ts.
 */
export const PARTNER_SCOPE_LABELS: Record<PartnerScope, { label: string; reads: string }> = {
  slots_read: {
    label: 'Créneaux',
    reads: 'les créneaux ouverts : date, horaire, type, public, places, entreprise ; jamais l’intervenant',
  },
  companies_read: {
    label: 'Entreprises',
    reads: 'les entreprises validées : identité, adresse, secteur, métiers, nombre de créneaux ouverts',
  },
  statistics_read: {
    label: 'Statistiques',
    reads: 'les chiffres du programme : réservations, rencontres, élèves, taux de remplissage, par mois',
  },
  webhooks: {
    label: 'Webhooks',
    reads: 'être prévenu des créneaux et des réservations par des webhooks signés',
  },
};

export const PARTNER_KEY_MESSAGES = {
  nameRequired: 'Indiquez le nom du partenaire',
  scopesRequired: 'Choisissez au moins une autorisation',
  unknownRegion: 'Cette région n’existe pas',
  unknownDepartment: 'Ce département n’existe pas',
  outsideArea: 'Votre clé d’API ne couvre pas ce territoire.',
  /** A field of the API a partner key may not read or call, and the scope that would let it (if any). */
  notAllowed: (field: string, scope: PartnerScope | null) =>
    scope
      ? `Votre clé d’API ne donne pas accès à « ${field} » : il faut l’autorisation « ${PARTNER_SCOPE_LABELS[scope].label} ».`
      : `Une clé d’API ne donne pas accès à « ${field} » : seules les données publiques sont ouvertes aux partenaires.`,
} as const;
