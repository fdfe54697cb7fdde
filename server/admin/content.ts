import { z } from 'zod';
import { FAQ_AUDIENCES } from '../../common/constants.ts';
import { multiLineText, requiredMultiLineText, singleLineText, TEXT_MAX } from '../../common/text.ts';
import {
  allFaqEntries,
  allPlatformArticles,
  deleteFaqEntry as deleteEntry,
  deletePlatformArticle,
  type FaqEntryRow,
  saveFaqEntry,
  savePlatformArticle,
} from '../content/index.ts';
import { AppError } from '../errors.ts';
import type { Deps } from '../http/context.ts';
import { requireNationalAdmin, type Viewer } from '../permissions.ts';
import { recordAudit } from './audit.ts';

const optionalId = z.coerce.number().int().positive().nullish();

/** API.md, FaqEntryInput. */
export const faqEntryInputSchema = z.object({
  id: optionalId,
  question: singleLineText(TEXT_MAX.faqQuestion),
  answer: requiredMultiLineText(TEXT_MAX.faqAnswer),
  audience: z.enum(FAQ_AUDIENCES),
  position: z.number().int().min(0).max(10_000).nullish(),
});

export const articleInputSchema = z.object({
  id: optionalId,
  title: singleLineText(TEXT_MAX.articleTitle),
  summary: multiLineText(TEXT_MAX.articleSummary).nullish(),
  body: requiredMultiLineText(TEXT_MAX.articleBody),
  published: z.boolean(),
});

/** The content screen's lists: every FAQ entry and every platform article, drafts included. */
export async function contentForAdmin(viewer: Viewer | null, deps: Deps) {
  requireNationalAdmin(viewer);
  const [faq, articles] = await Promise.all([allFaqEntries(deps.db), allPlatformArticles(deps.db)]);
  return { faq, articles };
}

/** A national administrator writes or edits an FAQ entry (API.md, upsertFaqEntry). */
export async function upsertFaqEntry(
  viewer: Viewer | null,
  input: z.infer<typeof faqEntryInputSchema>,
  deps: Deps,
): Promise<FaqEntryRow> {
  const admin = requireNationalAdmin(viewer);
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const entry = await saveFaqEntry(tx, input.id ?? null, {
      question: input.question,
      answer: input.answer,
      audience: input.audience,
      position: input.position ?? undefined,
    });
    if (!entry) throw new AppError('NOT_FOUND');
    await recordAudit(tx, admin, { action: 'faq.saved', target: entry.question }, now);
    return entry;
  });
}

export async function deleteFaqEntry(
  viewer: Viewer | null,
  input: { id: number },
  deps: Deps,
): Promise<void> {
  const admin = requireNationalAdmin(viewer);
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const entry = await deleteEntry(tx, input.id);
    if (!entry) throw new AppError('NOT_FOUND');
    await recordAudit(tx, admin, { action: 'faq.deleted', target: entry.question }, now);
  });
}

/**
 * A national administrator writes or edits a platform article (Markdown, shown at /article/{id} once
 * published, linked from the landing pages); a published article keeps its first publication date.
 */
export async function upsertArticle(
  viewer: Viewer | null,
  input: z.infer<typeof articleInputSchema>,
  deps: Deps,
) {
  const admin = requireNationalAdmin(viewer);
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const before = input.id
      ? (await allPlatformArticles(tx)).find((article) => article.id === input.id)
      : null;
    if (input.id && !before) throw new AppError('NOT_FOUND');
    const article = await savePlatformArticle(tx, input.id ?? null, {
      title: input.title,
      summary: input.summary ?? null,
      body: input.body,
      publishedAt: input.published ? (before?.publishedAt ?? now) : null,
    });
    if (!article) throw new AppError('NOT_FOUND');
    await recordAudit(
      tx,
      admin,
      { action: input.published ? 'article.published' : 'article.drafted', target: article.title },
      now,
    );
    return article;
  });
}

export async function deleteArticle(viewer: Viewer | null, input: { id: number }, deps: Deps): Promise<void> {
  const admin = requireNationalAdmin(viewer);
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const article = await deletePlatformArticle(tx, input.id);
    if (!article) throw new AppError('NOT_FOUND');
    await recordAudit(tx, admin, { action: 'article.deleted', target: article.title }, now);
  });
}
