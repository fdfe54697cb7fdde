import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FaqFilter, normalizeForSearch } from './FaqFilter.tsx';
import { hydrateIslands } from './hydrate.ts';
import { Island, serializeProps } from './Island.tsx';

const entries = [
  { id: 1, question: 'Comment réserver une visite ?', answer: 'Depuis la fiche de l’entreprise.' },
  { id: 2, question: 'Qui peut publier des créneaux ?', answer: 'Les entreprises validées.' },
  {
    id: 3,
    question: 'Puis-je venir avec deux classes ?',
    answer: 'Oui, dans la limite des places </script> restantes.',
  },
];

describe('islands', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('keep their props as JSON data that cannot close the script element', () => {
    expect(serializeProps({ a: '</script><script>alert(1)</script>' })).not.toContain('</script>');
    expect(JSON.parse(serializeProps({ a: '</script>' }))).toEqual({ a: '</script>' });
  });

  it('are server-rendered, then hydrated with their serialized props and become interactive', async () => {
    document.body.innerHTML = `<main>${renderToString(
      <Island
        name="FaqFilter"
        component={FaqFilter}
        props={{ groups: [{ title: 'Questions générales', entries }] }}
      />,
    )}</main>`;
    expect(screen.getAllByRole('listitem')).toHaveLength(3);

    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    await act(() => hydrateIslands());
    expect(errors).not.toHaveBeenCalled(); // no hydration mismatch: the server HTML is what the browser renders
    errors.mockRestore();
    await userEvent.type(screen.getByLabelText('Rechercher dans les questions'), 'creneaux');
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
    expect(screen.getByRole('status').textContent).toBe('1 question sur 3');
  });
});

describe('FAQ filter', () => {
  it('ignores accents and case', () => {
    expect(normalizeForSearch('Équipements Électriques')).toBe('equipements electriques');
  });
});
