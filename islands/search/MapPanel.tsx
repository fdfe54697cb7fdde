import { useEffect, useRef, useState } from 'react';
import { SECTOR_LABELS } from '../../common/constants.ts';
import { type SearchUrlState, searchFromUrl, searchToUrl } from '../../common/search.ts';
import { CompanyPicture } from '../discovery/CompanyCard.tsx';
import { FavoriteButton } from '../discovery/FavoriteButton.tsx';
import { Button } from '../ui/Button.tsx';
import { LoadingDots } from '../ui/LoadingDots.tsx';
import { companyUrl } from './CompanyCard.tsx';
import type { CompanyMap } from './map/company-map.tsx';
import { availableSlotsLabel, type CompanyMarker, fetchMarkers, type MapTiles } from './search-api.ts';
import { searchUrl } from './search-links.ts';

interface MapPanelProps {
  state: SearchUrlState;
  tiles: MapTiles;
  teacher: boolean;
  /** Read when a popup opens: the star as it is then. */
  isStarred: (companyId: string) => boolean;
  onStar: (companyId: string, starred: boolean) => void;
}

/** The part of the search the map depends on: the place and the filters, not the list's page or order. */
const markersKey = (state: SearchUrlState) =>
  searchToUrl({ ...state, page: undefined, sort: undefined, tab: undefined });

/**
 * The map tab. Leaflet and supercluster come in a chunk of their own, imported once the tab is shown in
 * the browser; the markers (every match of the search) are asked for at the same time.
 */
export function MapPanel({ state, tiles, teacher, isStarred, onStar }: MapPanelProps) {
  const container = useRef<HTMLElement>(null);
  const [map, setMap] = useState<CompanyMap | null>(null);
  const [markers, setMarkers] = useState<CompanyMarker[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const key = markersKey(state);
  const popupProps = useRef({ teacher, isStarred, onStar });
  popupProps.current = { teacher, isStarred, onStar };

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` loads again after a failure.
  useEffect(() => {
    let cancelled = false;
    let created: CompanyMap | null = null;
    import('./map/company-map.tsx')
      .then(({ createCompanyMap }) => {
        if (cancelled || !container.current) return;
        created = createCompanyMap(container.current, {
          tiles,
          popup: (marker) => <MapPopup marker={marker} {...popupProps.current} />,
        });
        setMap(created);
      })
      .catch(() => !cancelled && setFailed(true));
    return () => {
      cancelled = true;
      created?.destroy();
      setMap(null);
    };
  }, [tiles, attempt]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` asks again after a failure.
  useEffect(() => {
    const controller = new AbortController();
    setMarkers(null);
    setFailed(false);
    fetchMarkers(searchFromUrl(new URLSearchParams(key)), controller.signal)
      .then(setMarkers)
      .catch(() => !controller.signal.aborted && setFailed(true));
    return () => controller.abort();
  }, [key, attempt]);

  useEffect(() => {
    if (map && markers) map.setMarkers(markers, searchFromUrl(new URLSearchParams(key)).near);
  }, [map, markers, key]);

  const ready = Boolean(map && markers);
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-grey-dark noscript:hidden">
        Les entreprises proches sont regroupées : choisissez un groupe pour zoomer, une entreprise pour la
        voir. L’onglet Liste présente les mêmes entreprises.
      </p>
      <div className="relative">
        <section
          ref={container}
          aria-label="Carte des entreprises"
          aria-busy={!ready}
          className="company-map h-[28rem] w-full overflow-hidden rounded-2xl border border-grey bg-grey sm:h-[36rem]"
          data-testid="company-map"
        />
        {!ready && (
          <div className="absolute inset-0 flex flex-col items-center justify-center gap-3 rounded-2xl bg-white/80">
            {failed ? (
              <>
                <p className="font-semibold">La carte n’a pas pu être chargée.</p>
                <Button variant="outline" onClick={() => setAttempt((n) => n + 1)}>
                  Réessayer
                </Button>
              </>
            ) : (
              <>
                {/* The map is drawn by the browser's script: without it, the list is the way (issue 36). */}
                <p className="hidden px-4 text-center font-semibold noscript:block">
                  La carte s’affiche avec JavaScript, désactivé sur ce navigateur.{' '}
                  <a className="link" href={searchUrl({ ...state, tab: undefined })}>
                    Voir les entreprises en liste
                  </a>
                </p>
                <div className="contents noscript:hidden">
                  <LoadingDots label="Chargement de la carte…" />
                  <p aria-hidden="true">Chargement de la carte…</p>
                </div>
              </>
            )}
          </div>
        )}
      </div>
    </div>
  );
}

/** A company's card on the map. */
function MapPopup({
  marker,
  teacher,
  isStarred,
  onStar,
}: {
  marker: CompanyMarker;
  teacher: boolean;
  isStarred: (companyId: string) => boolean;
  onStar: (companyId: string, starred: boolean) => void;
}) {
  return (
    <div className="flex w-56 flex-col gap-2 font-sans text-base text-dark">
      <div className="aspect-[8/5] overflow-hidden rounded-lg">
        <CompanyPicture
          company={{
            name: marker.name,
            sector: marker.sector,
            pictureUrl: marker.pictureUrl && new URL(marker.pictureUrl, window.location.href).pathname,
          }}
        />
      </div>
      <div className="flex items-start justify-between gap-2">
        <div className="flex flex-col gap-1">
          <span className="text-xs font-bold tracking-wide text-purple uppercase">
            {SECTOR_LABELS[marker.sector]}
          </span>
          <a href={companyUrl(marker.id)} className="font-bold hover:underline">
            {marker.name}
          </a>
          <span className="text-sm">{availableSlotsLabel(marker.availableSlotsCount)}</span>
        </div>
        {teacher && (
          <FavoriteButton
            companyId={marker.id}
            companyName={marker.name}
            starred={isStarred(marker.id)}
            onChange={(starred) => onStar(marker.id, starred)}
          />
        )}
      </div>
    </div>
  );
}
