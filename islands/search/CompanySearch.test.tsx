import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../ui/toast-store.ts';
import { CompanySearch, type CompanySearchProps } from './CompanySearch.tsx';
import type { CompanyMapOptions } from './map/company-map.tsx';
import type { CompanyMarker, CompanyResult } from './search-api.ts';

const map = vi.hoisted(() => ({
  create: vi.fn(),
  setMarkers: vi.fn(),
  destroy: vi.fn(),
}));
vi.mock('./map/company-map.tsx', () => ({
  createCompanyMap: (...args: unknown[]) => {
    map.create(...args);
    return { setMarkers: map.setMarkers, destroy: map.destroy };
  },
}));

type Call = { operationName: string; variables: { input?: Record<string, unknown>; [key: string]: unknown } };

let calls: Call[];
let answer: (call: Call) => object;

beforeEach(() => {
  calls = [];
  answer = () => ({ data: null });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: RequestInit) => {
      const call = JSON.parse(String(init.body)) as Call;
      calls.push(call);
      return new Response(JSON.stringify(answer(call)), { headers: { 'content-type': 'application/json' } });
    }),
  );
  window.history.replaceState(null, '', '/search-companies');
});

afterEach(() => {
  act(() => toast.clear());
  vi.unstubAllGlobals();
  map.create.mockReset();
  map.setMarkers.mockReset();
  map.destroy.mockReset();
});

const result = (id: number, name: string, extra: Partial<CompanyResult> = {}): CompanyResult => ({
  id: String(id),
  name,
  sector: 'mechanics',
  city: 'Lyon',
  distanceKm: null,
  availableSlotsCount: 2,
  datesVisible: false,
  nextSlot: null,
  nextSlotChip: null,
  pictureUrl: null,
  isFavorite: false,
  ...extra,
});

const FIRST_PAGE = Array.from({ length: 10 }, (_, index) => result(index + 1, `Entreprise ${index + 1}`));

const props = (extra: Partial<CompanySearchProps> = {}): CompanySearchProps => ({
  state: {},
  result: { total: 12, page: 1, pageSize: 10, items: FIRST_PAGE },
  errors: {},
  placeChoices: [],
  favorites: null,
  viewer: 'visitor',
  tiles: { url: 'http://tiles.test/{z}/{x}/{y}.png', attribution: 'Tuiles de test' },
  zones: { '974': 'Indian/Reunion' },
  ...extra,
});

/** A company as the API answers `searchCompanies` or `myFavorites`. */
const apiCompany = (id: number, name: string, extra: Record<string, unknown> = {}) => ({
  id: String(id),
  name,
  sector: 'aerospace',
  address: { city: 'Blagnac', departmentCode: '31' },
  distanceKm: null,
  availableSlotsCount: 1,
  nextSlotAt: null,
  datesVisible: false,
  isFavorite: false,
  ...extra,
});

const searchAnswer = (total: number, items: object[], page = 1) => ({
  data: { searchCompanies: { total, page, pageSize: 10, items } },
});

const count = () => screen.getByTestId('results-count').textContent;
const cards = () => screen.queryAllByRole('article');
const searches = () => calls.filter((call) => call.operationName === 'SearchCompanies');

describe('CompanySearch', () => {
  it('shows the server’s first page to a visitor without asking again: counts, never dates nor stars', () => {
    render(<CompanySearch {...props()} />);
    expect(calls).toEqual([]);
    expect(count()).toBe('12 entreprises');
    expect(cards()).toHaveLength(10);
    const first = within(cards()[0] as HTMLElement);
    expect(first.getByRole('link', { name: 'Entreprise 1' }).getAttribute('href')).toBe(
      '/company-details?id=1',
    );
    expect(first.getByText('2 créneaux disponibles dans les 15 prochains jours')).toBeTruthy();
    expect(cards().some((card) => card.textContent?.includes('Prochain créneau libre'))).toBe(false);
    expect(screen.queryByRole('link', { name: /Voir les créneaux et réserver/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /dans mes favoris/ })).toBeNull();
    const tabs = within(screen.getByRole('navigation', { name: 'Affichage des résultats' }));
    expect(tabs.getAllByRole('link').map((link) => link.textContent)).toEqual(['Liste', 'Carte']);
    expect(tabs.getByRole('link', { name: 'Liste' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Se connecter' }).getAttribute('href')).toBe(
      '/login-teacher?next=%2Fsearch-companies',
    );
    // Two pages of 10, as links that work without JavaScript too.
    expect(screen.getByRole('link', { name: 'Page 2' }).getAttribute('href')).toBe(
      '/search-companies?page=2',
    );
  });

  it('shows a teacher the next free slot, the way to book and the star, and a favourites tab', () => {
    render(
      <CompanySearch
        {...props({
          viewer: 'teacher',
          result: {
            total: 1,
            page: 1,
            pageSize: 10,
            items: [
              result(3, 'Forges du Gier', {
                datesVisible: true,
                nextSlot: 'mardi 24 novembre 2026 à 09:00',
                isFavorite: true,
              }),
            ],
          },
        })}
      />,
    );
    const card = within(screen.getByRole('article', { name: 'Forges du Gier' }));
    expect(card.getByText('Prochain créneau libre : mardi 24 novembre 2026 à 09:00')).toBeTruthy();
    expect(
      card
        .getByRole('link', { name: /^Voir les créneaux et réserver\s: Forges du Gier$/ })
        .getAttribute('href'),
    ).toBe('/company-details?id=3#creneaux');
    expect(
      card.getByRole('button', { name: 'Forges du Gier dans mes favoris' }).getAttribute('aria-pressed'),
    ).toBe('true');
    expect(screen.getByRole('link', { name: 'Favoris' }).getAttribute('href')).toBe(
      '/search-companies?onglet=favoris',
    );
    expect(screen.queryByRole('link', { name: 'Page 2' })).toBeNull();
  });

  it('puts the filters in the URL, runs the search and announces the new total', async () => {
    answer = () =>
      searchAnswer(1, [
        apiCompany(40, 'Aérostructures Garonne', {
          nextSlotAt: '2026-11-24T08:00:00.000Z',
          datesVisible: true,
        }),
      ]);
    const user = userEvent.setup();
    render(<CompanySearch {...props({ viewer: 'teacher' })} />);

    await user.type(screen.getByLabelText('Entreprise ou métier'), 'soudeur');
    await user.click(screen.getByText('Secteurs d’activité', { selector: 'summary > span' }));
    await user.click(screen.getByLabelText('Aéronautique et spatial'));
    await user.click(screen.getByText('Types de rencontre', { selector: 'summary > span' }));
    await user.click(screen.getByLabelText('Visite'));
    await user.click(screen.getByLabelText('Seulement avec des créneaux disponibles'));
    await user.click(screen.getByRole('button', { name: 'Rechercher' }));

    await waitFor(() => expect(count()).toBe('1 entreprise'));
    expect(window.location.search).toBe('?q=soudeur&secteurs=aerospace&types=CompanyVisit&dispo=1');
    expect(searches()).toHaveLength(1);
    expect(searches()[0]?.variables.input).toMatchObject({
      text: 'soudeur',
      sectors: ['aerospace'],
      meetingTypes: ['CompanyVisit'],
      withAvailableSlots: true,
      radiusKm: 30,
      page: 1,
      pageSize: 10,
    });
    // The server says the dates are the teacher's to see; shown in the company's zone.
    const card = within(screen.getByRole('article', { name: 'Aérostructures Garonne' }));
    expect(card.getByText('Prochain créneau libre : mardi 24 novembre 2026 à 09:00')).toBeTruthy();
  });

  it('shows the next slot to whoever the server lets see the dates, not only to teachers (an operator)', () => {
    render(
      <CompanySearch
        {...props({
          viewer: 'other',
          result: {
            total: 1,
            page: 1,
            pageSize: 10,
            items: [
              result(5, 'Forges du Gier', { datesVisible: true, nextSlot: 'mardi 24 novembre 2026 à 09:00' }),
            ],
          },
        })}
      />,
    );
    const card = within(screen.getByRole('article', { name: 'Forges du Gier' }));
    expect(card.getByText('Prochain créneau libre : mardi 24 novembre 2026 à 09:00')).toBeTruthy();
    // Starring and booking stay a teacher's.
    expect(card.queryByRole('button', { name: /favoris/ })).toBeNull();
  });

  it('shows a visitor no date where the server says the dates are not theirs to see', async () => {
    answer = () => searchAnswer(1, [apiCompany(41, 'Forges du Gier', { availableSlotsCount: 3 })]);
    const user = userEvent.setup();
    render(<CompanySearch {...props()} />);
    await user.type(screen.getByLabelText('Entreprise ou métier'), 'forges');
    await user.click(screen.getByRole('button', { name: 'Rechercher' }));
    await waitFor(() => expect(count()).toBe('1 entreprise'));
    const query = (calls[0] as Call & { query: string }).query;
    expect(query).toContain('datesVisible');
    expect(query).not.toContain('isFavorite');
    const card = within(screen.getByRole('article', { name: 'Forges du Gier' }));
    // Not « Aucun créneau libre à venir » either: whether there is one is not theirs to know.
    expect(card.queryByText(/créneau libre/)).toBeNull();
  });

  it('searches around a place chosen among the address suggestions, nearest first', async () => {
    answer = (call) =>
      call.operationName === 'AddressSuggestions'
        ? {
            data: {
              addressSuggestions: [
                {
                  label: 'Lyon',
                  zipcode: '69001',
                  city: 'Lyon',
                  departmentCode: '69',
                  lat: 45.758,
                  lng: 4.835,
                  kind: 'municipality',
                },
              ],
            },
          }
        : searchAnswer(1, [apiCompany(7, 'Fonderie de la Croix-Rousse', { distanceKm: 1.3 })]);
    const user = userEvent.setup();
    render(<CompanySearch {...props()} />);
    await user.type(screen.getByRole('combobox', { name: /Lieu/ }), 'Lyo');
    await user.click(await screen.findByRole('option', { name: /Lyon/ }, { timeout: 2000 }));
    await user.click(screen.getByRole('button', { name: 'Rechercher' }));
    await waitFor(() => expect(count()).toBe('1 entreprise'));
    expect(window.location.search).toBe('?lieu=Lyon&lat=45.75800&lng=4.83500');
    expect(searches()[0]?.variables.input).toMatchObject({ near: { lat: 45.758, lng: 4.835 }, radiusKm: 30 });
    expect(screen.getByRole('article', { name: 'Fonderie de la Croix-Rousse' }).textContent).toContain(
      'Blagnac · à 1,3 km',
    );
  });

  it('refuses a place typed but not chosen, and dates in the wrong order', async () => {
    const user = userEvent.setup();
    render(<CompanySearch {...props()} />);
    await user.type(screen.getByRole('combobox', { name: /Lieu/ }), 'Ly');
    await user.click(screen.getByRole('button', { name: 'Rechercher' }));
    expect(screen.getByText('Choisissez une adresse dans la liste proposée')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('combobox', { name: /Lieu/ }));
    await user.clear(screen.getByRole('combobox', { name: /Lieu/ }));
    await user.type(screen.getByLabelText('Du'), '2026-12-15');
    await user.type(screen.getByLabelText('Au'), '2026-12-01');
    await user.click(screen.getByRole('button', { name: 'Rechercher' }));
    expect(screen.getByText('La date de fin doit suivre la date de début')).toBeTruthy();
    expect(searches()).toEqual([]);
  });

  it('pages through the results: the URL follows and the focus goes to the results', async () => {
    answer = () => searchAnswer(12, [apiCompany(11, 'Entreprise 11'), apiCompany(12, 'Entreprise 12')], 2);
    const user = userEvent.setup();
    render(<CompanySearch {...props({ state: { text: 'meca' } })} />);
    await user.click(screen.getByRole('link', { name: 'Page 2' }));
    await waitFor(() => expect(cards()).toHaveLength(2));
    expect(window.location.search).toBe('?q=meca&page=2');
    expect(searches()[0]?.variables.input).toMatchObject({ text: 'meca', page: 2 });
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Résultats' }));
    expect(screen.getByRole('link', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page');
  });

  it('brings the previous search back with the back button, filters included', async () => {
    answer = (call) =>
      searchAnswer(call.variables.input?.text === 'forges' ? 3 : 12, [apiCompany(1, 'Forges du Gier')]);
    render(<CompanySearch {...props({ state: { text: 'meca' } })} />);
    act(() => {
      window.history.replaceState(null, '', '/search-companies?q=forges&secteurs=metallurgy');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await waitFor(() => expect(count()).toBe('3 entreprises'));
    expect(searches()[0]?.variables.input).toMatchObject({ text: 'forges', sectors: ['metallurgy'] });
    expect((screen.getByLabelText('Entreprise ou métier') as HTMLInputElement).value).toBe('forges');
    expect((screen.getByLabelText('Métallurgie') as HTMLInputElement).checked).toBe(true);
  });

  it('suggests a wider radius when nothing is found around a place', async () => {
    answer = () => searchAnswer(4, [apiCompany(1, 'Forges du Gier')]);
    const user = userEvent.setup();
    const state = { placeLabel: 'Givors', near: { lat: 45.59, lng: 4.77 }, radiusKm: 30 };
    render(<CompanySearch {...props({ state, result: { total: 0, page: 1, pageSize: 10, items: [] } })} />);
    expect(screen.getByText('Aucune entreprise ne correspond à votre recherche.')).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).toBeNull();
    await user.click(screen.getByRole('link', { name: 'Chercher dans un rayon de 50 km' }));
    await waitFor(() => expect(count()).toBe('4 entreprises'));
    expect(searches()[0]?.variables.input).toMatchObject({ radiusKm: 50 });
    expect(window.location.search).toBe('?lieu=Givors&lat=45.59000&lng=4.77000&rayon=50');
  });

  it('says when the school holidays empty the list, and shows them in one click (issue 36)', async () => {
    answer = () => searchAnswer(11, [apiCompany(1, 'Forges du Gier')]);
    const user = userEvent.setup();
    const state = { from: '2026-12-19', to: '2027-01-03', withAvailableSlots: true };
    const defaults = { excludeHolidays: true, holidayZone: 'zone A', startsNear: false };
    const empty = { total: 0, page: 1, pageSize: 10, items: [], hiddenByHolidays: 11 };
    render(<CompanySearch {...props({ viewer: 'teacher', state, defaults, result: empty })} />);
    const holidays = () =>
      screen.getByLabelText(/Masquer les créneaux pendant les vacances/) as HTMLInputElement;
    expect(holidays().checked).toBe(true);
    expect(
      screen.getByText(/vacances scolaires sont masqués\s: sans ce filtre, 11 entreprises correspondent/),
    ).toBeTruthy();
    const show = screen.getByRole('link', { name: 'Afficher aussi les créneaux pendant les vacances' });
    expect(show.getAttribute('href')).toContain('vacances=0');
    await user.click(show);
    await waitFor(() => expect(count()).toBe('11 entreprises'));
    expect(searches()[0]?.variables.input).toMatchObject({
      excludeHolidays: false,
      withAvailableSlots: true,
    });
    expect(window.location.search).toContain('vacances=0');
    expect(holidays().checked).toBe(false);
  });

  it('does not blame the holidays when they are not what empties the list', () => {
    const state = { placeLabel: 'Givors', near: { lat: 45.59, lng: 4.77 }, radiusKm: 30 };
    const defaults = { excludeHolidays: true, holidayZone: 'zone A', startsNear: false };
    const empty = { total: 0, page: 1, pageSize: 10, items: [], hiddenByHolidays: 0 };
    render(<CompanySearch {...props({ viewer: 'teacher', state, defaults, result: empty })} />);
    expect(screen.queryByText(/vacances scolaires sont masqués/)).toBeNull();
    expect(screen.getByRole('link', { name: 'Chercher dans un rayon de 50 km' })).toBeTruthy();
  });

  it('shows a teacher’s favourites in their tab; unstarring one takes its card away', async () => {
    answer = (call) =>
      call.operationName === 'MyFavorites'
        ? {
            data: {
              myFavorites: [
                apiCompany(3, 'Forges du Gier', { isFavorite: true }),
                apiCompany(4, 'Robotique Confluence', { isFavorite: true }),
              ],
            },
          }
        : { data: { removeFavorite: { id: '3', isFavorite: false } } };
    const user = userEvent.setup();
    render(<CompanySearch {...props({ viewer: 'teacher' })} />);
    await user.click(screen.getByRole('link', { name: 'Favoris' }));
    expect(window.location.search).toBe('?onglet=favoris');
    await screen.findByRole('article', { name: 'Forges du Gier' });
    expect(cards()).toHaveLength(2);
    expect(screen.queryByRole('search')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Forges du Gier dans mes favoris' }));
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(calls.map((call) => call.operationName)).toEqual(['MyFavorites', 'RemoveFavorite']);
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Robotique Confluence' }));
    // Back on the list, the card's star says the same, without asking the server.
    await user.click(screen.getByRole('link', { name: 'Liste' }));
    expect(cards()).toHaveLength(10);
  });

  it('gives visitors no favourites tab, even when the URL asks for it', () => {
    render(<CompanySearch {...props({ state: { tab: 'favoris' } })} />);
    expect(screen.queryByRole('link', { name: 'Favoris' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Liste' }).getAttribute('aria-current')).toBe('page');
    expect(cards()).toHaveLength(10);
  });

  it('opens the map in its tab: Leaflet loads then, and shows every match of the search', async () => {
    const markers: CompanyMarker[] = [
      {
        id: '3',
        name: 'Forges du Gier',
        lat: 45.58,
        lng: 4.77,
        availableSlotsCount: 3,
        sector: 'metallurgy',
        pictureUrl: null,
      },
      {
        id: '4',
        name: 'Robotique Confluence',
        lat: 45.74,
        lng: 4.82,
        availableSlotsCount: 0,
        sector: 'mechanics',
        pictureUrl: null,
      },
    ];
    answer = (call) =>
      call.operationName === 'SearchCompanyMarkers'
        ? { data: { searchCompanies: { markers } } }
        : { data: { myFavorites: [apiCompany(3, 'Forges du Gier', { isFavorite: true })] } };
    const user = userEvent.setup();
    const state = { text: 'forges', placeLabel: 'Lyon', near: { lat: 45.758, lng: 4.835 }, page: 2 };
    render(<CompanySearch {...props({ viewer: 'teacher', state })} />);
    expect(map.create).not.toHaveBeenCalled();

    await user.click(screen.getByRole('link', { name: 'Carte' }));
    expect(window.location.search).toBe('?q=forges&lieu=Lyon&lat=45.75800&lng=4.83500&page=2&onglet=carte');
    await waitFor(() => expect(map.setMarkers).toHaveBeenCalledWith(markers, { lat: 45.758, lng: 4.835 }));
    const [container, options] = map.create.mock.calls[0] as [HTMLElement, CompanyMapOptions];
    expect(container.getAttribute('aria-label')).toBe('Carte des entreprises');
    expect(options.tiles).toEqual({
      url: 'http://tiles.test/{z}/{x}/{y}.png',
      attribution: 'Tuiles de test',
    });
    const markersCall = calls.find((call) => call.operationName === 'SearchCompanyMarkers');
    expect(markersCall?.variables.input).toMatchObject({
      text: 'forges',
      near: { lat: 45.758, lng: 4.835 },
      page: 1,
    });

    // A marker's popup: the company's link, its count and, for a teacher, the star as it is.
    await waitFor(() => expect(calls.some((call) => call.operationName === 'MyFavorites')).toBe(true));
    await waitFor(() => {
      const popup = render(options.popup(markers[0] as CompanyMarker));
      const star = within(popup.container).getByRole('button', { name: 'Forges du Gier dans mes favoris' });
      expect(star.getAttribute('aria-pressed')).toBe('true');
      popup.unmount();
    });
    const popup = within(render(options.popup(markers[1] as CompanyMarker)).container);
    expect(popup.getByRole('link', { name: 'Robotique Confluence' }).getAttribute('href')).toBe(
      '/company-details?id=4',
    );
    expect(popup.getByText('Aucun créneau disponible dans les 15 prochains jours')).toBeTruthy();

    await user.click(screen.getByRole('link', { name: 'Liste' }));
    expect(map.destroy).toHaveBeenCalled();
    expect(calls.filter((call) => call.operationName === 'SearchCompanies')).toEqual([]);
  });

  it('says when the search failed, and tries again on demand', async () => {
    let fail = true;
    answer = () =>
      fail
        ? { errors: [{ message: 'Une erreur est survenue', extensions: { code: 'other_error' } }] }
        : searchAnswer(2, [apiCompany(1, 'Forges du Gier'), apiCompany(2, 'Forges de Rives')]);
    const user = userEvent.setup();
    render(<CompanySearch {...props()} />);
    await user.click(screen.getByRole('button', { name: 'Rechercher' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Une erreur est survenue');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Réessayer' }));
    await waitFor(() => expect(count()).toBe('2 entreprises'));
  });
});
