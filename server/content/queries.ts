import { and, asc, desc, eq, inArray, isNotNull, lte } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { articles, faqEntries } from '../../db/schema/content.ts';
import { companyFor } from '../companies/index.ts';
import type { Deps } from '../http/context.ts';
import { canSeeCompanyPrivate, type Viewer } from '../permissions.ts';

/** The FAQ for whoever reads it: everyone sees the common questions, teachers and companies their own too. */
export function faqFor(viewer: Viewer | null, deps: Deps) {
  const audiences: ('all' | 'teacher' | 'company')[] = ['all'];
  if (viewer?.kind === 'teacher') audiences.push('teacher');
  if (viewer?.kind === 'recruiter') audiences.push('company');
  if (viewer?.kind === 'admin') audiences.push('teacher', 'company');
  return deps.db
    .select({ id: faqEntries.id, question: faqEntries.question, answer: faqEntries.answer })
    .from(faqEntries)
    .where(inArray(faqEntries.audience, audiences))
    .orderBy(asc(faqEntries.position), asc(faqEntries.id));
}

/**
 * An article at `/article/{id}`: a published platform article, for anyone; a company's published news
 * item, for whoever may see the company; a scheduled one, for the company's own recruiters and the
 * operators only (a preview). Null otherwise: the page is a 404.
 */
export async function articleFor(viewer: Viewer | null, id: number, deps: Deps) {
  const [article] = await deps.db.select().from(articles).where(eq(articles.id, id)).limit(1);
  if (!article) return null;
  const published = article.publishedAt !== null && article.publishedAt <= deps.clock.now();
  if (article.companyId === null) return published ? { article, company: null, scheduled: false } : null;
  const company = await companyFor(viewer, article.companyId, deps);
  if (!company || (!published && !canSeeCompanyPrivate(viewer, company.id))) return null;
  return { article, company: { id: company.id, name: company.name }, scheduled: !published };
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
