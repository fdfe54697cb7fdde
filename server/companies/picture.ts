import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { companies } from '../../db/schema/companies.ts';
import type { CompanyRow } from './queries.ts';

/**
 * Points the company at its picture's document (the documents domain keeps the file and its row, in the
 * same transaction as this write); the company's row as it now is.
 */
export async function setPictureDocument(
  db: DbOrTx,
  companyId: number,
  documentId: number | null,
): Promise<CompanyRow | null> {
  const [row] = await db
    .update(companies)
    .set({ pictureDocumentId: documentId })
    .where(eq(companies.id, companyId))
    .returning();
  return row ?? null;
}
