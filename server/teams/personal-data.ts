import { desc, eq } from 'drizzle-orm';
import { TEAM_ROLE_LABELS } from '../../common/constants.ts';
import type { DbOrTx } from '../../db/client.ts';
import { companyJoinRequests, recruiterInvitations } from '../../db/schema/teams.ts';

/**
 * What the teams hold of a person, by their address, for « Mes données » (docs/decisions/0098): the requests
 * to join a company they made and the invitations they received. Passwords, hashed or sealed, never.
 */
export async function teamsPersonalData(db: DbOrTx, email: string) {
  const [joinRequests, invitations] = await Promise.all([
    db
      .select({
        entreprise: companyJoinRequests.companyId,
        prenom: companyJoinRequests.firstName,
        nom: companyJoinRequests.lastName,
        telephone: companyJoinRequests.phone,
        demandeLe: companyJoinRequests.createdAt,
        reponduLe: companyJoinRequests.answeredAt,
        acceptee: companyJoinRequests.accepted,
      })
      .from(companyJoinRequests)
      .where(eq(companyJoinRequests.email, email))
      .orderBy(desc(companyJoinRequests.createdAt)),
    db
      .select({
        entreprise: recruiterInvitations.companyId,
        role: recruiterInvitations.role,
        invitationLe: recruiterInvitations.createdAt,
        expireLe: recruiterInvitations.expiresAt,
        accepteeLe: recruiterInvitations.usedAt,
      })
      .from(recruiterInvitations)
      .where(eq(recruiterInvitations.email, email))
      .orderBy(desc(recruiterInvitations.createdAt)),
  ]);
  return {
    demandesPourRejoindreUneEntreprise: joinRequests,
    invitationsRecues: invitations.map((invitation) => ({
      ...invitation,
      role: TEAM_ROLE_LABELS[invitation.role],
    })),
  };
}
