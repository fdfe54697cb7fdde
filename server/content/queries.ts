import { and, asc, eq, inArray, isNotNull, isNull, lte } from 'drizzle-orm';
import type { UserKind } from '../../common/constants.ts';
import type { Db } from '../../db/client.ts';
import { articles, faqEntries } from '../../db/schema.ts';

/** The FAQ for whoever reads it: everyone sees the common questions, teachers and companies their own too. */
export function listFaqEntries(db: Db, readerKind: UserKind | null) {
  const audiences: ('all' | 'teacher' | 'company')[] = ['all'];
  if (readerKind === 'teacher') audiences.push('teacher');
  if (readerKind === 'recruiter') audiences.push('company');
  if (readerKind === 'admin') audiences.push('teacher', 'company');
  return db
    .select({ id: faqEntries.id, question: faqEntries.question, answer: faqEntries.answer })
    .from(faqEntries)
    .where(inArray(faqEntries.audience, audiences))
    .orderBy(asc(faqEntries.position), asc(faqEntries.id));
}

/** A published platform article (company news are shown on the company's page). */
export async function findPublishedArticle(db: Db, id: number, now: Date) {
  const [row] = await db
    .select()
    .from(articles)
    .where(
      and(
        eq(articles.id, id),
        isNull(articles.companyId),
        isNotNull(articles.publishedAt),
        lte(articles.publishedAt, now),
      ),
    )
    .limit(1);
  return row ?? null;
}
