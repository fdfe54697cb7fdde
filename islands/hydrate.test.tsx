import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { hydrateIslands } from './hydrate.ts';
import { Island, serializeProps } from './Island.tsx';

/** A small island of this test's own: a list that a button shortens, from its serialized props. */
function Shortlist({ items }: { items: string[] }) {
  const [count, setCount] = useState(items.length);
  return (
    <div>
      <ul>
        {items.slice(0, count).map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
      <button type="button" onClick={() => setCount(1)}>
        Raccourcir
      </button>
      <p role="status">{count === 1 ? '1 élément' : `${count} éléments`}</p>
    </div>
  );
}

vi.mock('./registry.ts', () => ({ ISLANDS: { Shortlist: async () => Shortlist } }));

const items = [
  'Comment réserver une visite ?',
  'Qui peut publier des créneaux ?',
  'Deux classes </script> ?',
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
      // biome-ignore lint/suspicious/noExplicitAny: the test's own island is not in the registry's names.
      <Island name={'Shortlist' as any} component={Shortlist} props={{ items }} />,
    )}</main>`;
    expect(screen.getAllByRole('listitem')).toHaveLength(3);

    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    await act(() => hydrateIslands());
    expect(errors).not.toHaveBeenCalled(); // no hydration mismatch: the server HTML is what the browser renders
    errors.mockRestore();
    await userEvent.click(screen.getByRole('button', { name: 'Raccourcir' }));
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
    expect(screen.getByRole('status').textContent).toBe('1 élément');
  });
});
