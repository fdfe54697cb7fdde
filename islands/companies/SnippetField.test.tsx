import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SnippetField } from './SnippetField.tsx';

afterEach(() => vi.restoreAllMocks());

const CODE = '<iframe src="https://passerelle.example/embed/company/4" data-passerelle></iframe>';
const field = <SnippetField id="code-iframe" label="Code du cadre à intégrer" hint="Un cadre." code={CODE} />;

describe('SnippetField', () => {
  it('is the code, read-only, without a button before the island runs', () => {
    const html = renderToString(field);
    expect(html).toContain('readOnly=""');
    expect(html).not.toContain('<button');
  });

  it('copies the code with « Copier » and says « Copié » in a live region', async () => {
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    render(field);
    expect((screen.getByLabelText('Code du cadre à intégrer') as HTMLTextAreaElement).readOnly).toBe(true);
    await user.click(screen.getByRole('button', { name: /^Copier\s: code du cadre à intégrer$/ }));
    expect(writeText).toHaveBeenCalledWith(CODE);
    expect(screen.getByRole('status').textContent).toBe('Copié');
  });

  it('selects the code when the clipboard is refused', async () => {
    const user = userEvent.setup();
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('refusé'));
    render(field);
    await user.click(screen.getByRole('button', { name: /^Copier/ }));
    const area = screen.getByLabelText('Code du cadre à intégrer') as HTMLTextAreaElement;
    expect([area.selectionStart, area.selectionEnd]).toEqual([0, CODE.length]);
    expect(screen.getByRole('status').textContent).toMatch(/sélectionné\s: copiez-le avec Ctrl\+C/);
  });
});
