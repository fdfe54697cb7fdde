import { describe, expect, it } from 'vitest';
import { normalizeForSearch } from '../../common/text.ts';
import { filterFaq } from './faq-filter.ts';

const GROUPS = [
  {
    title: 'Pour les enseignants',
    entries: [{ id: 2, question: 'Comment annuler ?', answer: 'Depuis la rencontre.' }],
  },
  {
    title: 'Questions générales',
    entries: [
      { id: 1, question: 'Est-ce payant ?', answer: 'Non, gratuit.' },
      { id: 3, question: 'Qui peut publier des créneaux ?', answer: 'Les entreprises validées.' },
    ],
  },
];

describe('the FAQ search', () => {
  it('ignores accents and case', () => {
    expect(normalizeForSearch('Équipements Électriques')).toBe('equipements electriques');
    expect(filterFaq(GROUPS, 'CRENEAUX').flatMap((group) => group.entries.map((entry) => entry.id))).toEqual([
      3,
    ]);
  });

  it('keeps the questions holding every word, in the question or the answer, and drops emptied groups', () => {
    expect(filterFaq(GROUPS, 'gratuit payant')).toEqual([
      { title: 'Questions générales', entries: [GROUPS[1]?.entries[0]] },
    ]);
    expect(filterFaq(GROUPS, 'gratuit rencontre')).toEqual([]);
  });

  it('keeps everything for an empty search', () => {
    expect(filterFaq(GROUPS, '  ')).toBe(GROUPS);
  });
});
