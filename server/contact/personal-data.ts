import { desc, eq } from 'drizzle-orm';
import { CONTACT_STATUS_LABELS, CONTACT_SUBJECT_LABELS } from '../../common/contact.ts';
import type { DbOrTx } from '../../db/client.ts';
import { contactMessages } from '../../db/schema/contact.ts';

/**
 * The messages a person sent, for « Mes données » (docs/decisions/0098): to the team (contact form) with
 * its answer, and to companies (contact button).
 */
export async function contactPersonalData(db: DbOrTx, userId: number) {
  const rows = await db
    .select()
    .from(contactMessages)
    .where(eq(contactMessages.fromUserId, userId))
    .orderBy(desc(contactMessages.createdAt));
  return rows.map((message) => {
    const toTeam = message.companyId === null;
    return {
      destinataire: toTeam ? 'L’équipe de la plateforme' : 'Une entreprise',
      entreprise: toTeam ? null : message.companyId,
      nom: message.name,
      email: message.email,
      objet: toTeam
        ? (CONTACT_SUBJECT_LABELS[message.subject as keyof typeof CONTACT_SUBJECT_LABELS] ?? message.subject)
        : message.subject,
      message: message.body,
      envoyeLe: message.createdAt,
      statut: toTeam ? CONTACT_STATUS_LABELS[message.status] : null,
      reponse: message.answer,
      reponduLe: message.answeredAt,
    };
  });
}

/** What a message keeps of its sender once they are forgotten (docs/decisions/0098). */
export const ERASED_MESSAGE = 'Message effacé avec le compte de son auteur.';

/**
 * Forgetting a person (docs/decisions/0098): the messages they sent keep their date, subject, region and
 * answer (the operators' record of what was asked of them), not their author's name, address or words.
 */
export async function eraseContactMessagesOf(tx: DbOrTx, userId: number, erasedEmail: string): Promise<void> {
  await tx
    .update(contactMessages)
    .set({ name: 'Compte supprimé', email: erasedEmail, body: ERASED_MESSAGE, organisation: null })
    .where(eq(contactMessages.fromUserId, userId));
}
