import type { PageContextServer } from 'vike/types';
import type { FaqAudience } from '../../common/constants.ts';
import { TEXT_MAX } from '../../common/text.ts';
import { faqFor } from '../../server/content/index.ts';
import { type FaqGroup, filterFaq } from './faq-filter.ts';

const GROUP_TITLES: Record<FaqAudience, string> = {
  teacher: 'Pour les enseignants',
  company: 'Pour les entreprises',
  visitor: 'Questions générales',
};
/** The reader's own questions before everyone's (docs/decisions/0036). */
const GROUP_ORDER: readonly FaqAudience[] = ['teacher', 'company', 'visitor'];

/** The reader's questions, narrowed by `?q=` (the page's GET form). */
export async function data(pageContext: PageContextServer) {
  const entries = await faqFor(pageContext.viewer, pageContext.deps);
  const groups: FaqGroup[] = GROUP_ORDER.map((audience) => ({
    title: GROUP_TITLES[audience],
    entries: entries
      .filter((entry) => entry.audience === audience)
      .map(({ id, question, answer }) => ({ id, question, answer })),
  })).filter((group) => group.entries.length > 0);
  const search = (pageContext.urlParsed.search.q ?? '').slice(0, TEXT_MAX.searchText);
  const shown = filterFaq(groups, search);
  return {
    groups: shown,
    titled: groups.length > 1,
    search,
    total: entries.length,
    shownCount: shown.reduce((sum, group) => sum + group.entries.length, 0),
    everyAudience: pageContext.viewer?.kind === 'admin',
  };
}

export type Data = Awaited<ReturnType<typeof data>>;
