import type { MouseEvent, ReactNode } from 'react';
import { DEFAULT_SEARCH_RADIUS_KM } from '../../common/constants.ts';
import { elide, plural } from '../../common/format.ts';
import { SEARCH_RADII_KM, type SearchUrlState } from '../../common/search.ts';
import { Button } from '../ui/Button.tsx';
import { Card } from '../ui/Card.tsx';
import { cx } from '../ui/cx.ts';
import { Pagination } from '../ui/Pagination.tsx';
import { CompanyCard } from './CompanyCard.tsx';
import type { CompanyResult, ResultPage } from './search-api.ts';
import { plainClick, searchUrl } from './search-links.ts';

/** The list tab: a page of company cards and the pages, or what to do when nothing is found. */
export function ResultList({
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
  if (results.total === 0) {
    return (
      <NoResult applied={applied} hiddenByHolidays={results.hiddenByHolidays ?? 0} onSearch={onSearch} />
    );
  }
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

/** A link to another search: a plain link before the island loads, the island's own search after. */
function SearchButton({
  state,
  onSearch,
  children,
}: {
  state: SearchUrlState;
  onSearch: (state: SearchUrlState) => void;
  children: ReactNode;
}) {
  return (
    <Button
      variant="outline"
      href={searchUrl(state)}
      onClick={(event: MouseEvent<HTMLAnchorElement>) => {
        if (!plainClick(event)) return;
        event.preventDefault();
        onSearch(state);
      }}
    >
      {children}
    </Button>
  );
}

/**
 * No company: the way to find some — first the school holidays, when leaving them out is what empties the
 * list (issue 36), then looking further around the place.
 */
function NoResult({
  applied,
  hiddenByHolidays,
  onSearch,
}: {
  applied: SearchUrlState;
  hiddenByHolidays: number;
  onSearch: (state: SearchUrlState) => void;
}) {
  const radius = applied.radiusKm ?? DEFAULT_SEARCH_RADIUS_KM;
  const wider = applied.near ? SEARCH_RADII_KM.find((km) => km > radius) : undefined;
  const widened: SearchUrlState = { ...applied, radiusKm: wider, page: undefined };
  return (
    <Card className="flex flex-col items-start gap-3">
      <p className="font-semibold">Aucune entreprise ne correspond à votre recherche.</p>
      {hiddenByHolidays > 0 ? (
        <>
          <p>
            Les créneaux pendant les vacances scolaires sont masqués : sans ce filtre,{' '}
            {plural(hiddenByHolidays, 'entreprise correspond', 'entreprises correspondent')} à votre
            recherche.
          </p>
          <SearchButton state={{ ...applied, excludeHolidays: false, page: undefined }} onSearch={onSearch}>
            Afficher aussi les créneaux pendant les vacances
          </SearchButton>
        </>
      ) : wider ? (
        <>
          <p>Élargissez la zone de recherche autour {elide('de', applied.placeLabel ?? 'ce lieu')}.</p>
          <SearchButton state={widened} onSearch={onSearch}>
            Chercher dans un rayon de {wider} km
          </SearchButton>
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
