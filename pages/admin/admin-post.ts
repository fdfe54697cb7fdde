import { redirect, render } from 'vike/abort';
import type { PageContextServer } from 'vike/types';
import type { PlainPost } from '../../islands/admin/plain-post.ts';
import { AppError } from '../../server/kernel/errors.ts';
import { type FormPost, formPostOf, refusalOf } from '../layout/form-post.ts';

/** One of a back-office page's forms, as its `+data.ts` handles it without JavaScript. */
export interface AdminAction {
  /** The use case, the API's own with the API's schema; answers where to go once done (with its notice). */
  run(post: FormPost): Promise<string>;
  /**
   * Asked first (a dialog once the page's script runs): posted without `confirm=1`, nothing is done and
   * the page shows its confirmation step.
   */
  asks?(post: FormPost): boolean;
  /** What the form is about, when it is not the posted `id`. */
  target?(post: FormPost): string | null;
  /**
   * What the form says when what it edits was deleted meanwhile: it comes back with its values and
   * without its id, to be written anew. Without it, NOT_FOUND is the page's 404, as on GET (another
   * region's company, request or department is answered as one that does not exist).
   */
  gone?: string;
}

/**
 * The page's post, if it is one of `actions` (issue 36): its confirmation step, or its use case then the
 * page again saying so (post/redirect/get), or its refusal with the values kept and every message. A post
 * from another site is refused with 403 (`formPostOf`), as one the viewer may not make.
 */
export async function adminPost(
  pageContext: PageContextServer,
  actions: Record<string, AdminAction>,
): Promise<PlainPost | null> {
  const post = await formPostOf(pageContext);
  const action = post && Object.hasOwn(actions, post.intent) ? actions[post.intent] : undefined;
  if (!post || !action) return null;
  const target = action.target ? action.target(post) : (post.fields.id ?? null);
  const { pathname, searchOriginal } = pageContext.urlParsed;
  const pageUrl = `${pathname}${searchOriginal ?? ''}`;
  if (action.asks?.(post) && post.fields.confirm !== '1') {
    return { intent: post.intent, target, values: post.fields, errors: {}, alert: null, pageUrl };
  }
  let next = '';
  let gone = false;
  const refusal = await refusalOf(
    post,
    async () => {
      try {
        next = await action.run(post);
      } catch (error) {
        if (!(error instanceof AppError && error.code === 'NOT_FOUND')) throw error;
        if (!action.gone) throw render(404);
        gone = true;
        throw new AppError('NOT_FOUND', { message: action.gone });
      }
    },
    target,
  );
  if (!refusal) throw redirect(next);
  const values = gone ? { ...refusal.values, id: '' } : refusal.values;
  return { ...refusal, values, pageUrl };
}
