import type { PageContextServer } from 'vike/types';
import type { FaqAudience } from '../../common/constants.ts';
import type { FaqGroup } from '../../islands/FaqFilter.tsx';
import { faqFor } from '../../server/content/index.ts';

const GROUP_TITLES: Record<FaqAudience, string> = {
  teacher: 'Pour les enseignants',
  company: 'Pour les entreprises',
  visitor: 'Questions générales',
};
/** The reader's own questions before everyone's (docs/decisions/0036). */
const GROUP_ORDER: readonly FaqAudience[] = ['teacher', 'company', 'visitor'];

export async function data(pageContext: PageContextServer) {
  const entries = await faqFor(pageContext.viewer, pageContext.deps);
  const groups: FaqGroup[] = GROUP_ORDER.map((audience) => ({
    title: GROUP_TITLES[audience],
    entries: entries
      .filter((entry) => entry.audience === audience)
      .map(({ id, question, answer }) => ({ id, question, answer })),
  })).filter((group) => group.entries.length > 0);
  return { groups, everyAudience: pageContext.viewer?.kind === 'admin' };
}

export type Data = Awaited<ReturnType<typeof data>>;
