/** French wording shown to users, in one place so the island and the server say the same thing. */
export const MESSAGES = {
  required: 'Ce champ est requis',
  invalidEmail: 'L’adresse e-mail est invalide',
  invalidPhone: 'Le numéro doit être au format 0XXXXXXXXX',
  invalidSiret: 'Veuillez saisir les 14 chiffres du SIRET',
  siretChecksum: 'Ce numéro SIRET n’est pas valide : vérifiez les chiffres saisis',
  invalidPassword:
    'Le mot de passe doit contenir au moins 8 caractères, dont une majuscule, un chiffre et un caractère spécial',
  passwordHint: '8 caractères au moins, dont une majuscule, un chiffre et un caractère spécial',
  acceptTerms: 'Vous devez cocher les CGU pour continuer',
  acceptCharter: 'Vous devez accepter la charte de bonne conduite pour réserver.',
  jobsFromList: 'Choisissez des métiers de la liste',
  genericError: 'Une erreur est survenue',
  jobOffersUnavailable:
    'Les offres d’emploi de cette entreprise sont momentanément indisponibles. Réessayez plus tard.',
  forcedLogout: 'Vous avez été déconnecté. Veuillez vous reconnecter.',
  /** A password link spent, expired or made up (`invalid_password_reset_token`). */
  invalidResetLink: 'Ce lien n’est plus valable : il a déjà servi ou il a expiré. Demandez un nouveau lien.',
  invalidTime: 'L’heure doit être au format HH:MM',
  wholeNumber: 'Saisissez un nombre entier',
  numberTooSmall: (min: number) => `La valeur doit être au moins ${min}`,
  numberTooLarge: (max: number) => `La valeur doit être au plus ${max}`,
  /** A login refused by its limits (docs/decisions/0050): when to try again, and the way out. */
  loginRateLimited: (minutes: string) =>
    `Trop de tentatives de connexion. Réessayez dans ${minutes}, ou choisissez « Mot de passe oublié ? » pour en définir un nouveau.`,
} as const;
