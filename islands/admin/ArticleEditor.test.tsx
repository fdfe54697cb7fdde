import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { ArticleForAdmin } from '../../common/platform-content.ts';
import { fakeGraphQL } from '../../tests/fixtures/fake-graphql.ts';
import { Toaster } from '../ui/Toast.tsx';
import { toast } from '../ui/toast-store.ts';
import { ArticleEditor } from './ArticleEditor.tsx';

const api = fakeGraphQL();
afterEach(() => act(() => toast.clear()));

const ARTICLES: ArticleForAdmin[] = [
  {
    id: '4',
    title: 'Préparer une visite',
    summary: 'Nos conseils.',
    body: 'Avant la visite…',
    published: true,
    updatedAt: '2026-03-01T10:00:00.000Z',
    updatedOn: '1er mars 2026',
  },
  {
    id: '5',
    title: 'Bilan de l’année',
    summary: null,
    body: 'À venir.',
    published: false,
    updatedAt: '2026-03-08T10:00:00.000Z',
    updatedOn: '8 mars 2026',
  },
];

function renderEditor(articles = ARTICLES) {
  render(
    <>
      <ArticleEditor articles={articles} />
      <Toaster />
    </>,
  );
  return userEvent.setup();
}

const listed = () =>
  screen.queryAllByRole('heading', { level: 3 }).map((heading) => heading.closest('li')?.textContent ?? '');

describe('ArticleEditor', () => {
  it('lists each article with its state, its last change and where readers find it', () => {
    renderEditor();
    expect(listed()).toEqual([
      expect.stringMatching(/^Préparer une visitePubliéModifié le 1er mars 2026/),
      expect.stringMatching(/^Bilan de l’annéeBrouillonModifié le 8 mars 2026/),
    ]);
    expect(
      screen.getByRole('link', { name: 'Voir le brouillon « Bilan de l’année »' }).getAttribute('href'),
    ).toBe('/article/5');
  });

  it('writes an article beside its preview, where HTML stays text, and publishes it', async () => {
    const user = renderEditor();
    api.answers.push({
      data: {
        upsertArticle: {
          id: '9',
          title: 'La plateforme ouvre en Bretagne',
          summary: null,
          body: '# Nouvelles entreprises\n\n**Dix** ateliers <script>x</script>',
          publishedAt: '2026-03-10T09:00:00.000Z',
          updatedAt: '2026-03-10T09:00:00.000Z',
        },
      },
    });
    screen.getByRole('button', { name: 'Nouvel article' }).focus();
    await user.keyboard('{Enter}');
    const editor = screen.getByRole('region', { name: 'Nouvel article' });
    expect(document.activeElement).toBe(within(editor).getByRole('heading', { name: 'Nouvel article' }));
    await user.type(within(editor).getByLabelText(/^Titre/), 'La plateforme ouvre en Bretagne');
    // user-event reads braces and brackets as keys: the text is pasted.
    await user.click(within(editor).getByLabelText(/^Texte/));
    await user.paste('# Nouvelles entreprises\n\n**Dix** ateliers <script>x</script>');

    const preview = within(editor).getByRole('region', { name: 'Aperçu' });
    expect((await within(preview).findByRole('heading', { level: 5 })).textContent).toBe(
      'Nouvelles entreprises',
    );
    expect(within(preview).getByText('Dix').tagName).toBe('STRONG');
    expect(preview.textContent).toContain('<script>x</script>');
    expect(preview.querySelector('script')).toBeNull();

    await user.click(within(editor).getByRole('checkbox', { name: /^Publier l’article/ }));
    await user.click(within(editor).getByRole('button', { name: 'Enregistrer et publier' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Nouvel article' })).toBeNull());
    expect(api.requests[0]?.variables).toEqual({
      input: {
        id: null,
        title: 'La plateforme ouvre en Bretagne',
        summary: null,
        body: '# Nouvelles entreprises\n\n**Dix** ateliers <script>x</script>',
        published: true,
      },
    });
    expect(listed()[0]).toMatch(/^La plateforme ouvre en BretagnePubliéModifié le 10 mars 2026/);
    expect(screen.getByRole('status').textContent).toContain('L’article est publié.');
    expect(document.activeElement?.textContent).toBe(
      'Modifier l’article « La plateforme ouvre en Bretagne »',
    );
  });

  it('says what is wrong under the field, before sending and after, and keeps what was typed', async () => {
    const user = renderEditor();
    await user.click(screen.getByRole('button', { name: 'Modifier l’article « Bilan de l’année »' }));
    const editor = screen.getByRole('region', { name: 'Modifier l’article « Bilan de l’année »' });
    const title = within(editor).getByLabelText(/^Titre/) as HTMLInputElement;
    const body = within(editor).getByLabelText(/^Texte/) as HTMLTextAreaElement;
    await user.clear(title);
    await user.type(body, ' Rendez-vous en juin.');
    await user.click(within(editor).getByRole('button', { name: 'Enregistrer le brouillon' }));
    expect(title.getAttribute('aria-invalid')).toBe('true');
    expect(within(editor).getByText('Ce champ est requis')).toBeTruthy();
    expect(api.requests).toHaveLength(0);

    api.answers.push(
      {
        errors: [
          {
            message: 'Certains champs sont invalides',
            extensions: { code: 'BAD_USER_INPUT', fields: { body: '50000 caractères au maximum' } },
          },
        ],
      },
      { errors: [{ message: 'Une erreur est survenue', extensions: { code: 'other_error' } }] },
    );
    await user.type(title, 'Bilan 2026');
    await user.click(within(editor).getByRole('button', { name: 'Enregistrer le brouillon' }));
    await waitFor(() => expect(body.getAttribute('aria-invalid')).toBe('true'));
    expect(within(editor).getByText('50000 caractères au maximum')).toBeTruthy();
    expect(title.getAttribute('aria-invalid')).toBeNull();

    await user.click(within(editor).getByRole('button', { name: 'Enregistrer le brouillon' }));
    await waitFor(() =>
      expect(within(editor).getByRole('alert').textContent).toBe('Une erreur est survenue'),
    );
    expect(title.value).toBe('Bilan 2026');
    expect(body.value).toBe('À venir. Rendez-vous en juin.');
    expect(api.requests.map((request) => request.variables)).toEqual([
      {
        input: {
          id: '5',
          title: 'Bilan 2026',
          summary: null,
          body: 'À venir. Rendez-vous en juin.',
          published: false,
        },
      },
      {
        input: {
          id: '5',
          title: 'Bilan 2026',
          summary: null,
          body: 'À venir. Rendez-vous en juin.',
          published: false,
        },
      },
    ]);
  });

  it('deletes an article only once confirmed', async () => {
    const user = renderEditor();
    await user.click(screen.getByRole('button', { name: 'Supprimer l’article « Préparer une visite »' }));
    const dialog = screen.getByRole('dialog', { name: 'Supprimer cet article ?' });
    expect(dialog.textContent).toContain('son adresse ne mènera plus nulle part');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.requests).toHaveLength(0);

    api.answers.push({ data: { deleteArticle: true } });
    await user.click(screen.getByRole('button', { name: 'Supprimer l’article « Préparer une visite »' }));
    await user.click(screen.getByRole('button', { name: 'Supprimer l’article' }));
    await waitFor(() => expect(listed()).toHaveLength(1));
    expect(api.requests).toEqual([
      expect.objectContaining({ operationName: 'DeleteArticle', variables: { id: '4' } }),
    ]);
    expect(screen.getByRole('status').textContent).toContain('L’article est supprimé.');
  });
});
