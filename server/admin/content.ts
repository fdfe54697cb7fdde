import type { ArticleInput, FaqEntryInput } from '../../common/platform-content.ts';
import {
  allFaqEntries,
  allPlatformArticles,
  deleteFaqEntry as deleteEntry,
  deletePlatformArticle,
  type FaqEntryRow,
  findPlatformArticle,
  saveFaqEntry,
  savePlatformArticle,
} from '../content/index.ts';
import type { Deps } from '../kernel/context.ts';
import { AppError } from '../kernel/errors.ts';
import type { Viewer } from '../kernel/viewer.ts';
import { requireNationalAdmin } from '../permissions.ts';
import { recordAudit } from './audit.ts';

/** The content screen's lists: every FAQ entry and every platform article, drafts included. */
export async function contentForAdmin(viewer: Viewer | null, deps: Deps) {
  requireNationalAdmin(viewer);
  const [faq, articles] = await Promise.all([allFaqEntries(deps.db), allPlatformArticles(deps.db)]);
  return { faq, articles };
}

/** A national administrator writes or edits an FAQ entry (API.md, upsertFaqEntry). */
export async function upsertFaqEntry(
  viewer: Viewer | null,
  input: FaqEntryInput,
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
export async function upsertArticle(viewer: Viewer | null, input: ArticleInput, deps: Deps) {
  const admin = requireNationalAdmin(viewer);
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const before = input.id ? await findPlatformArticle(tx, input.id) : null;
    if (input.id && !before) throw new AppError('NOT_FOUND');
    const article = await savePlatformArticle(tx, input.id ?? null, {
      title: input.title,
      summary: input.summary ?? null,
      body: input.body,
      publishedAt: input.published ? (before?.publishedAt ?? now) : null,
      updatedAt: now,
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
