import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react';
import { ACCOUNT_MESSAGES } from '../../common/accounts.ts';
import { ROUTES } from '../../common/routes.ts';
import {
  SEARCH_MESSAGES,
  type SearchTab,
  type SearchUrlState,
  searchFromUrl,
  searchToUrl,
  startingFrom,
} from '../../common/search.ts';
import type { AddressValue } from '../address-post.ts';
import { GraphQLRequestError } from '../graphql.ts';
import { Button } from '../ui/Button.tsx';
import { Card } from '../ui/Card.tsx';
import { Toaster } from '../ui/Toast.tsx';
import { Favorites } from './Favorites.tsx';
import { MapPanel } from './MapPanel.tsx';
import { ResultList } from './ResultList.tsx';
import {
  draftOf,
  type FilterErrors,
  NO_SEARCH_DEFAULTS,
  type SearchDefaults,
  type SearchDraft,
  SearchFilters,
  stateOfDraft,
} from './SearchFilters.tsx';
import {
  type CompanyResult,
  companiesCountLabel,
  type DepartmentZones,
  fetchResults,
  type MapTiles,
  type ResultPage,
  type SearchViewer,
} from './search-api.ts';
import { plainClick, searchUrl } from './search-links.ts';
import { type LoadStatus, useFavorites } from './useFavorites.ts';

export interface CompanySearchProps {
  /** The search of the URL the page was asked with. */
  state: SearchUrlState;
  /** Its page of results, rendered on the server. */
  result: ResultPage;
  /** Why the search was not run, under the filters they are about (a place not found, dates in the wrong order). */
  errors: FilterErrors;
  /** The communes a typed place may mean, to choose among (« Saint-Denis »). */
  placeChoices: AddressValue[];
  /** The teacher's favourites, rendered on the server when their tab is asked for; null otherwise. */
  favorites: CompanyResult[] | null;
  viewer: SearchViewer;
  tiles: MapTiles;
  zones: DepartmentZones;
  /** Where a search starts with no place (a teacher's reference address; empty for anyone else). */
  start?: SearchUrlState;
  defaults?: SearchDefaults;
}

/** The results' state: a search refused by the server shows its errors in the filters, and no results. */
type ResultsStatus = LoadStatus | 'refused';

/** What the list depends on: everything but the tab. */
const resultsKey = (state: SearchUrlState) => searchToUrl({ ...state, tab: undefined });

const TABS: { id: SearchTab; label: string; teacherOnly?: boolean }[] = [
  { id: 'liste', label: 'Liste' },
  { id: 'carte', label: 'Carte' },
  { id: 'favoris', label: 'Favoris', teacherOnly: true },
];

const errorMessage = (error: unknown) =>
  error instanceof GraphQLRequestError
    ? (Object.values(error.fields)[0] ?? error.message)
    : 'Une erreur est survenue';

/**
 * The company search (PRODUCT.md, Discovery; issue 5): filters, then the results as a list, a map or the
 * teacher's favourites. The URL holds the search: each search is a history entry, the back button
 * brings the previous one back, and a reload or a shared link shows the same. The server renders the
 * first page, which the island takes over without asking for it again.
 */
export function CompanySearch({
  state,
  result,
  errors: refusal,
  placeChoices,
  favorites: firstFavorites,
  viewer,
  tiles,
  zones,
  start = {},
  defaults = NO_SEARCH_DEFAULTS,
}: CompanySearchProps) {
  const teacher = viewer === 'teacher';
  const [applied, setApplied] = useState(state);
  const [draft, setDraft] = useState(() => draftOf(state, defaults));
  const [formKey, setFormKey] = useState(0);
  const [errors, setErrors] = useState(refusal);
  const [choices, setChoices] = useState(placeChoices);
  const [results, setResults] = useState(result);
  const [status, setStatus] = useState<ResultsStatus>(Object.keys(refusal).length > 0 ? 'refused' : 'ready');
  const [failure, setFailure] = useState<string | null>(null);
  const loaded = useRef(resultsKey(state));
  const pending = useRef<AbortController | null>(null);
  const resultsHeading = useRef<HTMLHeadingElement>(null);
  const favoritesHeading = useRef<HTMLHeadingElement>(null);

  /** The filters' errors of the latest search asked; the communes offered went with the one before. */
  const showErrors = (next: FilterErrors) => {
    setErrors(next);
    setChoices([]);
  };

  const tab: SearchTab = applied.tab === 'favoris' && !teacher ? 'liste' : (applied.tab ?? 'liste');
  // The favourites: for their tab, and for the stars of the map's popups.
  const { starred, favorites, favoritesStatus, starPage, star, isStarred, retryFavorites } = useFavorites({
    firstPage: result.items,
    firstFavorites,
    teacher,
    shown: tab === 'favoris' || tab === 'carte',
    zones,
  });

  const load = useCallback(
    async (next: SearchUrlState) => {
      pending.current?.abort();
      const controller = new AbortController();
      pending.current = controller;
      loaded.current = resultsKey(next);
      setStatus('loading');
      try {
        const page = await fetchResults(next, viewer, zones, controller.signal);
        setResults(page);
        starPage(page.items);
        setFailure(null);
        setStatus('ready');
      } catch (caught) {
        if (controller.signal.aborted) return;
        setFailure(errorMessage(caught));
        setStatus('error');
        // Asked again next time, even for the same search.
        loaded.current = '';
      }
    },
    [viewer, zones, starPage],
  );

  /** Shows a search: in the history (unless it comes from it), then its results if they differ. */
  const go = useCallback(
    (next: SearchUrlState, history: 'push' | 'none', options: { reload?: boolean } = {}) => {
      if (history === 'push' && searchUrl(next) !== `${window.location.pathname}${window.location.search}`) {
        window.history.pushState(null, '', searchUrl(next));
      }
      setApplied(next);
      if (options.reload || resultsKey(next) !== loaded.current) void load(next);
    },
    [load],
  );

  // The back and forward buttons bring their search back, filters included.
  useEffect(() => {
    const onPopState = () => {
      const next = startingFrom(searchFromUrl(new URLSearchParams(window.location.search)), start);
      // A place typed but not found (the page came with its error): only the server finds it.
      if (next.placeLabel && !next.near) {
        window.location.reload();
        return;
      }
      setDraft(draftOf(next, defaults));
      setFormKey((key) => key + 1);
      setErrors({});
      setChoices([]);
      go(next, 'none');
    };
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, [go, start, defaults]);

  // The address bar shows the search in its usual form (a form sent without JavaScript names it otherwise).
  useEffect(() => {
    const canonical = searchUrl(state);
    if (`${window.location.pathname}${window.location.search}` !== canonical) {
      window.history.replaceState(null, '', canonical);
    }
  }, [state]);

  useEffect(() => () => pending.current?.abort(), []);

  const submit = (event: FormEvent<HTMLFormElement>, placeInputId: string) => {
    event.preventDefault();
    const form = event.currentTarget;
    const place = form.querySelector<HTMLInputElement>(`[id="${placeInputId}"]`);
    const nextErrors: FilterErrors = {};
    // Typed but not chosen among the suggestions: the field says so (AddressField's own check).
    if (place && !place.validity.valid) nextErrors.place = ACCOUNT_MESSAGES.addressFromSuggestions;
    if (draft.from && draft.to && draft.from > draft.to) nextErrors.to = SEARCH_MESSAGES.dateRange;
    showErrors(nextErrors);
    if (nextErrors.place) {
      place?.focus();
      return;
    }
    if (nextErrors.to) {
      form.querySelector<HTMLInputElement>('input[name="au"]')?.focus();
      return;
    }
    const next = stateOfDraft(draft, applied.tab, defaults);
    go(next, 'push', { reload: true });
  };

  const reset = () => {
    setDraft(draftOf(start, defaults));
    setFormKey((key) => key + 1);
    showErrors({});
    go(applied.tab ? { ...start, tab: applied.tab } : start, 'push');
  };

  const showPage = (page: number) => {
    go({ ...applied, page: page > 1 ? page : undefined }, 'push');
    resultsHeading.current?.focus();
  };

  /** Another search offered by the results (a wider radius, the holidays shown): the filters say it too. */
  const showSearch = (next: SearchUrlState) => {
    setDraft(draftOf(next, defaults));
    setFormKey((key) => key + 1);
    go(next, 'push');
  };

  const showTab = (next: SearchTab) => {
    go({ ...applied, tab: next === 'liste' ? undefined : next }, 'push');
  };

  const onDraft = (change: Partial<SearchDraft>) => setDraft((current) => ({ ...current, ...change }));

  return (
    <div className="flex flex-col gap-6">
      <nav aria-label="Affichage des résultats">
        <ul className="flex flex-wrap gap-2">
          {TABS.filter((item) => teacher || !item.teacherOnly).map((item) => (
            <li key={item.id}>
              <a
                href={searchUrl({ ...applied, tab: item.id === 'liste' ? undefined : item.id })}
                aria-current={item.id === tab ? 'page' : undefined}
                className="menu-link inline-block"
                onClick={(event) => {
                  if (!plainClick(event)) return;
                  event.preventDefault();
                  showTab(item.id);
                }}
              >
                {item.label}
              </a>
            </li>
          ))}
        </ul>
      </nav>

      {tab === 'favoris' ? (
        <Favorites
          list={favorites}
          status={favoritesStatus}
          starred={starred}
          heading={favoritesHeading}
          onRetry={retryFavorites}
          onStar={(company, isStarred) => star(company.id, isStarred, company)}
        />
      ) : (
        <div className="grid items-start gap-6 lg:grid-cols-[22rem_1fr]">
          {/* On small screens the filters come first: a way past them. */}
          <a href="#resultats" className="link justify-self-start lg:hidden">
            Aller aux résultats
          </a>
          <SearchFilters
            key={formKey}
            draft={draft}
            onDraft={onDraft}
            onSubmit={submit}
            onReset={reset}
            errors={errors}
            placeChoices={choices}
            typedPlace={applied.near ? '' : (applied.placeLabel ?? '')}
            tab={tab}
            loading={status === 'loading'}
            defaults={defaults}
          />
          <section aria-labelledby="resultats" className="flex min-w-0 flex-col gap-4">
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <h2 id="resultats" ref={resultsHeading} tabIndex={-1} className="focus:outline-none">
                Résultats
              </h2>
              <p role="status" className="font-semibold" data-testid="results-count">
                {status === 'loading'
                  ? 'Recherche en cours…'
                  : status === 'error' || status === 'refused'
                    ? ''
                    : companiesCountLabel(results.total)}
              </p>
            </div>
            {viewer === 'visitor' && (
              <p className="rounded-lg bg-purple-light p-4 text-purple-dark">
                Les dates des créneaux et la réservation sont réservées aux enseignants.{' '}
                <a
                  className="font-semibold underline underline-offset-4"
                  href={`${ROUTES.loginTeacher}?next=${encodeURIComponent(searchUrl(applied))}`}
                >
                  Se connecter
                </a>
              </p>
            )}
            {status === 'refused' ? (
              <Card>
                <p>La recherche n’a pas été lancée{'\u00a0'}: corrigez les filtres signalés.</p>
              </Card>
            ) : status === 'error' ? (
              <Card className="flex flex-col items-start gap-3" role="alert">
                <p className="font-semibold">{failure}</p>
                <Button variant="outline" onClick={() => go(applied, 'none', { reload: true })}>
                  Réessayer
                </Button>
              </Card>
            ) : tab === 'carte' ? (
              <MapPanel
                state={applied}
                tiles={tiles}
                teacher={teacher}
                isStarred={isStarred}
                onStar={(companyId, isStarred) => star(companyId, isStarred)}
              />
            ) : (
              <ResultList
                results={results}
                loading={status === 'loading'}
                applied={applied}
                teacher={teacher}
                starred={starred}
                onStar={(company, isStarred) => star(company.id, isStarred, company)}
                onPage={showPage}
                onSearch={showSearch}
              />
            )}
          </section>
        </div>
      )}
      <Toaster />
    </div>
  );
}
