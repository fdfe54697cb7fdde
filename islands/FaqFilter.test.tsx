import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { FaqFilter } from './FaqFilter.tsx';

const GROUPS = [
  {
    title: 'Pour les enseignants',
    entries: [{ id: 2, question: 'Comment annuler ?', answer: 'Depuis la rencontre.' }],
  },
  {
    title: 'Questions générales',
    entries: [{ id: 1, question: 'Est-ce payant ?', answer: 'Non, gratuit.' }],
  },
];

describe('FaqFilter', () => {
  it('puts each audience under its heading when the reader sees several, and filters across them', async () => {
    render(<FaqFilter groups={GROUPS} />);
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Pour les enseignants',
      'Questions générales',
    ]);
    await userEvent.type(screen.getByLabelText('Rechercher dans les questions'), 'gratuit');
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Questions générales',
    ]);
    expect(screen.getByRole('status').textContent).toBe('1 question sur 2');
  });

  it('shows one audience’s questions without a heading', () => {
    render(<FaqFilter groups={GROUPS.slice(1)} />);
    expect(screen.queryByRole('heading')).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('1 question');
  });
});
