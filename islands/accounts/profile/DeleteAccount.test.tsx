import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeCacheStorage, WORKER_CACHES } from '../../../tests/fixtures/fake-cache-storage.ts';
import { ACCOUNT_DELETED_PATH, DeleteAccount } from './DeleteAccount.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function stubApi(answer: object) {
  const bodies: { variables: Record<string, unknown> }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: RequestInit) => {
      bodies.push(JSON.parse(String(init.body)));
      return new Response(JSON.stringify(answer), { headers: { 'content-type': 'application/json' } });
    }),
  );
  return bodies;
}

describe('DeleteAccount', () => {
  it('explains what happens, and asks for the password before anything is sent', async () => {
    const bodies = stubApi({ data: { requestAccountDeletion: true } });
    render(<DeleteAccount />);
    expect(screen.getByText(/les entreprises concernées sont prévenues/)).toBeTruthy();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Supprimer mon compte' }));
    const dialog = screen.getByRole('dialog', { name: 'Supprimer définitivement votre compte ?' });
    await user.click(dialog.querySelector('button[type="submit"]') as HTMLElement);
    expect(screen.getByText('Ce champ est requis')).toBeTruthy();
    expect(bodies).toEqual([]);
  });

  it('shows a wrong password under the field, keeping the dialog open', async () => {
    stubApi({
      errors: [
        {
          message: 'Données invalides',
          extensions: {
            code: 'BAD_USER_INPUT',
            fields: { password: 'Le mot de passe actuel est incorrect' },
          },
        },
      ],
    });
    render(<DeleteAccount />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Supprimer mon compte' }));
    await user.type(screen.getByLabelText('Mot de passe actuel', { exact: false }), 'Pas-le-bon-1');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByText('Le mot de passe actuel est incorrect')).toBeTruthy());
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('forgets the stored session and the kept pages, and leaves for the confirmation once deleted', async () => {
    const bodies = stubApi({ data: { requestAccountDeletion: true } });
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    const leftBefore: boolean[] = [];
    const storage = fakeCacheStorage(WORKER_CACHES, () => leftBefore.push(assign.mock.calls.length > 0));
    window.localStorage.setItem('accessToken', 'abc');
    render(<DeleteAccount />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Supprimer mon compte' }));
    await user.type(screen.getByLabelText('Mot de passe actuel', { exact: false }), 'Motdepasse-1');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(assign).toHaveBeenCalledWith(ACCOUNT_DELETED_PATH));
    expect(bodies[0]?.variables).toEqual({ password: 'Motdepasse-1' });
    expect(window.localStorage.getItem('accessToken')).toBeNull();
    expect(storage.deleted.sort()).toEqual(['pages', 'public-pages']);
    expect(leftBefore).toEqual([false, false]);
    expect(ACCOUNT_DELETED_PATH).toBe('/?compte=supprime');
  });
});
