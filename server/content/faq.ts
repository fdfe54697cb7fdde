import { and, asc, desc, eq, gte, inArray, ne, sql } from 'drizzle-orm';
import type { FaqAudience } from '../../common/constants.ts';
import type { DbOrTx } from '../../db/client.ts';
import { faqEntries } from '../../db/schema/content.ts';
import type { Deps } from '../kernel/context.ts';
import type { Viewer } from '../kernel/viewer.ts';

export type FaqEntryRow = typeof faqEntries.$inferSelect;

/** Whose questions a reader sees: everyone the visitors', teachers and companies their own too. */
function audiencesOf(viewer: Viewer | null): FaqAudience[] {
  if (viewer?.kind === 'teacher') return ['visitor', 'teacher'];
  if (viewer?.kind === 'recruiter') return ['visitor', 'company'];
  if (viewer?.kind === 'admin') return ['visitor', 'teacher', 'company'];
  return ['visitor'];
}

/** The FAQ for whoever reads it (API.md, faqEntries: public, by the reader's audience), in its order. */
export function faqFor(viewer: Viewer | null, deps: Deps): Promise<FaqEntryRow[]> {
  return deps.db
    .select()
    .from(faqEntries)
    .where(inArray(faqEntries.audience, audiencesOf(viewer)))
    .orderBy(asc(faqEntries.position), asc(faqEntries.id));
}

/** Every entry, for the operators' content screen. */
export function allFaqEntries(db: DbOrTx): Promise<FaqEntryRow[]> {
  return db
    .select()
    .from(faqEntries)
    .orderBy(asc(faqEntries.audience), asc(faqEntries.position), asc(faqEntries.id));
}

export interface FaqEntryValues {
  question: string;
  answer: string;
  audience: FaqAudience;
  position?: number | undefined;
}

/**
 * Saves an entry (a new one without `id`, at the end of its audience unless a position is given). An entry
 * given a position another entry of its audience holds goes before it: the entries from there on move down
 * one, so that any place in the list can be chosen. Run it in a transaction.
 */
export async function saveFaqEntry(
  tx: DbOrTx,
  id: number | null,
  values: FaqEntryValues,
): Promise<FaqEntryRow | null> {
  if (values.position !== undefined) await makeRoom(tx, id, values.audience, values.position);
  if (id !== null) {
    const [updated] = await tx
      .update(faqEntries)
      .set({ ...values, position: values.position ?? undefined })
      .where(eq(faqEntries.id, id))
      .returning();
    return updated ?? null;
  }
  const position = values.position ?? (await nextPosition(tx, values.audience));
  const [created] = await tx
    .insert(faqEntries)
    .values({ ...values, position })
    .returning();
  return created ?? null;
}

async function makeRoom(tx: DbOrTx, id: number | null, audience: FaqAudience, position: number) {
  const others = and(eq(faqEntries.audience, audience), id === null ? undefined : ne(faqEntries.id, id));
  const [taken] = await tx
    .select({ id: faqEntries.id })
    .from(faqEntries)
    .where(and(others, eq(faqEntries.position, position)))
    .limit(1);
  if (!taken) return;
  await tx
    .update(faqEntries)
    .set({ position: sql`${faqEntries.position} + 1` })
    .where(and(others, gte(faqEntries.position, position)));
}

async function nextPosition(tx: DbOrTx, audience: FaqAudience): Promise<number> {
  const [last] = await tx
    .select({ position: faqEntries.position })
    .from(faqEntries)
    .where(eq(faqEntries.audience, audience))
    .orderBy(desc(faqEntries.position))
    .limit(1);
  return (last?.position ?? 0) + 1;
}

export async function deleteFaqEntry(tx: DbOrTx, id: number): Promise<FaqEntryRow | null> {
  const [deleted] = await tx.delete(faqEntries).where(eq(faqEntries.id, id)).returning();
  return deleted ?? null;
}
