import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, lte, ne, sql } from 'drizzle-orm';
import type { FaqAudience } from '../../common/constants.ts';
import type { DbOrTx } from '../../db/client.ts';
import { articles, faqEntries } from '../../db/schema/content.ts';
import { companyFor } from '../companies/index.ts';
import type { Deps } from '../kernel/context.ts';
import type { Viewer } from '../kernel/viewer.ts';
import { canSeeCompanyPrivate, canSeeDraftArticle } from '../permissions.ts';

export type FaqEntryRow = typeof faqEntries.$inferSelect;
export type ArticleRow = typeof articles.$inferSelect;

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

const isPlatformArticle = isNull(articles.companyId);

/** The platform's published articles, latest first: linked from the landing pages. */
export function publishedArticles(deps: Deps, limit = 6) {
  return deps.db
    .select({
      id: articles.id,
      title: articles.title,
      summary: articles.summary,
      publishedAt: articles.publishedAt,
    })
    .from(articles)
    .where(
      and(isPlatformArticle, isNotNull(articles.publishedAt), lte(articles.publishedAt, deps.clock.now())),
    )
    .orderBy(desc(articles.publishedAt), desc(articles.id))
    .limit(limit);
}

/** Every platform article, drafts included, latest first: the operators' content screen. */
export function allPlatformArticles(db: DbOrTx): Promise<ArticleRow[]> {
  return db
    .select()
    .from(articles)
    .where(isPlatformArticle)
    .orderBy(desc(articles.createdAt), desc(articles.id));
}

export async function findPlatformArticle(db: DbOrTx, id: number): Promise<ArticleRow | null> {
  const [row] = await db
    .select()
    .from(articles)
    .where(and(eq(articles.id, id), isPlatformArticle))
    .limit(1);
  return row ?? null;
}

/**
 * An article at `/article/{id}`: a published platform article, for anyone, and a draft one for the
 * national administrators who write it (marked as such); a company's published news item, for whoever may
 * see the company, and a scheduled one for the company's own recruiters and the operators only (a preview).
 * Null otherwise, as for an unknown id: the page is a 404 that says nothing of what exists.
 */
export async function articleFor(viewer: Viewer | null, id: number, deps: Deps) {
  const [article] = await deps.db.select().from(articles).where(eq(articles.id, id)).limit(1);
  if (!article) return null;
  const published = article.publishedAt !== null && article.publishedAt <= deps.clock.now();
  if (article.companyId === null) {
    if (!published && !canSeeDraftArticle(viewer)) return null;
    return { article, company: null, scheduled: false, draft: !published };
  }
  const company = await companyFor(viewer, article.companyId, deps);
  if (!company || (!published && !canSeeCompanyPrivate(viewer, company))) return null;
  return { article, company: { id: company.id, name: company.name }, scheduled: !published, draft: false };
}

export interface ArticleValues {
  title: string;
  summary: string | null;
  body: string;
  /** Null for a draft. */
  publishedAt: Date | null;
  updatedAt: Date;
}

/** Saves a platform article (a new one without `id`). */
export async function savePlatformArticle(
  tx: DbOrTx,
  id: number | null,
  values: ArticleValues,
): Promise<ArticleRow | null> {
  if (id !== null) {
    const [updated] = await tx
      .update(articles)
      .set(values)
      .where(and(eq(articles.id, id), isPlatformArticle))
      .returning();
    return updated ?? null;
  }
  const [created] = await tx
    .insert(articles)
    .values({ ...values, companyId: null })
    .returning();
  return created ?? null;
}

export async function deletePlatformArticle(tx: DbOrTx, id: number): Promise<ArticleRow | null> {
  const [deleted] = await tx
    .delete(articles)
    .where(and(eq(articles.id, id), isPlatformArticle))
    .returning();
  return deleted ?? null;
}

/** A company's published news, latest first. */
export function companyNews(db: DbOrTx, companyId: number, now: Date, limit = 10) {
  return db
    .select({
      id: articles.id,
      title: articles.title,
      summary: articles.summary,
      body: articles.body,
      publishedAt: articles.publishedAt,
    })
    .from(articles)
    .where(
      and(eq(articles.companyId, companyId), isNotNull(articles.publishedAt), lte(articles.publishedAt, now)),
    )
    .orderBy(desc(articles.publishedAt), desc(articles.id))
    .limit(limit);
}
