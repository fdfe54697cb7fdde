import { and, asc, desc, eq, inArray, isNotNull, isNull, lte } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { articles, faqEntries } from '../../db/schema/content.ts';
import type { Deps } from '../http/context.ts';
import type { Viewer } from '../permissions.ts';

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

/** A published platform article, for anyone (company news are shown on the company's page). */
export async function publishedArticle(id: number, deps: Deps) {
  const [row] = await deps.db
    .select()
    .from(articles)
    .where(
      and(
        eq(articles.id, id),
        isNull(articles.companyId),
        isNotNull(articles.publishedAt),
        lte(articles.publishedAt, deps.clock.now()),
      ),
    )
    .limit(1);
  return row ?? null;
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
