import {
  type FormEvent,
  type MouseEvent,
  type RefObject,
  useCallback,
  useEffect,
  useRef,
  useState,
} from 'react';
import { ACCOUNT_MESSAGES } from '../../common/accounts.ts';
import { DEFAULT_SEARCH_RADIUS_KM } from '../../common/constants.ts';
import { ROUTES } from '../../common/routes.ts';
import {
  SEARCH_MESSAGES,
  SEARCH_RADII_KM,
  type SearchTab,
  type SearchUrlState,
  searchFromUrl,
  searchToUrl,
} from '../../common/search.ts';
import { GraphQLRequestError } from '../graphql.ts';
import { Button } from '../ui/Button.tsx';
import { Card } from '../ui/Card.tsx';
import { cx } from '../ui/cx.ts';
import { LoadingDots } from '../ui/LoadingDots.tsx';
import { Pagination } from '../ui/Pagination.tsx';
import { Toaster } from '../ui/Toast.tsx';
import { CompanyCard } from './CompanyCard.tsx';
import { MapPanel } from './MapPanel.tsx';
import {
  draftOf,
  type FilterErrors,
  type SearchDraft,
  SearchFilters,
  stateOfDraft,
} from './SearchFilters.tsx';
import {
  type CompanyResult,
  companiesCountLabel,
  type DepartmentZones,
  fetchFavorites,
  fetchResults,
  type MapTiles,
  type ResultPage,
  type SearchViewer,
} from './search-api.ts';

export interface CompanySearchProps {
  /** The search of the URL the page was asked with. */
  state: SearchUrlState;
  /** Its page of results, rendered on the server. */
  result: ResultPage;
  /** Why there are no results when the search itself was refused (dates in the wrong order). */
  error: string | null;
  viewer: SearchViewer;
  tiles: MapTiles;
  zones: DepartmentZones;
}

/** The URL of a search, as links and the history carry it. */
export function searchUrl(state: SearchUrlState): string {
  const query = searchToUrl(state);
  return query ? `${ROUTES.searchCompanies}?${query}` : ROUTES.searchCompanies;
}

/** What the list depends on: everything but the tab. */
const resultsKey = (state: SearchUrlState) => searchToUrl({ ...state, tab: undefined });

const TABS: { id: SearchTab; label: string; teacherOnly?: boolean }[] = [
  { id: 'liste', label: 'Liste' },
  { id: 'carte', label: 'Carte' },
  { id: 'favoris', label: 'Favoris', teacherOnly: true },
];

type Status = 'ready' | 'loading' | 'error';

const errorMessage = (error: unknown) =>
  error instanceof GraphQLRequestError
    ? (Object.values(error.fields)[0] ?? error.message)
    : 'Une erreur est survenue';

/** A plain click: modified ones (new tab, new window) keep the link's own meaning. */
const plainClick = (event: MouseEvent) =>
  event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

/**
 * The company search (PRODUCT.md, Discovery; issue 5): filters, then the results as a list, a map or the
 * teacher's favourites. The URL holds the search: each search is a history entry, the back button
 * brings the previous one back, and a reload or a shared link shows the same. The server renders the
 * first page, which the island takes over without asking for it again.
 */
export function CompanySearch({ state, result, error, viewer, tiles, zones }: CompanySearchProps) {
  const teacher = viewer === 'teacher';
  const [applied, setApplied] = useState(state);
  const [draft, setDraft] = useState(() => draftOf(state));
  const [formKey, setFormKey] = useState(0);
  const [errors, setErrors] = useState<FilterErrors>({});
  const [results, setResults] = useState(result);
  const [status, setStatus] = useState<Status>(error ? 'error' : 'ready');
  const [failure, setFailure] = useState(error);
  const [starred, setStarred] = useState(
    () => new Set(result.items.filter((item) => item.isFavorite).map((item) => item.id)),
  );
  const [favorites, setFavorites] = useState<CompanyResult[] | null>(null);
  const [favoritesStatus, setFavoritesStatus] = useState<Status>('loading');
  const [favoritesAttempt, setFavoritesAttempt] = useState(0);
  const loaded = useRef(resultsKey(state));
  const pending = useRef<AbortController | null>(null);
  const resultsHeading = useRef<HTMLHeadingElement>(null);
  const favoritesHeading = useRef<HTMLHeadingElement>(null);
  const starredRef = useRef(starred);
  starredRef.current = starred;

  const tab: SearchTab = applied.tab === 'favoris' && !teacher ? 'liste' : (applied.tab ?? 'liste');

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
        setStarred((current) => {
          const updated = new Set(current);
          for (const item of page.items) {
            if (item.isFavorite) updated.add(item.id);
            else if (teacher) updated.delete(item.id);
          }
          return updated;
        });
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
    [viewer, zones, teacher],
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
      const next = searchFromUrl(new URLSearchParams(window.location.search));
      setDraft(draftOf(next));
      setFormKey((key) => key + 1);
      setErrors({});
      go(next, 'none');
    };
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, [go]);

  // The address bar shows the search in its usual form (a form sent without JavaScript names it otherwise).
  useEffect(() => {
    const canonical = searchUrl(state);
    if (`${window.location.pathname}${window.location.search}` !== canonical) {
      window.history.replaceState(null, '', canonical);
    }
  }, [state]);

  useEffect(() => () => pending.current?.abort(), []);

  // The favourites: for their tab, and for the stars of the map's popups.
  const needsFavorites = teacher && favorites === null && (tab === 'favoris' || tab === 'carte');
  // biome-ignore lint/correctness/useExhaustiveDependencies: `favoritesAttempt` asks again after a failure.
  useEffect(() => {
    if (!needsFavorites) return;
    const controller = new AbortController();
    setFavoritesStatus('loading');
    fetchFavorites(zones, controller.signal)
      .then((list) => {
        setFavorites(list);
        setStarred((current) => new Set([...current, ...list.map((company) => company.id)]));
        setFavoritesStatus('ready');
      })
      .catch(() => !controller.signal.aborted && setFavoritesStatus('error'));
    return () => controller.abort();
  }, [needsFavorites, zones, favoritesAttempt]);

  const star = useCallback((companyId: string, isStarred: boolean, company?: CompanyResult) => {
    setStarred((current) => {
      const updated = new Set(current);
      if (isStarred) updated.add(companyId);
      else updated.delete(companyId);
      return updated;
    });
    setFavorites((list) => {
      if (list === null) return null;
      if (!isStarred) return list.filter((item) => item.id !== companyId);
      // Starred from the map, whose markers do not say enough for a card: asked again when shown.
      return company ? [{ ...company, distanceKm: null, isFavorite: true }, ...list] : null;
    });
  }, []);

  const submit = (event: FormEvent<HTMLFormElement>, placeInputId: string) => {
    event.preventDefault();
    const form = event.currentTarget;
    const place = form.querySelector<HTMLInputElement>(`[id="${placeInputId}"]`);
    const nextErrors: FilterErrors = {};
    // Typed but not chosen among the suggestions: the field says so (AddressField's own check).
    if (place && !place.validity.valid) nextErrors.place = ACCOUNT_MESSAGES.addressFromSuggestions;
    if (draft.from && draft.to && draft.from > draft.to) nextErrors.to = SEARCH_MESSAGES.dateRange;
    setErrors(nextErrors);
    if (nextErrors.place) {
      place?.focus();
      return;
    }
    if (nextErrors.to) {
      form.querySelector<HTMLInputElement>('input[name="au"]')?.focus();
      return;
    }
    const next = stateOfDraft(draft, applied.tab);
    go(next, 'push', { reload: true });
  };

  const reset = () => {
    setDraft(draftOf({}));
    setFormKey((key) => key + 1);
    setErrors({});
    go(applied.tab ? { tab: applied.tab } : {}, 'push');
  };

  const showPage = (page: number) => {
    go({ ...applied, page: page > 1 ? page : undefined }, 'push');
    resultsHeading.current?.focus();
  };

  const showTab = (next: SearchTab) => {
    go({ ...applied, tab: next === 'liste' ? undefined : next }, 'push');
  };

  const onDraft = (change: Partial<SearchDraft>) => setDraft((current) => ({ ...current, ...change }));

  const isStarred = useCallback((companyId: string) => starredRef.current.has(companyId), []);

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
          onRetry={() => setFavoritesAttempt((n) => n + 1)}
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
            tab={tab}
            loading={status === 'loading'}
          />
          <section aria-labelledby="resultats" className="flex min-w-0 flex-col gap-4">
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <h2 id="resultats" ref={resultsHeading} tabIndex={-1} className="focus:outline-none">
                Résultats
              </h2>
              <p role="status" className="font-semibold" data-testid="results-count">
                {status === 'loading'
                  ? 'Recherche en cours…'
                  : status === 'error'
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
            {status === 'error' ? (
              <Card className="flex flex-col items-start gap-3" role="alert">
                <p className="font-semibold">{failure}</p>
                {!error && (
                  <Button variant="outline" onClick={() => go(applied, 'none', { reload: true })}>
                    Réessayer
                  </Button>
                )}
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
                onSearch={(next) => go(next, 'push')}
              />
            )}
          </section>
        </div>
      )}
      <Toaster />
    </div>
  );
}

function ResultList({
  results,
  loading,
  applied,
  teacher,
  starred,
  onStar,
  onPage,
  onSearch,
}: {
  results: ResultPage;
  loading: boolean;
  applied: SearchUrlState;
  teacher: boolean;
  starred: ReadonlySet<string>;
  onStar: (company: CompanyResult, starred: boolean) => void;
  onPage: (page: number) => void;
  onSearch: (state: SearchUrlState) => void;
}) {
  const pages = Math.ceil(results.total / results.pageSize);
  if (results.total === 0) return <NoResult applied={applied} onSearch={onSearch} />;
  return (
    <div className={cx('flex flex-col gap-6', loading && 'opacity-60')} aria-busy={loading}>
      {results.items.length === 0 ? (
        <Card>
          <p>
            Cette page n’existe pas.{' '}
            <a
              className="link"
              href={searchUrl({ ...applied, page: undefined })}
              onClick={(event) => {
                if (!plainClick(event)) return;
                event.preventDefault();
                onPage(1);
              }}
            >
              Revenir à la première page
            </a>
          </p>
        </Card>
      ) : (
        <ul className="grid gap-4 xl:grid-cols-2">
          {results.items.map((company) => (
            <li key={company.id}>
              <CompanyCard
                company={{ ...company, isFavorite: starred.has(company.id) }}
                teacher={teacher}
                onStar={onStar}
              />
            </li>
          ))}
        </ul>
      )}
      <Pagination
        page={results.page}
        total={pages}
        hrefFor={(page) => searchUrl({ ...applied, page: page > 1 ? page : undefined })}
        onChange={onPage}
      />
    </div>
  );
}

/** No company: the way to find some, first by looking further around the place. */
function NoResult({
  applied,
  onSearch,
}: {
  applied: SearchUrlState;
  onSearch: (state: SearchUrlState) => void;
}) {
  const radius = applied.radiusKm ?? DEFAULT_SEARCH_RADIUS_KM;
  const wider = applied.near ? SEARCH_RADII_KM.find((km) => km > radius) : undefined;
  const widened: SearchUrlState = { ...applied, radiusKm: wider, page: undefined };
  return (
    <Card className="flex flex-col items-start gap-3">
      <p className="font-semibold">Aucune entreprise ne correspond à votre recherche.</p>
      {wider ? (
        <>
          <p>Élargissez la zone de recherche autour de {applied.placeLabel ?? 'ce lieu'}.</p>
          <Button
            variant="outline"
            href={searchUrl(widened)}
            onClick={(event: MouseEvent<HTMLAnchorElement>) => {
              if (!plainClick(event)) return;
              event.preventDefault();
              onSearch(widened);
            }}
          >
            Chercher dans un rayon de {wider} km
          </Button>
        </>
      ) : (
        <p>
          {applied.near
            ? 'Essayez un autre lieu, ou retirez des filtres.'
            : 'Essayez de retirer des filtres, ou choisissez un lieu et un rayon.'}
        </p>
      )}
    </Card>
  );
}

function Favorites({
  list,
  status,
  starred,
  heading,
  onRetry,
  onStar,
}: {
  list: CompanyResult[] | null;
  status: Status;
  starred: ReadonlySet<string>;
  heading: RefObject<HTMLHeadingElement | null>;
  onRetry: () => void;
  onStar: (company: CompanyResult, starred: boolean) => void;
}) {
  const listRef = useRef<HTMLUListElement>(null);
  // An object, so that two removals at the same place both move the focus.
  const [removed, setRemoved] = useState<{ index: number } | null>(null);

  // An unstarred card leaves: the focus goes to the next card's link, or to the heading.
  useEffect(() => {
    if (removed === null) return;
    const links = listRef.current?.querySelectorAll<HTMLElement>('h3 a');
    (links?.[Math.min(removed.index, links.length - 1)] ?? heading.current)?.focus();
  }, [removed, heading]);

  return (
    <section aria-labelledby="favoris" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="favoris" ref={heading} tabIndex={-1} className="focus:outline-none">
          Mes favoris
        </h2>
        <p role="status" className="font-semibold">
          {list === null
            ? ''
            : list.length === 0
              ? 'Aucun favori'
              : `${list.length} favori${list.length > 1 ? 's' : ''}`}
        </p>
      </div>
      {list === null ? (
        status === 'error' ? (
          <Card role="alert" className="flex flex-col items-start gap-3">
            <p className="font-semibold">Vos favoris n’ont pas pu être chargés.</p>
            <Button variant="outline" onClick={onRetry}>
              Réessayer
            </Button>
          </Card>
        ) : (
          <LoadingDots label="Chargement de vos favoris…" />
        )
      ) : list.length === 0 ? (
        <Card>
          <p>
            Vous n’avez pas encore de favori. Choisissez l’étoile d’une entreprise dans la liste ou sur la
            carte pour la retrouver ici.
          </p>
        </Card>
      ) : (
        <ul ref={listRef} className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
          {list.map((company, index) => (
            <li key={company.id}>
              <CompanyCard
                company={{ ...company, isFavorite: starred.has(company.id) }}
                teacher
                showNextSlot={false}
                onStar={(unstarred, isStarred) => {
                  onStar(unstarred, isStarred);
                  if (!isStarred) setRemoved({ index });
                }}
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
