import { redirect, render } from 'vike/abort';
import type { PageContextServer } from 'vike/types';
import { FAVORITE_INTENT } from '../../islands/discovery/FavoriteButton.tsx';
import { addFavorite, companyIdSchema, removeFavorite } from '../../server/search/index.ts';
import { formPostOf, refusalOf, validFormOf } from './form-post.ts';

/**
 * The favourite star posted without JavaScript (issue 36), on every page that shows it: the same use case
 * as the API's `addFavorite` or `removeFavorite` (the form says which, `starred`), then the same page again
 * (post/redirect/get), the star turned. A refusal (a company out of reach) is the page's 404.
 */
export async function plainFavorite(pageContext: PageContextServer): Promise<void> {
  const post = await formPostOf(pageContext);
  if (post?.intent !== FAVORITE_INTENT) return;
  const { viewer, deps } = pageContext;
  const refusal = await refusalOf(post, async () => {
    const input = await validFormOf(pageContext, companyIdSchema);
    await (post.fields.starred === 'true' ? addFavorite : removeFavorite)(viewer, input, deps);
  });
  if (refusal) throw render(404);
  throw redirect(pageContext.urlOriginal);
}
