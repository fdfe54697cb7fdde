import { MESSAGES } from './messages.ts';

/**
 * The API's error catalogue (API.md): every error the platform answers with has one of these codes
 * and the French message shown to the user.
 */
export const ERROR_MESSAGES = {
  UNAUTHENTICATED: MESSAGES.forcedLogout,
  FORBIDDEN: 'Vous n’avez pas accès à cette ressource.',
  NOT_FOUND: 'Cet élément n’existe pas ou n’est plus disponible.',
  BAD_USER_INPUT: 'Certains champs sont à corriger.',
  wrong_credentials: 'Identifiants incorrects',
  email_already_exists: 'L’adresse e-mail existe déjà',
  missing_lir_token: 'Votre session du site de recrutement est absente ou a expiré : reconnectez-vous.',
  invalid_password_reset_token: MESSAGES.invalidResetLink,
  max_file_limit_reached: 'Vous avez atteint le nombre maximum de documents (3).',
  file_storage_unavailable: 'L’envoi de fichiers n’est pas disponible pour le moment.',
  company_not_found: 'Votre entreprise n’a pas encore été validée ou n’est plus active sur la plateforme.',
  cannot_create_ir_recruiter: 'Cette adresse e-mail est déjà utilisée sur le site de recrutement.',
  cst_not_authorized: 'La plateforme n’est pas encore ouverte dans le département de votre entreprise.',
  company_already_exists: 'Une entreprise est déjà inscrite avec ce SIRET.',
  wrong_department: 'La plateforme n’est pas encore ouverte dans ce département.',
  slot_full: 'Il n’y a plus assez de places sur ce créneau.',
  charter_not_accepted: MESSAGES.acceptCharter,
  already_booked: 'Vous avez déjà réservé ce créneau.',
  slot_not_full:
    'Ce créneau a encore des places : réservez-le directement, la liste d’attente sert aux créneaux complets.',
  waitlist_already_joined: 'Vous êtes déjà sur la liste d’attente de ce créneau.',
  waitlist_offer_expired:
    'Cette proposition n’est plus valable : le délai de 24 heures est passé ou la place a été libérée.',
  meeting_not_cancellable:
    'Ce rendez-vous a déjà commencé ou a déjà été annulé : il ne peut plus être annulé.',
  meeting_not_changeable:
    'Ce rendez-vous a déjà commencé ou a été annulé : la réservation ne peut plus être modifiée.',
  invalid_link:
    'Ce lien n’est pas valide : il a peut-être été coupé ou modifié. Ouvrez le lien complet reçu par e-mail.',
  link_expired: 'Ce lien a expiré : le rendez-vous a déjà commencé.',
  link_wrong_purpose: 'Ce lien ne sert pas à cette action : utilisez l’autre lien de l’e-mail.',
  meeting_already_cancelled: 'Ce rendez-vous est déjà annulé : il n’y a plus rien à faire.',
  rate_limited: 'Trop de tentatives. Veuillez réessayer plus tard.',
  video_room_closed: 'La salle de visioconférence n’est pas ouverte.',
  video_unavailable: 'La salle de visioconférence n’est pas disponible.',
  video_room_waiting: 'L’organisateur n’a pas encore ouvert la salle : vous entrerez dès qu’il l’ouvrira.',
  video_room_ended: 'L’organisateur a mis fin à la rencontre : la salle est fermée.',
  video_participant_removed: 'L’organisateur vous a retiré de cette salle.',
  video_participant_absent: 'Cette classe n’est plus dans la salle.',
  video_not_webinar:
    'La scène et le public n’existent que dans un webinaire : ici, tout le monde peut parler.',
  video_service_unavailable: 'Le serveur de visioconférence ne répond pas. Réessayez dans un instant.',
  feedback_already_given: 'Vous avez déjà donné votre avis sur ce rendez-vous.',
  meeting_not_done: 'Ce rendez-vous n’a pas encore eu lieu, ou il a été annulé.',
  absence_window_closed:
    'Le délai pour signaler l’absence d’un groupe est dépassé : 7 jours après la fin du rendez-vous.',
  transport_request_exists: 'Une demande d’aide au transport est déjà en cours pour ce rendez-vous.',
  transport_not_available:
    'L’aide au transport concerne les visites d’entreprise confirmées qui n’ont pas encore commencé.',
  transport_request_closed:
    'Cette demande a déjà reçu une réponse, ou elle a été annulée avec son rendez-vous.',
  contact_message_answered: 'Ce message a déjà reçu une réponse : elle a été envoyée par e-mail.',
  geocoding_unavailable: 'La recherche d’adresse est indisponible pour le moment.',
  password_on_recruitment_site:
    'Votre mot de passe est celui du site de recrutement : changez-le sur ce site.',
  invalid_company_status:
    'Cette action n’est pas possible : l’entreprise a déjà été traitée ou n’est pas dans le bon état.',
  invitation_invalid:
    'Ce lien d’invitation n’est plus valable : il a déjà servi, il a expiré (7 jours), il a été remplacé ou retiré. Demandez une nouvelle invitation à l’administrateur de votre entreprise.',
  join_request_link_invalid:
    'Ce lien de confirmation n’est plus valable : il a expiré (48 heures), une demande plus récente l’a remplacé ou la demande a déjà reçu une réponse. Refaites votre demande depuis l’inscription entreprise.',
  last_admin:
    'Votre entreprise doit garder au moins un administrateur : nommez d’abord un autre membre administrateur.',
  webinar_needs_link:
    'Un webinaire doit avoir une salle qui fonctionne : indiquez le lien de votre visioconférence (la salle intégrée n’est pas disponible sur cette plateforme).',
  // A partner key (issue 37): sent as a bearer token, refused before anything else runs.
  invalid_partner_key:
    'Cette clé d’API est inconnue ou a été révoquée : demandez une nouvelle clé à l’équipe de la plateforme.',
  partner_not_allowed: 'Votre clé d’API ne donne pas accès à cette opération.',
  // The endpoint's own refusals (server/graphql/handler.ts), before any resolver runs.
  BAD_REQUEST: 'La requête envoyée à l’API est mal formée.',
  PAYLOAD_TOO_LARGE: 'La requête est trop volumineuse (1 Mo au maximum).',
  UNSUPPORTED_MEDIA_TYPE:
    'Type de contenu non pris en charge : envoyez la requête en JSON (application/json).',
  METHOD_NOT_ALLOWED: 'Une modification doit être envoyée en POST.',
  GRAPHQL_PARSE_FAILED: 'La requête GraphQL contient une erreur de syntaxe.',
  QUERY_TOO_LARGE: 'La requête GraphQL est trop longue.',
  GRAPHQL_VALIDATION_FAILED: 'La requête GraphQL ne correspond pas au schéma de l’API.',
  QUERY_TOO_DEEP: 'La requête GraphQL est trop imbriquée.',
  TOO_MANY_ALIASES: 'La requête GraphQL utilise trop d’alias.',
  TOO_MANY_FIELDS: 'La requête GraphQL demande trop de champs.',
  QUERY_TOO_COMPLEX: 'La requête GraphQL demande trop de données à la fois.',
  INTROSPECTION_DISABLED: 'L’introspection du schéma n’est pas disponible sur ce serveur.',
  OPERATION_RESOLUTION_FAILURE: 'L’opération demandée ne figure pas dans la requête.',
  other_error: MESSAGES.genericError,
} as const;

/** More precise wording for some of the endpoint's refusals, and for each variable that could not be read. */
export const REQUEST_MESSAGES = {
  invalidJson: 'Le corps de la requête n’est pas du JSON valide.',
  notAnOperation:
    'Le corps de la requête doit être un objet JSON : { "query", "variables", "operationName" }.',
  missingQuery: 'Le champ « query » est requis : il contient la requête GraphQL.',
  invalidVariables: 'Le champ « variables » doit être un objet JSON.',
  invalidOperationName: 'Le champ « operationName » doit être du texte.',
  invalidExtensions: 'Le champ « extensions » doit être un objet JSON.',
  methodNotAllowed: 'L’API GraphQL répond aux méthodes GET (lectures) et POST.',
  unknownOperation: (name: string) => `La requête ne contient pas d’opération nommée « ${name} ».`,
  operationNameRequired: 'La requête contient plusieurs opérations : précisez « operationName ».',
  unsupportedOperation: (kind: string) => `Les opérations de type « ${kind} » ne sont pas prises en charge.`,
  queryTooLong: (max: number) => `La requête GraphQL est trop longue (${max} caractères au maximum).`,
  tooManyTokens: (max: number) => `La requête GraphQL est trop longue (${max} éléments au maximum).`,
  tooDeep: (max: number) => `La requête GraphQL est trop imbriquée (${max} niveaux au maximum).`,
  tooManyAliases: (max: number) => `La requête GraphQL utilise trop d’alias (${max} au maximum).`,
  tooManyFields: (max: number) => `La requête GraphQL demande trop de champs (${max} au maximum).`,
  tooComplex: (max: number) => `La requête GraphQL demande trop de données à la fois (coût maximal ${max}).`,
} as const;

/** The message under a variable that does not fit its GraphQL type (`extensions.fields`). */
export const VARIABLE_MESSAGES = {
  required: MESSAGES.required,
  integer: 'Un nombre entier est attendu',
  integerRange: 'Ce nombre entier est hors des limites acceptées',
  number: 'Un nombre est attendu',
  text: 'Du texte est attendu',
  id: 'Un identifiant est attendu',
  boolean: 'Vrai ou faux est attendu',
  choice: 'Cette valeur ne fait pas partie des choix possibles',
  object: 'Un objet est attendu',
  unknownField: 'Ce champ n’existe pas',
  invalid: 'Cette valeur est invalide',
} as const;

export type ErrorCode = keyof typeof ERROR_MESSAGES;
