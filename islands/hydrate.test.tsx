import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type ChangeEvent, useId, useState } from 'react';
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

/** A form island of this test's own: what its state holds is shown, to tell the DOM from the state. */
function Questionnaire() {
  const id = useId();
  // Set from the values it rendered, as the login form does: each field must be rendered before the next.
  const [values, setValues] = useState({ name: '', school: '' });
  const [agreed, setAgreed] = useState(false);
  const [level, setLevel] = useState('college');
  const typed = (event: ChangeEvent<HTMLInputElement>) =>
    setValues({ ...values, [event.target.name]: event.target.value });
  return (
    <form>
      <label htmlFor={`${id}-name`}>Nom</label>
      <input id={`${id}-name`} name="name" value={values.name} onChange={typed} />
      <input name="school" aria-label="Établissement" value={values.school} onChange={typed} />
      <input type="checkbox" name="agreed" checked={agreed} onChange={(e) => setAgreed(e.target.checked)} />
      <select name="level" value={level} onChange={(e) => setLevel(e.target.value)}>
        <option value="college">Collège</option>
        <option value="lycee">Lycée</option>
      </select>
      <p role="status">{`${values.name}|${values.school}|${agreed}|${level}`}</p>
    </form>
  );
}

vi.mock('./registry.ts', () => ({
  ISLANDS: { Shortlist: async () => Shortlist, Questionnaire: async () => Questionnaire },
}));

const items = [
  'Comment réserver une visite ?',
  'Qui peut publier des créneaux ?',
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

  it('give back what was typed and chosen before the script came, to the island’s state', async () => {
    document.body.innerHTML = `<main>${renderToString(
      // biome-ignore lint/suspicious/noExplicitAny: the test's own island is not in the registry's names.
      <Island name={'Questionnaire' as any} component={Questionnaire} props={{}} />,
    )}</main>`;
    // A slow network: the person types before the island's script has come.
    const name = document.querySelector<HTMLInputElement>('input[name="name"]') as HTMLInputElement;
    name.value = 'Élise Garnier';
    (document.querySelector('input[name="school"]') as HTMLInputElement).value = 'Collège Jean Jaurès';
    (document.querySelector('input[name="agreed"]') as HTMLInputElement).checked = true;
    (document.querySelector('select[name="level"]') as HTMLSelectElement).value = 'lycee';
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    await act(() => hydrateIslands());
    await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
    expect(name.value).toBe('Élise Garnier');
    expect(screen.getByRole('status').textContent).toBe('Élise Garnier|Collège Jean Jaurès|true|lycee');
    // Hydrated as rendered: the label still names its field.
    expect(screen.getByLabelText('Nom')).toBe(name);
    await userEvent.type(name, ' (4e B)');
    expect(screen.getByRole('status').textContent).toBe(
      'Élise Garnier (4e B)|Collège Jean Jaurès|true|lycee',
    );
  });
});
