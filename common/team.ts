import { z } from 'zod';
import { emailField, optionalPhoneField, passwordField, requiredText } from './accounts.ts';
import { TEAM_ROLES } from './constants.ts';
import { MESSAGES } from './messages.ts';
import { siretSchema } from './siret.ts';
import { TEXT_MAX } from './text.ts';

/** A company as a team (issue 21; API.md, Teams): what its admins and the colleagues who join it send. */
export const TEAM_MESSAGES = {
  chooseRole: 'Choisissez un rôle',
  passwordMismatch: 'Les deux mots de passe ne sont pas identiques',
} as const;

const roleField = z.enum(TEAM_ROLES, { error: TEAM_MESSAGES.chooseRole });
const userIdField = z.coerce.number().int().positive();

/** `inviteRecruiter(email, role = member)`. */
export const inviteRecruiterSchema = z.object({
  email: emailField,
  role: z.preprocess((value) => value ?? 'member', roleField),
});

/** `acceptRecruiterInvitation`: the colleague's name and password (the sign-up's rules), from the link. */
export const acceptInvitationSchema = z.object({
  token: requiredText(200),
  firstName: requiredText(TEXT_MAX.personName),
  lastName: requiredText(TEXT_MAX.personName),
  password: passwordField,
  phone: optionalPhoneField,
});

/** API.md's JoinRequestInput: someone who typed an already registered SIRET at sign-up asks to join. */
export const joinRequestSchema = z.object({
  siret: siretSchema,
  firstName: requiredText(TEXT_MAX.personName),
  lastName: requiredText(TEXT_MAX.personName),
  email: emailField,
  phone: optionalPhoneField,
  password: passwordField,
  acceptTerms: z.literal(true, { error: MESSAGES.acceptTerms }),
});
export type JoinRequestInput = z.infer<typeof joinRequestSchema>;

/** How long the link e-mailed to who asks to join confirms their request (docs/decisions/0099). */
export const JOIN_REQUEST_CONFIRMATION_HOURS = 48;

export const answerJoinRequestSchema = z.object({
  id: userIdField,
  accept: z.preprocess((value) => (value === 'true' ? true : value === 'false' ? false : value), z.boolean()),
});
export const setRecruiterRoleSchema = z.object({ userId: userIdField, role: roleField });
export const removeRecruiterSchema = z.object({ userId: userIdField });
export const withdrawInvitationSchema = z.object({ id: userIdField });

/**
 * What is asked before a member leaves the team or is removed (docs/decisions/0082): the dialog's words, and
 * the confirmation step's without JavaScript.
 */
export function teamRemovalWords(name: string, isMe: boolean) {
  if (isMe) {
    return {
      title: 'Quitter l’équipe ?',
      confirmLabel: 'Quitter l’équipe',
      paragraphs: [
        'Vous n’aurez plus accès à l’espace de l’entreprise et votre session sera terminée.',
        'Les créneaux et les rencontres que vous gérez restent à l’entreprise.',
      ],
    };
  }
  return {
    title: `Retirer ${name} de l’équipe ?`,
    confirmLabel: `Retirer ${name}`,
    paragraphs: [
      `${name} n’aura plus accès à l’espace de l’entreprise et ses sessions seront terminées. Ses créneaux et ses rencontres restent à l’entreprise.`,
      'Nous l’en informons par e-mail, avec votre adresse pour vous joindre.',
    ],
  };
}
