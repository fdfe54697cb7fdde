import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { FaqEntryForAdmin } from '../../common/platform-content.ts';
import { fakeGraphQL } from '../../tests/fixtures/fake-graphql.ts';
import { Toaster } from '../ui/Toast.tsx';
import { toast } from '../ui/toast-store.ts';
import { FaqEditor } from './FaqEditor.tsx';

const api = fakeGraphQL();
afterEach(() => act(() => toast.clear()));

const ENTRIES: FaqEntryForAdmin[] = [
  { id: '1', question: 'Le service est-il payant ?', answer: 'Non.', audience: 'visitor', position: 0 },
  {
    id: '3',
    question: 'Comment annuler ?',
    answer: 'Depuis Mes rencontres.',
    audience: 'teacher',
    position: 2,
  },
  {
    id: '2',
    question: 'Combien de participants ?',
    answer: 'Selon les places.',
    audience: 'teacher',
    position: 1,
  },
];

function renderEditor(entries = ENTRIES) {
  render(
    <>
      <FaqEditor entries={entries} />
      <Toaster />
    </>,
  );
  return userEvent.setup();
}

const group = (name: RegExp) => screen.getByRole('region', { name });
const questionsOf = (name: RegExp) =>
  within(group(name))
    .queryAllByRole('heading', { level: 4 })
    .map((heading) => heading.textContent);

describe('FaqEditor', () => {
  it('lists each audience’s questions in the order readers see them', () => {
    renderEditor();
    expect(questionsOf(/^Visiteurs/)).toEqual(['Le service est-il payant ?']);
    expect(questionsOf(/^Enseignants/)).toEqual(['Combien de participants ?', 'Comment annuler ?']);
    expect(within(group(/^Entreprises/)).getByText('Aucune question pour ce public.')).toBeTruthy();
  });

  it('adds a question from the keyboard, for the audience chosen, and says so', async () => {
    const user = renderEditor();
    api.answers.push({
      data: {
        upsertFaqEntry: {
          id: '9',
          question: 'Qui valide les entreprises ?',
          answer: 'L’équipe de la plateforme.',
          audience: 'company',
          position: 0,
        },
      },
    });
    screen.getByRole('button', { name: 'Ajouter une question' }).focus();
    await user.keyboard('{Enter}');
    const dialog = screen.getByRole('dialog', { name: 'Nouvelle question' });
    await user.type(within(dialog).getByLabelText(/^Question/), 'Qui valide les entreprises ?');
    await user.type(within(dialog).getByLabelText(/^Réponse/), 'L’équipe de la plateforme.');
    await user.click(within(dialog).getByRole('radio', { name: /^Entreprises/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));

    await waitFor(() => expect(questionsOf(/^Entreprises/)).toEqual(['Qui valide les entreprises ?']));
    expect(api.requests).toEqual([
      {
        operationName: 'UpsertFaqEntry',
        query: expect.any(String),
        variables: {
          input: {
            id: null,
            question: 'Qui valide les entreprises ?',
            answer: 'L’équipe de la plateforme.',
            audience: 'company',
            position: null,
          },
        },
      },
    ]);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('status').textContent).toContain('ajoutée pour le public « Entreprises »');
    expect(document.activeElement?.textContent).toBe('Modifier la question « Qui valide les entreprises ? »');
  });

  it('reads the list again when a question takes another’s place, which moved down one', async () => {
    const user = renderEditor();
    const moved = { ...ENTRIES[1], position: 1 } as FaqEntryForAdmin;
    api.answers.push(
      { data: { upsertFaqEntry: moved } },
      { data: { faqEntries: [ENTRIES[0], moved, { ...ENTRIES[2], position: 2 }] } },
    );
    await user.click(screen.getByRole('button', { name: 'Modifier la question « Comment annuler ? »' }));
    const position = within(screen.getByRole('dialog')).getByLabelText(/^Position/);
    await user.clear(position);
    await user.type(position, '1');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));

    await waitFor(() =>
      expect(questionsOf(/^Enseignants/)).toEqual(['Comment annuler ?', 'Combien de participants ?']),
    );
    expect(
      within(group(/^Enseignants/))
        .getAllByText(/^Position/)
        .map((p) => p.textContent),
    ).toEqual(['Position 1', 'Position 2']);
    expect(api.requests.map((request) => request.operationName)).toEqual(['UpsertFaqEntry', 'FaqEntries']);
  });

  it('says what is wrong under the field before sending, and keeps what was typed', async () => {
    const user = renderEditor();
    await user.click(screen.getByRole('button', { name: 'Ajouter une question' }));
    const dialog = screen.getByRole('dialog');
    await user.type(within(dialog).getByLabelText(/^Réponse/), 'Une réponse déjà écrite.');
    await user.type(within(dialog).getByLabelText(/^Position/), 'deux');
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));

    const question = within(dialog).getByLabelText(/^Question/);
    expect(question.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(question.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Ce champ est requis',
    );
    expect(within(dialog).getByText(/Saisissez un nombre entier entre 0 et 10/)).toBeTruthy();
    expect((within(dialog).getByLabelText(/^Réponse/) as HTMLTextAreaElement).value).toBe(
      'Une réponse déjà écrite.',
    );
    expect(api.requests).toHaveLength(0);
  });

  it('shows the server’s refusal under its field, with the dialog and the text still there', async () => {
    const user = renderEditor();
    api.answers.push({
      errors: [
        {
          message: 'Certains champs sont invalides',
          extensions: { code: 'BAD_USER_INPUT', fields: { answer: '5000 caractères au maximum' } },
        },
      ],
    });
    await user.click(screen.getByRole('button', { name: 'Modifier la question « Comment annuler ? »' }));
    const dialog = screen.getByRole('dialog', { name: 'Modifier la question' });
    const answer = within(dialog).getByLabelText(/^Réponse/) as HTMLTextAreaElement;
    await user.type(answer, ' Et prévenez l’entreprise.');
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));

    await waitFor(() => expect(answer.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(answer.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      '5000 caractères au maximum',
    );
    expect(answer.value).toBe('Depuis Mes rencontres. Et prévenez l’entreprise.');
    expect(api.requests[0]?.variables).toMatchObject({
      input: { id: '3', position: 2, audience: 'teacher' },
    });
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('keeps the text of a question deleted meanwhile, and writes it anew on the next save', async () => {
    const user = renderEditor();
    api.answers.push(
      { errors: [{ message: 'Introuvable', extensions: { code: 'NOT_FOUND' } }] },
      {
        data: {
          upsertFaqEntry: {
            id: '10',
            question: 'Comment annuler ?',
            answer: 'Autrement.',
            audience: 'teacher',
            position: 2,
          },
        },
      },
    );
    await user.click(screen.getByRole('button', { name: 'Modifier la question « Comment annuler ? »' }));
    const answer = within(screen.getByRole('dialog')).getByLabelText(/^Réponse/) as HTMLTextAreaElement;
    await user.clear(answer);
    await user.type(answer, 'Autrement.');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));

    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('supprimée entre-temps'));
    expect(answer.value).toBe('Autrement.');
    expect(screen.getByRole('dialog', { name: 'Nouvelle question' })).toBeTruthy();
    expect(questionsOf(/^Enseignants/)).toEqual(['Combien de participants ?']);

    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.requests[1]?.variables).toMatchObject({ input: { id: null, answer: 'Autrement.' } });
  });

  it('deletes a question only once confirmed', async () => {
    const user = renderEditor();
    await user.click(
      screen.getByRole('button', { name: 'Supprimer la question « Le service est-il payant ? »' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Supprimer cette question ?' });
    expect(dialog.textContent).toContain('« Le service est-il payant ? »');
    await user.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    expect(api.requests).toHaveLength(0);
    expect(questionsOf(/^Visiteurs/)).toHaveLength(1);

    api.answers.push({ data: { deleteFaqEntry: true } });
    await user.click(
      screen.getByRole('button', { name: 'Supprimer la question « Le service est-il payant ? »' }),
    );
    await user.click(screen.getByRole('button', { name: 'Supprimer la question' }));
    await waitFor(() => expect(questionsOf(/^Visiteurs/)).toHaveLength(0));
    expect(api.requests).toEqual([
      expect.objectContaining({ operationName: 'DeleteFaqEntry', variables: { id: '1' } }),
    ]);
    expect(screen.getByRole('status').textContent).toContain('La question est supprimée.');
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Questions fréquentes' }));
  });
});
