import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import {
  DEFAULT_SEARCH_RADIUS_KM,
  MEETING_TYPE_LABELS,
  MEETING_TYPES,
  type MeetingType,
  PUBLIC_CATEGORIES,
  PUBLIC_CATEGORY_LABELS,
  type PublicCategory,
  SECTOR_LABELS,
  SECTORS,
  type Sector,
  SLOT_SUBJECT_LABELS,
  SLOT_SUBJECTS,
  type SlotSubject,
} from '../../common/constants.ts';
import { ROUTES } from '../../common/routes.ts';
import {
  defaultSearchSort,
  SEARCH_RADII_KM,
  SEARCH_SORT_LABELS,
  SEARCH_SORTS,
  type SearchSort,
  type SearchTab,
  type SearchUrlState,
} from '../../common/search.ts';
import { TEXT_MAX } from '../../common/text.ts';
import { AddressField } from '../AddressField.tsx';
import type { AddressValue } from '../address-post.ts';
import { Button } from '../ui/Button.tsx';
import { CheckboxField, ChoiceGroup } from '../ui/ChoiceGroup.tsx';
import { cx, focusRing } from '../ui/cx.ts';
import { Listbox } from '../ui/Listbox.tsx';
import { TextField } from '../ui/TextField.tsx';
import { searchUrl } from './search-links.ts';

/** The filters as the form holds them while they are being chosen. */
export interface SearchDraft {
  text: string;
  place: AddressValue | null;
  radiusKm: number;
  sectors: Sector[];
  meetingTypes: MeetingType[];
  publicCategories: PublicCategory[];
  subjects: SlotSubject[];
  from: string;
  to: string;
  withAvailableSlots: boolean;
  /** Leave out the school holidays of the teacher's zone. */
  excludeHolidays: boolean;
  /** '' for the default order: by distance around a place, else by next free slot. */
  sort: SearchSort | '';
}

/** What refuses a search, under the field it is about. */
export interface FilterErrors {
  text?: string;
  place?: string;
  from?: string;
  to?: string;
}

/** What the search does unless told otherwise, for this viewer (issue 20). */
export interface SearchDefaults {
  /** Whether the holidays of the teacher's zone are left out: on for school teachers, off for prescribers. */
  excludeHolidays: boolean;
  /** The teacher's holiday zone as a sentence names it (« zone A »); null: no box (visitors, companies). */
  holidayZone: string | null;
  /** The search starts around the teacher's reference address: no place then means the whole country. */
  startsNear: boolean;
}

export const NO_SEARCH_DEFAULTS: SearchDefaults = {
  excludeHolidays: false,
  holidayZone: null,
  startsNear: false,
};

export function draftOf(state: SearchUrlState, defaults: SearchDefaults = NO_SEARCH_DEFAULTS): SearchDraft {
  return {
    text: state.text ?? '',
    place: state.near
      ? { label: state.placeLabel ?? 'Lieu choisi', zipcode: '', city: '', ...state.near }
      : null,
    radiusKm: state.radiusKm ?? DEFAULT_SEARCH_RADIUS_KM,
    sectors: (state.sectors ?? []) as Sector[],
    meetingTypes: (state.meetingTypes ?? []) as MeetingType[],
    publicCategories: (state.publicCategories ?? []) as PublicCategory[],
    subjects: (state.subjects ?? []) as SlotSubject[],
    from: state.from ?? '',
    to: state.to ?? '',
    withAvailableSlots: state.withAvailableSlots ?? false,
    excludeHolidays: state.excludeHolidays ?? defaults.excludeHolidays,
    sort: state.sort ?? '',
  };
}

/** The search a draft asks for, back on the first page; the default order is left out of the URL. */
export function stateOfDraft(
  draft: SearchDraft,
  tab: SearchTab | undefined,
  defaults: SearchDefaults = NO_SEARCH_DEFAULTS,
): SearchUrlState {
  const hasPlace = draft.place !== null;
  const sort = draft.sort === '' || (draft.sort === 'distance' && !hasPlace) ? '' : draft.sort;
  const state: SearchUrlState = {};
  const text = draft.text.trim();
  if (text) state.text = text;
  if (draft.place) {
    state.near = { lat: draft.place.lat, lng: draft.place.lng };
    state.placeLabel = draft.place.label;
  } else if (defaults.startsNear) {
    state.everywhere = true;
  }
  if (draft.radiusKm !== DEFAULT_SEARCH_RADIUS_KM) state.radiusKm = draft.radiusKm;
  if (draft.sectors.length > 0) state.sectors = draft.sectors;
  if (draft.meetingTypes.length > 0) state.meetingTypes = draft.meetingTypes;
  if (draft.publicCategories.length > 0) state.publicCategories = draft.publicCategories;
  if (draft.subjects.length > 0) state.subjects = draft.subjects;
  if (draft.from) state.from = draft.from;
  if (draft.to) state.to = draft.to;
  if (draft.withAvailableSlots) state.withAvailableSlots = true;
  if (defaults.holidayZone && draft.excludeHolidays !== defaults.excludeHolidays) {
    state.excludeHolidays = draft.excludeHolidays;
  }
  if (sort && sort !== defaultSearchSort(hasPlace)) state.sort = sort;
  if (tab && tab !== 'liste') state.tab = tab;
  return state;
}

const options = <V extends string>(values: readonly V[], labels: Record<V, string>) =>
  values.map((value) => ({ value, label: labels[value] }));

const SECTOR_OPTIONS = options(SECTORS, SECTOR_LABELS);
const MEETING_TYPE_OPTIONS = options(MEETING_TYPES, MEETING_TYPE_LABELS);
const PUBLIC_OPTIONS = options(PUBLIC_CATEGORIES, PUBLIC_CATEGORY_LABELS);
const SUBJECT_OPTIONS = options(SLOT_SUBJECTS, SLOT_SUBJECT_LABELS);
const RADIUS_OPTIONS = SEARCH_RADII_KM.map((km) => ({ value: String(km), label: `${km} km` }));

/** From Tailwind's `md`: the filters are open there. */
const WIDE = '(min-width: 48rem)';

/** The arrow of a fold, turned when it is open. */
function Chevron({ className }: { className: string }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 16 16"
      className={cx('shrink-0 transition-transform', className)}
      fill="none"
      stroke="currentColor"
    >
      <path d="M3 6l5 5 5-5" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/** A group of checkboxes folded under its title, open when something in it is chosen. */
function Disclosure({ title, chosen, children }: { title: string; chosen: number; children: ReactNode }) {
  const [initiallyOpen] = useState(chosen > 0);
  return (
    <details open={initiallyOpen || undefined} className="group rounded-lg border border-grey">
      <summary
        className={cx(
          'flex min-h-11 cursor-pointer items-center justify-between gap-2 rounded-lg px-3 font-semibold',
          focusRing,
        )}
      >
        <span>
          {title}
          {chosen > 0 && (
            <span className="font-normal text-grey-text">
              {' '}
              ({chosen} choisi{chosen > 1 && 's'})
            </span>
          )}
        </span>
        <Chevron className="size-4 group-open:rotate-180" />
      </summary>
      <div className="px-3 pb-3">{children}</div>
    </details>
  );
}

/**
 * The search's filters. Without JavaScript it is a plain GET form to /search-companies (the page reads
 * repeated and bracketed fields too); with it, the island runs the search in place.
 */
export function SearchFilters({
  draft,
  onDraft,
  onSubmit,
  onReset,
  errors,
  placeChoices = [],
  typedPlace = '',
  tab,
  loading,
  defaults = NO_SEARCH_DEFAULTS,
}: {
  defaults?: SearchDefaults;
  draft: SearchDraft;
  onDraft: (change: Partial<SearchDraft>) => void;
  onSubmit: (event: FormEvent<HTMLFormElement>, placeInputId: string) => void;
  onReset: () => void;
  errors: FilterErrors;
  /** The communes a typed place may mean: each a link to this search around it. */
  placeChoices?: AddressValue[];
  /** The place as typed when none was found, shown again in its field. */
  typedPlace?: string;
  tab: SearchTab;
  loading: boolean;
}) {
  const placeId = `${useId()}lieu`;
  const folded = useRef<HTMLDetailsElement>(null);
  // Open on phones too when the page comes with errors: they are under the filters.
  const [openWithErrors] = useState(Object.keys(errors).length > 0);
  // Open from the medium width up (the side column has room); folded on phones, results first (issue 20).
  useEffect(() => {
    if (folded.current && window.matchMedia(WIDE).matches) folded.current.open = true;
  }, []);
  const hasPlace = draft.place !== null;
  const sort =
    draft.sort === '' || (draft.sort === 'distance' && !hasPlace) ? defaultSearchSort(hasPlace) : draft.sort;
  const sortOptions = SEARCH_SORTS.filter((value) => hasPlace || value !== 'distance').map((value) => ({
    value,
    label: SEARCH_SORT_LABELS[value],
  }));

  return (
    <search aria-labelledby={`${placeId}-titre`}>
      <details
        ref={folded}
        open={openWithErrors || undefined}
        className="search-filters group/filters rounded-2xl bg-white"
      >
        <summary
          className={cx(
            'flex min-h-11 cursor-pointer items-center justify-between gap-2 rounded-2xl px-6 py-4',
            focusRing,
          )}
        >
          <h2 id={`${placeId}-titre`}>Filtres</h2>
          <Chevron className="size-5 group-open/filters:rotate-180" />
        </summary>
        <form
          method="get"
          action={ROUTES.searchCompanies}
          noValidate
          onSubmit={(event) => onSubmit(event, placeId)}
          className="flex flex-col gap-5 px-6 pb-6"
        >
          <TextField
            label="Entreprise ou métier"
            name="q"
            value={draft.text}
            maxLength={TEXT_MAX.searchText}
            placeholder="Ex. : soudeur, Forges du Gier"
            error={errors.text}
            onChange={(event) => onDraft({ text: event.currentTarget.value })}
          />
          <div className="flex flex-col gap-2">
            <AddressField
              id={placeId}
              label="Lieu"
              hint="Une adresse ou une commune, choisie dans la liste proposée"
              name="lieu"
              typedName="lieu"
              defaultText={typedPlace}
              placeholder="Adresse ou commune"
              value={draft.place}
              error={errors.place}
              onChange={(place) => onDraft({ place })}
            />
            {placeChoices.length > 0 && (
              <ul aria-label="Communes de ce nom" className="flex flex-col gap-1">
                {placeChoices.map((place) => (
                  <li key={`${place.lat},${place.lng}`}>
                    <a className="link" href={searchUrl(stateOfDraft({ ...draft, place }, tab, defaults))}>
                      {place.city} ({place.zipcode})
                    </a>
                  </li>
                ))}
              </ul>
            )}
          </div>
          <Listbox
            label="Rayon autour du lieu"
            name="rayon"
            options={RADIUS_OPTIONS}
            value={String(draft.radiusKm)}
            onChange={(value) => onDraft({ radiusKm: Number(value) })}
          />
          <Disclosure title="Secteurs d’activité" chosen={draft.sectors.length}>
            <ChoiceGroup<Sector>
              multiple
              legend={<span className="sr-only">Secteurs d’activité</span>}
              name="secteurs"
              options={SECTOR_OPTIONS}
              value={draft.sectors}
              onChange={(sectors) => onDraft({ sectors })}
            />
          </Disclosure>
          <Disclosure title="Types de rencontre" chosen={draft.meetingTypes.length}>
            <ChoiceGroup<MeetingType>
              multiple
              legend={<span className="sr-only">Types de rencontre</span>}
              name="types"
              options={MEETING_TYPE_OPTIONS}
              value={draft.meetingTypes}
              onChange={(meetingTypes) => onDraft({ meetingTypes })}
            />
          </Disclosure>
          <Disclosure title="Publics" chosen={draft.publicCategories.length}>
            <ChoiceGroup<PublicCategory>
              multiple
              legend={<span className="sr-only">Publics</span>}
              name="publics"
              options={PUBLIC_OPTIONS}
              value={draft.publicCategories}
              onChange={(publicCategories) => onDraft({ publicCategories })}
            />
          </Disclosure>
          <Disclosure title="Thèmes" chosen={draft.subjects.length}>
            <ChoiceGroup<SlotSubject>
              multiple
              legend={<span className="sr-only">Thèmes</span>}
              name="themes"
              options={SUBJECT_OPTIONS}
              value={draft.subjects}
              onChange={(subjects) => onDraft({ subjects })}
            />
          </Disclosure>
          <fieldset className="flex flex-col gap-3">
            <legend className="mb-1 font-semibold">Dates des créneaux</legend>
            <div className="grid gap-3 xs:grid-cols-2 lg:grid-cols-1">
              <TextField
                type="date"
                label="Du"
                name="du"
                value={draft.from}
                error={errors.from}
                onChange={(event) => onDraft({ from: event.currentTarget.value })}
              />
              <TextField
                type="date"
                label="Au"
                name="au"
                value={draft.to}
                min={draft.from || undefined}
                error={errors.to}
                onChange={(event) => onDraft({ to: event.currentTarget.value })}
              />
            </div>
          </fieldset>
          <CheckboxField
            name="dispo"
            label="Seulement avec des créneaux disponibles"
            checked={draft.withAvailableSlots}
            onChange={(withAvailableSlots) => onDraft({ withAvailableSlots })}
          />
          {defaults.holidayZone && (
            <div>
              {/* Unticked, the box sends nothing: this says so to the page without JavaScript. */}
              <input type="hidden" name="vacances" value="0" />
              <CheckboxField
                name="vacances"
                label={
                  <>
                    Masquer les créneaux pendant les vacances scolaires{' '}
                    <span className="text-grey-text">({defaults.holidayZone})</span>
                  </>
                }
                checked={draft.excludeHolidays}
                onChange={(excludeHolidays) => onDraft({ excludeHolidays })}
              />
            </div>
          )}
          {defaults.startsNear && <input type="hidden" name="partout" value="1" />}
          <Listbox
            label="Trier par"
            name="tri"
            options={sortOptions}
            value={sort}
            onChange={(value) => onDraft({ sort: value as SearchSort })}
          />
          {tab !== 'liste' && <input type="hidden" name="onglet" value={tab} />}
          <div className="flex flex-wrap items-center gap-4">
            <Button type="submit" loading={loading}>
              Rechercher
            </Button>
            <a
              href={ROUTES.searchCompanies}
              className="link"
              onClick={(event) => {
                event.preventDefault();
                onReset();
              }}
            >
              Effacer les filtres
            </a>
          </div>
        </form>
      </details>
    </search>
  );
}
