/**
 * The query of /search-companies as `searchFromUrl` reads it. The island writes it that way already; the
 * filters form sent without JavaScript names it otherwise: one field per ticked box (`secteurs=a&secteurs=b`),
 * the address field's hidden inputs (`lieu[lat]`…), and a ticked box's `on`.
 */
export function searchParamsOf(searchAll: Record<string, string[]>): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, values] of Object.entries(searchAll)) {
    if (key.startsWith('lieu[')) continue;
    const joined = values.filter((value) => value !== '').join(',');
    if (joined) params.set(key, joined);
  }
  const first = (key: string) => searchAll[key]?.find((value) => value !== '');
  const lat = first('lieu[lat]');
  const lng = first('lieu[lng]');
  if (lat && lng && !params.has('lat')) {
    params.set('lat', lat);
    params.set('lng', lng);
    const label = first('lieu[label]');
    if (label) params.set('lieu', label);
  }
  if (params.get('dispo') === 'on') params.set('dispo', '1');
  return params;
}
