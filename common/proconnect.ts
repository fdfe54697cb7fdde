import type { UserKind } from './constants.ts';
import { ERROR_MESSAGES } from './errors.ts';

/**
 * ProConnect's login (docs/decisions/0095): its routes (API.md, Identities), which login page the button was
 * on (`pour`), and the French words of each refusal, shown on that page (`?proconnect=<refusal>`: a code,
 * never a person's data).
 */
export const PROCONNECT_ROUTES = {
  start: '/auth/proconnect',
  callback: '/auth/proconnect/callback',
  /** Where ProConnect sends the browser back once its session has ended (`post_logout_redirect_uri`). */
  loggedOut: '/auth/proconnect/logout-callback',
} as const;

/** ProConnect's own page, linked under its button (« Qu’est-ce que ProConnect ? »). */
export const PROCONNECT_ABOUT_URL = 'https://www.proconnect.gouv.fr/';

/** The login page a ProConnect login starts from and comes back to when refused. */
export const PROCONNECT_FOR = ['teacher', 'recruiter', 'admin'] as const satisfies readonly UserKind[];
export type ProConnectFor = (typeof PROCONNECT_FOR)[number];

/** The address parameter a refusal is told by, on the login page. */
export const PROCONNECT_REFUSAL_PARAM = 'proconnect';

export const PROCONNECT_REFUSALS = {
  state:
    'La réponse de ProConnect ne correspond pas à la connexion commencée dans ce navigateur, ou elle a expiré. Veuillez recommencer.',
  code: 'Cette connexion ProConnect a déjà servi ou a expiré. Veuillez recommencer.',
  id_token: 'ProConnect a transmis une identité expirée ou invalide. Veuillez recommencer.',
  userinfo: 'ProConnect n’a pas transmis d’identité signée et complète. Veuillez recommencer.',
  denied:
    'La connexion avec ProConnect a été interrompue. Vous pouvez recommencer ou utiliser votre mot de passe.',
  unavailable:
    'ProConnect ne répond pas pour le moment. Connectez-vous avec votre mot de passe ou réessayez plus tard.',
  email_unverified:
    'ProConnect n’a pas confirmé votre adresse e-mail : connectez-vous avec votre mot de passe, ou faites confirmer votre adresse auprès de votre fournisseur d’identité.',
  siret_mismatch:
    'Le SIRET transmis par ProConnect n’est pas celui de votre entreprise sur Passerelle Industrie : connectez-vous avec votre mot de passe.',
  no_admin_account:
    'Aucun compte administrateur n’existe pour cette adresse e-mail. Les comptes administrateurs sont créés sur invitation.',
  account_closed: 'Ce compte n’est plus actif sur Passerelle Industrie.',
  company_not_found: ERROR_MESSAGES.company_not_found,
  cst_not_authorized: ERROR_MESSAGES.cst_not_authorized,
} as const;

export type ProConnectRefusal = keyof typeof PROCONNECT_REFUSALS;

/** The French words of `?proconnect=` on a login page, or null for none (or a code not of this list). */
export function proConnectRefusalMessage(code: string | undefined): string | null {
  return code !== undefined && Object.hasOwn(PROCONNECT_REFUSALS, code)
    ? PROCONNECT_REFUSALS[code as ProConnectRefusal]
    : null;
}
