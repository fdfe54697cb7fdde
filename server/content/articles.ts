import { and, desc, eq, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { preparedOn } from '../../db/prepared.ts';
import { articles } from '../../db/schema/content.ts';
import { companyFor } from '../companies/index.ts';
import type { Deps } from '../kernel/context.ts';
import type { Viewer } from '../kernel/viewer.ts';
import { canSeeCompanyPrivate, canSeeDraftArticle } from '../permissions.ts';

export type ArticleRow = typeof articles.$inferSelect;

const isPlatformArticle = isNull(articles.companyId);

/** The platform's published articles, latest first: linked from the landing pages. */
export function publishedArticles(deps: Deps, limit = 6) {
  // Read by every fresh landing page: built once (db/prepared.ts), the instant in milliseconds.
  const query = preparedOn(deps.db, 'publishedArticles', (db) =>
    db
      .select({
        id: articles.id,
        title: articles.title,
        summary: articles.summary,
        publishedAt: articles.publishedAt,
      })
      .from(articles)
      .where(
        and(
          isPlatformArticle,
          isNotNull(articles.publishedAt),
          lte(articles.publishedAt, sql.placeholder('now')),
        ),
      )
      .orderBy(desc(articles.publishedAt), desc(articles.id))
      .limit(sql.placeholder('limit'))
      .prepare(),
  );
  return query.all({ now: deps.clock.now().getTime(), limit });
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
    .values({ ...values, companyId: null, createdAt: values.updatedAt })
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

/** A company's published news, latest first (Company.news). */
export function newsOfCompany(companyId: number, deps: Pick<Deps, 'db' | 'clock'>) {
  return companyNews(deps.db, companyId, deps.clock.now());
}
