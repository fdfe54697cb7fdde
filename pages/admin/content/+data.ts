import type { PageContextServer } from 'vike/types';
import { FAQ_AUDIENCES } from '../../../common/constants.ts';
import {
  type ArticleForAdmin,
  articleInputSchema,
  type FaqEntryForAdmin,
  faqEntryInputSchema,
  faqPositionOf,
  formatArticleDate,
} from '../../../common/platform-content.ts';
import { ARTICLE_INTENTS, ARTICLE_SAID } from '../../../islands/admin/ArticleEditor.tsx';
import { FAQ_INTENTS, FAQ_SAID } from '../../../islands/admin/FaqEditor.tsx';
import {
  contentForAdmin,
  deleteArticle,
  deleteFaqEntry,
  upsertArticle,
  upsertFaqEntry,
} from '../../../server/admin/index.ts';
import { AppError } from '../../../server/kernel/errors.ts';
import { idInput, parseInput } from '../../../server/kernel/validation.ts';
import type { FormPost } from '../../layout/form-post.ts';
import { adminPost } from '../admin-post.ts';
import { choiceOf, NOTICE_ID, pageOf } from '../page-input.ts';

/** What the page says once a plain post is done (`?fait=`), in the words of the islands' toasts. */
const CONTENT_NOTICES = {
  'question-enregistree': FAQ_SAID.saved,
  'question-supprimee': FAQ_SAID.deleted,
  'question-deja-supprimee': FAQ_SAID.alreadyDeleted,
  'article-publie': ARTICLE_SAID.published,
  'brouillon-enregistre': ARTICLE_SAID.drafted,
  'article-supprime': ARTICLE_SAID.deleted,
  'article-deja-supprime': ARTICLE_SAID.alreadyDeleted,
} as const;
/** A new question's notice names its audience (`&public=`). */
const QUESTION_ADDED = 'question-ajoutee';
type Done = keyof typeof CONTENT_NOTICES | typeof QUESTION_ADDED;

/** A deletion of what another administrator deleted first: said, not refused (as the island's toast). */
async function deleted(run: () => Promise<void>): Promise<boolean> {
  try {
    await run();
    return true;
  } catch (error) {
    if (error instanceof AppError && error.code === 'NOT_FOUND') return false;
    throw error;
  }
}

/** The form's id, as the API's schema reads it: none for a new item. */
const postedId = (post: FormPost) => post.fields.id || null;

/**
 * The FAQ and the platform's articles, drafts included, as the content screen's islands keep them. Their
 * forms are plain first (issue 36, docs/decisions/0089): `?question=` or `?article=` opens an editor in
 * place (`open`), whose post is the API's `upsertFaqEntry` or `upsertArticle` with its schema; a deletion
 * asks first as a step; done, the page says it (`?fait=`); refused, the editor comes back with what was typed.
 */
export async function data(pageContext: PageContextServer) {
  const { viewer, deps, urlParsed } = pageContext;
  const doneAt = (done: Done, query = '') => `${urlParsed.pathname}?fait=${done}${query}#${NOTICE_ID}`;
  const plain = await adminPost(pageContext, {
    [FAQ_INTENTS.save]: {
      gone: FAQ_SAID.gone,
      async run(post) {
        const { question, answer, audience, position = '' } = post.fields;
        const input = { id: postedId(post), question, answer, audience, position: faqPositionOf(position) };
        const entry = await upsertFaqEntry(viewer, parseInput(faqEntryInputSchema, input), deps);
        return input.id
          ? doneAt('question-enregistree')
          : doneAt(QUESTION_ADDED, `&public=${entry.audience}`);
      },
    },
    [FAQ_INTENTS.delete]: {
      asks: () => true,
      async run(post) {
        const input = parseInput(idInput, post.fields);
        const done = await deleted(() => deleteFaqEntry(viewer, input, deps));
        return doneAt(done ? 'question-supprimee' : 'question-deja-supprimee');
      },
    },
    [ARTICLE_INTENTS.save]: {
      gone: ARTICLE_SAID.gone,
      async run(post) {
        const { title, summary, body, published } = post.fields;
        const input = { id: postedId(post), title, summary, body, published: published !== undefined };
        await upsertArticle(viewer, parseInput(articleInputSchema, input), deps);
        return doneAt(input.published ? 'article-publie' : 'brouillon-enregistre');
      },
    },
    [ARTICLE_INTENTS.delete]: {
      asks: () => true,
      async run(post) {
        const input = parseInput(idInput, post.fields);
        const done = await deleted(() => deleteArticle(viewer, input, deps));
        return doneAt(done ? 'article-supprime' : 'article-deja-supprime');
      },
    },
  });
  const { faq, articles } = await pageOf(() => contentForAdmin(viewer, deps));
  const { fait, question, article } = urlParsed.search;
  const audience = choiceOf(urlParsed.search.public, FAQ_AUDIENCES);
  return {
    faq: faq.map(
      ({ id, question, answer, audience, position }): FaqEntryForAdmin => ({
        id: String(id),
        question,
        answer,
        audience,
        position,
      }),
    ),
    articles: articles.map((article): ArticleForAdmin => {
      const updatedAt = article.updatedAt ?? article.createdAt;
      return {
        id: String(article.id),
        title: article.title,
        summary: article.summary,
        body: article.body,
        published: article.publishedAt !== null,
        updatedAt: updatedAt.toISOString(),
        updatedOn: formatArticleDate(updatedAt),
      };
    }),
    /** The editors the page opens in place (`?question=`, `?article=`). */
    open: { question: question ?? null, article: article ?? null },
    plain,
    notice:
      fait === QUESTION_ADDED && audience
        ? FAQ_SAID.added(audience)
        : fait && Object.hasOwn(CONTENT_NOTICES, fait)
          ? CONTENT_NOTICES[fait as keyof typeof CONTENT_NOTICES]
          : null,
  };
}

export type Data = Awaited<ReturnType<typeof data>>;
