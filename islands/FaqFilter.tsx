import { useMemo, useState } from 'react';
import { TextField } from './ui/TextField.tsx';

export interface FaqEntry {
  id: number;
  question: string;
  answer: string;
}

/** Folds accents and case so that "equipement" finds "Équipement". */
export function normalizeForSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}

/** The FAQ, with a filter that narrows the questions as one types; without JavaScript every question is listed. */
export function FaqFilter({ entries }: { entries: FaqEntry[] }) {
  const [query, setQuery] = useState('');
  const visible = useMemo(() => {
    const words = normalizeForSearch(query).split(/\s+/).filter(Boolean);
    if (words.length === 0) return entries;
    return entries.filter((entry) => {
      const text = normalizeForSearch(`${entry.question} ${entry.answer}`);
      return words.every((word) => text.includes(word));
    });
  }, [entries, query]);

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
        {visible.length === entries.length
          ? `${entries.length} questions`
          : `${visible.length} question${visible.length > 1 ? 's' : ''} sur ${entries.length}`}
      </p>
      {visible.length === 0 ? (
        <p>Aucune question ne correspond à votre recherche.</p>
      ) : (
        <ul className="flex flex-col gap-3">
          {visible.map((entry) => (
            <li key={entry.id}>
              <details className="rounded-lg border border-grey bg-white p-4 open:shadow-sm">
                <summary className="cursor-pointer font-semibold">{entry.question}</summary>
                <p className="mt-3 whitespace-pre-line text-dark">{entry.answer}</p>
              </details>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
