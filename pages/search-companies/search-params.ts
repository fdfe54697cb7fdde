import { defaultSearchSort } from '../../common/search.ts';

/**
 * The query of /search-companies as `searchFromUrl` reads it. The island writes it that way already; the
 * filters form sent without JavaScript names it otherwise: one field per ticked box (`secteurs=a&secteurs=b`),
 * the place as typed (`lieu`) beside the address field's hidden inputs of the place it showed (`lieu[lat]`…),
 * and a ticked box's `on`.
 */
export function searchParamsOf(searchAll: Record<string, string[]>): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, values] of Object.entries(searchAll)) {
    if (key.startsWith('lieu[')) continue;
    const joined = values.filter((value) => value !== '').join(',');
    if (joined) params.set(key, joined);
  }
  if (params.get('dispo') === 'on') params.set('dispo', '1');
  if (!('lieu[lat]' in searchAll)) return params;

  const first = (key: string) => searchAll[key]?.find((value) => value !== '')?.trim();
  const shown = { label: first('lieu[label]'), lat: first('lieu[lat]'), lng: first('lieu[lng]') };
  const typed = 'lieu' in searchAll ? first('lieu') : shown.label;
  // The place the form showed, left as it was: its point. Typed anew, `lieu` alone is for the page to find.
  if (typed && typed === shown.label && shown.lat && shown.lng && !params.has('lat')) {
    params.set('lieu', typed);
    params.set('lat', shown.lat);
    params.set('lng', shown.lng);
  }
  // Without a place the sort field shows the next slot first; sent with a place typed there, that was no
  // choice: the place's own order (by distance) applies, as when the island is given a place.
  if (!shown.lat && params.get('tri') === defaultSearchSort(false)) params.delete('tri');
  return params;
}
