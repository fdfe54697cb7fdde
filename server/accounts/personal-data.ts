import { desc, eq } from 'drizzle-orm';
import { PROFILE_TYPE_LABELS, SCHOOL_LEVEL_LABELS } from '../../common/accounts.ts';
import { SECTOR_LABELS, TEAM_ROLE_LABELS } from '../../common/constants.ts';
import type { DbOrTx } from '../../db/client.ts';
import { emailChanges, passwordResetTokens, recruitmentTokens, sessions } from '../../db/schema/accounts.ts';
import { findEstablishmentById, findUserById } from './users.ts';

/**
 * What the accounts hold about one person, for « Mes données » (docs/decisions/0098): the profile, the
 * establishment, the logins (sessions, a recruiter's refresh tokens: their dates only), the e-mail changes
 * and password links asked. Secrets (hashes, tokens) are never given, only that they exist.
 */
export async function accountPersonalData(db: DbOrTx, userId: number) {
  const user = await findUserById(db, userId);
  if (!user) return null;
  const [establishment, sessionRows, emailChangeRows, resetRows, refreshRows] = await Promise.all([
    user.establishmentId ? findEstablishmentById(db, user.establishmentId) : null,
    db
      .select({ ouverteLe: sessions.createdAt, expireLe: sessions.expiresAt })
      .from(sessions)
      .where(eq(sessions.userId, userId))
      .orderBy(desc(sessions.createdAt)),
    db
      .select({
        nouvelleAdresse: emailChanges.newEmail,
        demandeLe: emailChanges.createdAt,
        expireLe: emailChanges.expiresAt,
        confirmeeLe: emailChanges.usedAt,
      })
      .from(emailChanges)
      .where(eq(emailChanges.userId, userId))
      .orderBy(desc(emailChanges.createdAt)),
    db
      .select({
        demandeLe: passwordResetTokens.createdAt,
        expireLe: passwordResetTokens.expiresAt,
        utiliseLe: passwordResetTokens.usedAt,
      })
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.userId, userId))
      .orderBy(desc(passwordResetTokens.createdAt)),
    db
      .select({
        emisLe: recruitmentTokens.createdAt,
        expireLe: recruitmentTokens.expiresAt,
        utiliseLe: recruitmentTokens.usedAt,
      })
      .from(recruitmentTokens)
      .where(eq(recruitmentTokens.userId, userId))
      .orderBy(desc(recruitmentTokens.createdAt)),
  ]);
  const teacher = user.kind === 'teacher';
  return {
    profil: {
      compte: teacher ? 'Enseignant' : user.kind === 'recruiter' ? 'Entreprise' : 'Administration',
      email: user.email,
      prenom: user.firstName,
      nom: user.lastName,
      telephone: user.phone,
      departement: user.departmentCode,
      ...(teacher
        ? {
            profil: user.profileType ? PROFILE_TYPE_LABELS[user.profileType] : null,
            niveaux: (user.schoolLevels ?? []).map((level) => SCHOOL_LEVEL_LABELS[level]),
            presentation: user.description,
            secteurs: (user.sectors ?? []).map((sector) => SECTOR_LABELS[sector]),
            metiers: user.jobs ?? [],
            adresseDeLEtablissementPourReference: user.useEstablishmentAddress,
            adresseDeReference: user.referenceLabel,
            alerteHebdomadaire: user.weeklyMail,
          }
        : {
            fonction: user.jobTitle,
            roleDansLEquipe: user.teamRole ? TEAM_ROLE_LABELS[user.teamRole] : null,
          }),
      calendrierPersonnelActif: user.calendarTokenHash !== null,
      creeLe: user.createdAt,
      derniereConnexion: user.lastLoginAt,
      derniereActivite: user.lastSeenAt,
    },
    etablissement: establishment && {
      nom: establishment.name,
      type: establishment.type,
      adresse: establishment.label,
      codePostal: establishment.zipcode,
      ville: establishment.city,
    },
    connexions: { sessions: sessionRows, jetonsDuSiteDeRecrutement: refreshRows },
    changementsDAdresseEmail: emailChangeRows,
    liensDeMotDePasse: resetRows,
  };
}
