import { and, desc, eq } from 'drizzle-orm';
import { NEWS_MESSAGES, NEWS_SCHEDULE_MAX_DAYS, type NewsInput } from '../../common/content.ts';
import { MAINLAND_TIME_ZONE } from '../../common/format.ts';
import { zonedWallClockToUtc } from '../../common/time.ts';
import { articles } from '../../db/schema/content.ts';
import type { Deps } from '../kernel/context.ts';
import { AppError, invalidInput } from '../kernel/errors.ts';
import type { Viewer } from '../kernel/viewer.ts';
import { requireRecruiter } from '../permissions.ts';
import type { ArticleRow } from './articles.ts';

const DAY_MS = 86_400_000;

/** The publication instant of a day: 00:00 in mainland France, where news have no place of their own. */
function publicationOf(input: NewsInput, now: Date): Date {
  const publishedAt = zonedWallClockToUtc(input.publishedOn, '00:00', MAINLAND_TIME_ZONE);
  if (publishedAt.getTime() > now.getTime() + NEWS_SCHEDULE_MAX_DAYS * DAY_MS) {
    throw invalidInput({ publishedOn: NEWS_MESSAGES.publishedOnRange });
  }
  return publishedAt;
}

const values = (input: NewsInput, now: Date) => ({
  title: input.title,
  summary: input.summary ?? null,
  body: input.body ?? '',
  publishedAt: publicationOf(input, now),
});

/** Every news item of the recruiter's company, scheduled ones too, latest publication first. */
export function myCompanyNews(viewer: Viewer | null, deps: Deps): Promise<ArticleRow[]> {
  const { companyId } = requireRecruiter(viewer);
  return deps.db
    .select()
    .from(articles)
    .where(eq(articles.companyId, companyId))
    .orderBy(desc(articles.publishedAt), desc(articles.id));
}

/** The recruiter's company publishes a news item, on its publication day (PRODUCT.md, Accounts). */
export async function createCompanyNews(
  viewer: Viewer | null,
  input: NewsInput,
  deps: Deps,
): Promise<ArticleRow> {
  const { companyId } = requireRecruiter(viewer);
  const now = deps.clock.now();
  const [row] = await deps.db
    .insert(articles)
    .values({ companyId, ...values(input, now), createdAt: now })
    .returning();
  if (!row) throw new Error('news item not written');
  return row;
}

/** One of the company's own news items, changed in one conditional statement (another's is NOT_FOUND). */
export async function updateCompanyNews(
  viewer: Viewer | null,
  input: NewsInput & { id: number },
  deps: Deps,
): Promise<ArticleRow> {
  const { companyId } = requireRecruiter(viewer);
  const [row] = await deps.db
    .update(articles)
    .set(values(input, deps.clock.now()))
    .where(and(eq(articles.id, input.id), eq(articles.companyId, companyId)))
    .returning();
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

export async function deleteCompanyNews(
  viewer: Viewer | null,
  input: { id: number },
  deps: Deps,
): Promise<void> {
  const { companyId } = requireRecruiter(viewer);
  const [row] = await deps.db
    .delete(articles)
    .where(and(eq(articles.id, input.id), eq(articles.companyId, companyId)))
    .returning({ id: articles.id });
  if (!row) throw new AppError('NOT_FOUND');
}
