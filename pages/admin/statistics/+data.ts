import type { PageContextServer } from 'vike/types';
import { fieldErrors } from '../../../common/accounts.ts';
import { statisticsFormSchema } from '../../../common/statistics.ts';
import { statisticsPage } from '../../../server/admin/index.ts';
import { pageOf } from '../page-input.ts';

/**
 * The filters come from the URL (a plain GET form, so the page works without JavaScript): parsed by the
 * shared schema, then one use case decides the area and counts. What was typed stays in the form when a
 * filter is refused.
 */
export async function data(pageContext: PageContextServer) {
  const { du = '', au = '', departement = '' } = pageContext.urlParsed.search;
  const typed = { du, au, departement };
  const parsed = statisticsFormSchema.safeParse(typed);
  const page = await pageOf(() =>
    statisticsPage(pageContext.viewer, parsed.success ? parsed.data : null, pageContext.deps),
  );
  return {
    ...page,
    form: page.form ?? typed,
    fieldErrors: parsed.success ? page.fieldErrors : fieldErrors(parsed.error),
  };
}

export type Data = Awaited<ReturnType<typeof data>>;
