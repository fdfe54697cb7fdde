import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeGraphQL } from '../../tests/fixtures/fake-graphql.ts';
import { Toaster } from '../ui/Toast.tsx';
import { toast } from '../ui/toast-store.ts';
import { FavoriteButton } from './FavoriteButton.tsx';

const server = fakeGraphQL();
afterEach(() => act(() => toast.clear()));

const star = () => screen.getByRole('button', { name: 'Forges du Gier dans mes favoris' });

describe('FavoriteButton', () => {
  it('shows whether the company is starred', () => {
    render(<FavoriteButton companyId="3" companyName="Forges du Gier" starred />);
    expect(star().getAttribute('aria-pressed')).toBe('true');
    expect(star().getAttribute('title')).toBe('Retirer de mes favoris');
  });

  it('stars the company at once, then says so once the server agreed', async () => {
    server.answers = [{ data: { addFavorite: { id: '3', isFavorite: true } } }];
    let release = () => {};
    server.gate = new Promise((resolve) => {
      release = resolve;
    });
    const onChange = vi.fn();
    const user = userEvent.setup();
    render(
      <>
        <FavoriteButton companyId="3" companyName="Forges du Gier" starred={false} onChange={onChange} />
        <Toaster />
      </>,
    );
    expect(star().getAttribute('aria-pressed')).toBe('false');
    await user.click(star());
    expect(star().getAttribute('aria-pressed')).toBe('true');
    expect(star().getAttribute('aria-busy')).toBe('true');
    // A second press on the way is ignored: one request only.
    await user.click(star());
    expect(server.requests).toHaveLength(1);
    expect(onChange).not.toHaveBeenCalled();

    await act(async () => release());
    expect(await screen.findByText('Forges du Gier est dans vos favoris.')).toBeTruthy();
    expect(star().getAttribute('aria-pressed')).toBe('true');
    expect(star().getAttribute('aria-busy')).toBeNull();
    expect(document.activeElement).toBe(star());
    expect(onChange).toHaveBeenCalledWith(true);
    expect(server.requests).toEqual([
      expect.objectContaining({ operationName: 'AddFavorite', variables: { companyId: '3' } }),
    ]);
  });

  it('unstars a starred company', async () => {
    server.answers = [{ data: { removeFavorite: { id: '3', isFavorite: false } } }];
    const onChange = vi.fn();
    const user = userEvent.setup();
    render(
      <>
        <FavoriteButton companyId="3" companyName="Forges du Gier" starred onChange={onChange} />
        <Toaster />
      </>,
    );
    await user.click(star());
    expect(await screen.findByText('Forges du Gier n’est plus dans vos favoris.')).toBeTruthy();
    expect(star().getAttribute('aria-pressed')).toBe('false');
    expect(star().getAttribute('title')).toBe('Ajouter à mes favoris');
    expect(onChange).toHaveBeenCalledWith(false);
    expect(server.requests).toEqual([
      expect.objectContaining({ operationName: 'RemoveFavorite', variables: { companyId: '3' } }),
    ]);
  });

  it('turns back and says so when the server refuses', async () => {
    server.answers = [
      { errors: [{ message: 'Une erreur est survenue', extensions: { code: 'other_error' } }] },
    ];
    const onChange = vi.fn();
    const user = userEvent.setup();
    render(
      <>
        <FavoriteButton companyId="3" companyName="Forges du Gier" starred={false} onChange={onChange} />
        <Toaster />
      </>,
    );
    await user.click(star());
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Le favori n’a pas pu être enregistré. Veuillez réessayer.');
    expect(star().getAttribute('aria-pressed')).toBe('false');
    expect(onChange).not.toHaveBeenCalled();
  });

  it('turns back when the network fails', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    const user = userEvent.setup();
    render(
      <>
        <FavoriteButton companyId="3" companyName="Forges du Gier" starred />
        <Toaster />
      </>,
    );
    await user.click(star());
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(star().getAttribute('aria-pressed')).toBe('true');
  });
});
