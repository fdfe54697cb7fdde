import { useMemo, useState } from 'react';
import { plural } from '../common/format.ts';
import { TextField } from './ui/TextField.tsx';

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

/** Folds accents and case so that "equipement" finds "Équipement". */
export function normalizeForSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}

/**
 * The FAQ, with a filter that narrows the questions as one types; without JavaScript every question is listed.
 * A reader who sees several audiences' questions (a teacher: theirs and everyone's) gets them under a heading each.
 */
export function FaqFilter({ groups }: { groups: FaqGroup[] }) {
  const [query, setQuery] = useState('');
  const total = groups.reduce((sum, group) => sum + group.entries.length, 0);
  const visible = useMemo(() => {
    const words = normalizeForSearch(query).split(/\s+/).filter(Boolean);
    return groups
      .map((group) => ({
        ...group,
        entries: group.entries.filter((entry) => {
          const text = normalizeForSearch(`${entry.question} ${entry.answer}`);
          return words.every((word) => text.includes(word));
        }),
      }))
      .filter((group) => group.entries.length > 0);
  }, [groups, query]);
  const shown = visible.reduce((sum, group) => sum + group.entries.length, 0);
  const titled = groups.length > 1;

  return (
    <div className="flex flex-col gap-6">
      <TextField
        label="Rechercher dans les questions"
        name="q"
        value={query}
        onChange={(event) => setQuery(event.currentTarget.value)}
        autoComplete="off"
      />
      <p role="status" className="text-sm text-grey-text">
        {shown === total ? plural(total, 'question') : `${plural(shown, 'question')} sur ${total}`}
      </p>
      {shown === 0 ? (
        <p>Aucune question ne correspond à votre recherche.</p>
      ) : (
        visible.map((group) =>
          titled ? (
            <section key={group.title} className="flex flex-col gap-3">
              <h2>{group.title}</h2>
              <Questions entries={group.entries} />
            </section>
          ) : (
            <Questions key={group.title} entries={group.entries} />
          ),
        )
      )}
    </div>
  );
}

function Questions({ entries }: { entries: FaqEntry[] }) {
  return (
    <ul className="flex flex-col gap-3">
      {entries.map((entry) => (
        <li key={entry.id}>
          <details className="rounded-lg border border-grey bg-white p-4 open:shadow-sm">
            <summary className="cursor-pointer font-semibold">{entry.question}</summary>
            <p className="mt-3 whitespace-pre-line text-dark">{entry.answer}</p>
          </details>
        </li>
      ))}
    </ul>
  );
}
