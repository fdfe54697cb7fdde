import { MESSAGES } from './messages.ts';

/**
 * The API's error catalogue (API.md): every error the platform answers with has one of these codes
 * and the French message shown to the user.
 */
export const ERROR_MESSAGES = {
  UNAUTHENTICATED: MESSAGES.forcedLogout,
  FORBIDDEN: "Vous n'avez pas accès à cette ressource.",
  NOT_FOUND: "Cet élément n'existe pas ou n'est plus disponible.",
  BAD_USER_INPUT: 'Certains champs sont à corriger.',
  wrong_credentials: 'Identifiants incorrects',
  email_already_exists: "L'adresse email existe déjà",
  missing_lir_token: 'Token manquant',
  invalid_password_reset_token: 'Token invalide',
  max_file_limit_reached: 'Vous avez atteint le nombre maximum de documents (3).',
  file_storage_unavailable: "L'envoi de fichiers n'est pas disponible pour le moment.",
  company_not_found: "Votre entreprise n'a pas encore été validée ou n'est plus active sur la plateforme.",
  cannot_create_ir_recruiter: 'Cette adresse email est déjà utilisée sur le site de recrutement.',
  cst_not_authorized: "La plateforme n'est pas encore ouverte dans le département de votre entreprise.",
  company_already_exists: 'Une entreprise est déjà inscrite avec ce SIRET.',
  wrong_department: "La plateforme n'est pas encore ouverte dans ce département.",
  slot_full: "Il n'y a plus assez de places sur ce créneau.",
  charter_not_accepted: MESSAGES.acceptCharter,
  already_booked: 'Vous avez déjà réservé ce créneau.',
  meeting_not_cancellable:
    'Ce rendez-vous a déjà commencé ou a déjà été annulé : il ne peut plus être annulé.',
  rate_limited: 'Trop de tentatives. Veuillez réessayer plus tard.',
  video_room_closed: "La salle de visioconférence n'est pas ouverte.",
  video_unavailable: "La salle de visioconférence n'est pas disponible.",
  geocoding_unavailable: "La recherche d'adresse est indisponible pour le moment.",
  invalid_company_status:
    "Cette action n'est pas possible : l'entreprise a déjà été traitée ou n'est pas dans le bon état.",
  other_error: MESSAGES.genericError,
} as const;

export type ErrorCode = keyof typeof ERROR_MESSAGES;
