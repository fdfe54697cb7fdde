import { useCallback, useEffect, useRef, useState } from 'react';
import { type CompanyResult, type DepartmentZones, fetchFavorites } from './search-api.ts';

export type LoadStatus = 'ready' | 'loading' | 'error';

/**
 * A teacher's stars, the same on every card, popup and tab, and their favourites: loaded once shown (their
 * tab) or needed (the stars of the map's popups), asked again on demand after a failure, and kept up to
 * date as stars are given or taken away.
 */
export function useFavorites({
  firstPage,
  firstFavorites,
  teacher,
  shown,
  zones,
}: {
  /** The page of results the server rendered: its stars. */
  firstPage: CompanyResult[];
  /** The favourites the server rendered (their tab asked for, without JavaScript too); null otherwise. */
  firstFavorites: CompanyResult[] | null;
  teacher: boolean;
  /** Whether what is on screen needs the list: its tab, or the map. */
  shown: boolean;
  zones: DepartmentZones;
}) {
  const [starred, setStarred] = useState(
    () =>
      new Set(
        [...firstPage.filter((item) => item.isFavorite), ...(firstFavorites ?? [])].map((item) => item.id),
      ),
  );
  const [favorites, setFavorites] = useState(firstFavorites);
  const [favoritesStatus, setFavoritesStatus] = useState<LoadStatus>(firstFavorites ? 'ready' : 'loading');
  const [favoritesAttempt, setFavoritesAttempt] = useState(0);
  const starredRef = useRef(starred);
  starredRef.current = starred;

  const needsFavorites = teacher && favorites === null && shown;
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

  /** A new page of results says which of its companies are starred (for a teacher, which are not). */
  const starPage = useCallback(
    (items: CompanyResult[]) =>
      setStarred((current) => {
        const updated = new Set(current);
        for (const item of items) {
          if (item.isFavorite) updated.add(item.id);
          else if (teacher) updated.delete(item.id);
        }
        return updated;
      }),
    [teacher],
  );

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

  /** Read when a map popup opens: the star as it is then. */
  const isStarred = useCallback((companyId: string) => starredRef.current.has(companyId), []);

  const retryFavorites = () => setFavoritesAttempt((n) => n + 1);

  return { starred, favorites, favoritesStatus, starPage, star, isStarred, retryFavorites };
}
