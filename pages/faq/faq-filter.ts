import { normalizeForSearch } from '../../common/text.ts';

interface FaqEntry {
  id: number;
  question: string;
  answer: string;
}

/** The questions written for one audience; its title is shown when the reader sees several audiences. */
export interface FaqGroup {
  title: string;
  entries: FaqEntry[];
}

/**
 * The questions holding every word of the search, in their question or answer, accents and case aside; the
 * groups left empty go. The FAQ filters on the server, from a GET form: the page ships no script (issue 22).
 */
export function filterFaq(groups: FaqGroup[], search: string): FaqGroup[] {
  const words = normalizeForSearch(search).split(/\s+/).filter(Boolean);
  if (words.length === 0) return groups;
  return groups
    .map((group) => ({
      ...group,
      entries: group.entries.filter((entry) => {
        const text = normalizeForSearch(`${entry.question} ${entry.answer}`);
        return words.every((word) => text.includes(word));
      }),
    }))
    .filter((group) => group.entries.length > 0);
}
