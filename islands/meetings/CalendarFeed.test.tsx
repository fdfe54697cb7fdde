import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeGraphQL } from '../../tests/fixtures/fake-graphql.ts';
import { CalendarFeed } from './CalendarFeed.tsx';

const server = fakeGraphQL();
afterEach(() => vi.restoreAllMocks());

const FEED_URL = 'http://localhost:3000/calendar/feed/abcDEF123.ics';

describe('CalendarFeed', () => {
  it('makes a private URL, shows it once, and copies it', async () => {
    server.answers = [{ data: { createCalendarFeed: FEED_URL } }];
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    render(<CalendarFeed hasFeed={false} />);
    expect(screen.queryByRole('button', { name: 'Révoquer le lien' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Créer mon lien d’abonnement' }));
    const url = (await screen.findByLabelText('Votre lien privé d’abonnement')) as HTMLInputElement;
    expect(url.value).toBe(FEED_URL);
    expect(url.readOnly).toBe(true);
    expect(server.requests.map((r) => r.operationName)).toEqual(['CreateCalendarFeed']);
    expect(screen.getByText(/n’est affiché qu’une fois/)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Copier le lien' }));
    expect(writeText).toHaveBeenCalledWith(FEED_URL);
    expect(screen.getByRole('status').textContent).toBe('Lien copié.');
  });

  it('starts from an active feed whose URL is no longer shown, and revokes it', async () => {
    server.answers = [{ data: { revokeCalendarFeed: true } }];
    const user = userEvent.setup();
    render(<CalendarFeed hasFeed />);
    expect(screen.getByText(/Votre lien d’abonnement est actif/)).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.getByRole('button', { name: 'Créer un nouveau lien' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Révoquer le lien' }));
    expect(await screen.findByText(/Le lien est révoqué/)).toBeTruthy();
    expect(server.requests.map((r) => r.operationName)).toEqual(['RevokeCalendarFeed']);
    expect(screen.getByRole('button', { name: 'Créer mon lien d’abonnement' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Révoquer le lien' })).toBeNull();
  });

  it('says why when the API refuses', async () => {
    server.answers = [
      { errors: [{ message: 'Une erreur est survenue', extensions: { code: 'other_error' } }] },
    ];
    const user = userEvent.setup();
    render(<CalendarFeed hasFeed={false} />);
    await user.click(screen.getByRole('button', { name: 'Créer mon lien d’abonnement' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Une erreur est survenue');
    expect(screen.queryByRole('textbox')).toBeNull();
  });
});
