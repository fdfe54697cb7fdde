import { redirect } from 'vike/abort';
import type { PageContextServer } from 'vike/types';
import { newsInputSchema } from '../../common/content.ts';
import { ROUTES } from '../../common/routes.ts';
import {
  NEWS_DONE,
  NEWS_EDIT_PARAM,
  NEWS_REMOVE_INTENT,
  NEWS_SAVE_INTENT,
  type PlainNews,
} from '../../islands/companies/CompanyNews.tsx';
import { createCompanyNews, deleteCompanyNews, updateCompanyNews } from '../../server/content/index.ts';
import { parseInput } from '../../server/kernel/validation.ts';
import { formPostOf, idOf, refusalOf } from '../layout/form-post.ts';

const DONE_VALUES: readonly string[] = Object.values(NEWS_DONE);
const FIELDS = ['title', 'summary', 'body', 'publishedOn'] as const;

/** Where the page says what was done: `?actualite=`, at the news block. */
const doneUrl = (done: string) => `${ROUTES.myCompany}?actualite=${done}#actualites`;

/**
 * « Actualités » of « Mon entreprise » posted without JavaScript (issue 36): the form is the API's
 * createCompanyNews, or updateCompanyNews when it carries the item's id (« Modifier » asks the page for the
 * form filled with it, `?modifier=<news>`), with its schema, every message at once and what was typed kept;
 * « Supprimer » asks first (decision 0082), the page showing its confirmation, whose `confirm=1` is
 * deleteCompanyNews. Each comes back to the page saying so (`?actualite=`, post/redirect/get).
 */
export async function plainNews(pageContext: PageContextServer): Promise<PlainNews> {
  const { viewer, deps } = pageContext;
  const post = await formPostOf(pageContext);
  if (post?.intent === NEWS_SAVE_INTENT) {
    const id = idOf(post.fields.id);
    const values = Object.fromEntries(FIELDS.map((name) => [name, post.fields[name] ?? '']));
    const refusal = await refusalOf(post, async () => {
      const input = parseInput(newsInputSchema, values);
      if (id) await updateCompanyNews(viewer, { ...input, id }, deps);
      else await createCompanyNews(viewer, input, deps);
    });
    if (!refusal) throw redirect(doneUrl(id ? NEWS_DONE.changed : NEWS_DONE.published));
    return {
      done: null,
      editing: id ? String(id) : null,
      posted: { values, errors: refusal.errors, alert: refusal.alert },
      removing: null,
    };
  }
  if (post?.intent === NEWS_REMOVE_INTENT) {
    const id = idOf(post.fields.id);
    const removing = (alert: string | null) => (id ? { id: String(id), alert } : null);
    if (post.fields.confirm !== '1')
      return { done: null, editing: null, posted: null, removing: removing(null) };
    const refusal = await refusalOf(post, () => deleteCompanyNews(viewer, { id: id ?? 0 }, deps));
    if (!refusal) throw redirect(doneUrl(NEWS_DONE.removed));
    return { done: null, editing: null, posted: null, removing: removing(refusal.alert) };
  }
  const search = pageContext.urlParsed.search;
  const edited = idOf(search[NEWS_EDIT_PARAM]);
  return {
    done: DONE_VALUES.includes(search.actualite ?? '') ? (search.actualite as PlainNews['done']) : null,
    editing: edited ? String(edited) : null,
    posted: null,
    removing: null,
  };
}
