import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeGraphQL } from '../../tests/fixtures/fake-graphql.ts';
import { toast } from '../ui/toast-store.ts';
import type { CompanyCardData } from './CompanyCard.tsx';
import { FavoriteList } from './FavoriteList.tsx';

const server = fakeGraphQL();
afterEach(() => act(() => toast.clear()));

const COMPANIES: CompanyCardData[] = [
  { id: 1, name: 'Forges du Gier', sector: 'metallurgy', city: 'Givors', availableSlotsCount: 3 },
  { id: 2, name: 'Robotique Confluence', sector: 'electricalDigital', city: 'Lyon', availableSlotsCount: 1 },
  { id: 3, name: 'Turbines Saône-Rhône', sector: 'energyEquipment', city: null, availableSlotsCount: 0 },
];
const removed = (id: string) => ({ data: { removeFavorite: { id, isFavorite: false } } });
const card = (name: string) => screen.getByRole('article', { name });

describe('FavoriteList', () => {
  it('shows each company as a card: its page, sector, city, slots open soon and its star', () => {
    render(<FavoriteList companies={COMPANIES} />);
    expect(screen.getAllByRole('article')).toHaveLength(3);
    // Under the page's h1, each company's name is an h2 (axe "heading-order").
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(
      COMPANIES.map((company) => company.name),
    );
    expect(screen.queryAllByRole('heading', { level: 3 })).toEqual([]);
    const forges = within(card('Forges du Gier'));
    expect(forges.getByRole('link', { name: 'Forges du Gier' }).getAttribute('href')).toBe(
      '/company-details?id=1',
    );
    expect(forges.getByText('Métallurgie')).toBeTruthy();
    expect(forges.getByText('Givors')).toBeTruthy();
    expect(forges.getByText('3 créneaux disponibles dans les 15 prochains jours')).toBeTruthy();
    expect(
      forges.getByRole('button', { name: 'Forges du Gier dans mes favoris' }).getAttribute('aria-pressed'),
    ).toBe('true');
    expect(
      within(card('Robotique Confluence')).getByText('1 créneau disponible dans les 15 prochains jours'),
    ).toBeTruthy();
  });

  it('takes an unstarred company away once the server agreed, and moves the focus to the next card', async () => {
    server.answers = [removed('1')];
    const user = userEvent.setup();
    render(<FavoriteList companies={COMPANIES} />);
    await user.click(screen.getByRole('button', { name: 'Forges du Gier dans mes favoris' }));
    expect(await screen.findByText('Forges du Gier n’est plus dans vos favoris.')).toBeTruthy();
    expect(screen.queryByRole('article', { name: 'Forges du Gier' })).toBeNull();
    expect(screen.getAllByRole('article')).toHaveLength(2);
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Robotique Confluence' }));
    expect(server.requests).toEqual([
      expect.objectContaining({ operationName: 'RemoveFavorite', variables: { companyId: '1' } }),
    ]);
  });

  it('keeps the card when the server refuses', async () => {
    server.answers = [
      { errors: [{ message: 'Une erreur est survenue', extensions: { code: 'other_error' } }] },
    ];
    const user = userEvent.setup();
    render(<FavoriteList companies={COMPANIES} />);
    const star = screen.getByRole('button', { name: 'Turbines Saône-Rhône dans mes favoris' });
    await user.click(star);
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.getAllByRole('article')).toHaveLength(3);
    expect(star.getAttribute('aria-pressed')).toBe('true');
  });

  it('shows the way to the search once the last favourite is gone', async () => {
    server.answers = [removed('3')];
    const user = userEvent.setup();
    render(<FavoriteList companies={COMPANIES.slice(2)} />);
    await user.click(screen.getByRole('button', { name: 'Turbines Saône-Rhône dans mes favoris' }));
    const empty = await screen.findByText('Vous n’avez pas encore d’entreprise en favori.');
    expect(screen.queryByRole('article')).toBeNull();
    expect(document.activeElement?.contains(empty)).toBe(true);
    expect(screen.getByRole('link', { name: 'Chercher une entreprise' }).getAttribute('href')).toBe(
      '/search-companies',
    );
  });

  it('says there is no favourite yet', () => {
    render(<FavoriteList companies={[]} />);
    expect(screen.getByText('Vous n’avez pas encore d’entreprise en favori.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Chercher une entreprise' })).toBeTruthy();
  });
});
