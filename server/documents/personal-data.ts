import { and, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { documents } from '../../db/schema/documents.ts';

/** The names of a person's own documents, for « Mes données » (docs/decisions/0098): not their content. */
export function documentsPersonalData(db: DbOrTx, userId: number) {
  return db
    .select({
      titre: documents.title,
      fichier: documents.fileName,
      type: documents.mimeType,
      taille: documents.sizeBytes,
      deposeLe: documents.createdAt,
    })
    .from(documents)
    .where(and(eq(documents.ownerKind, 'user'), eq(documents.ownerId, userId)))
    .orderBy(desc(documents.createdAt));
}
