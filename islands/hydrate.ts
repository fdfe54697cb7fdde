/**
 * Hydrates each island of the page with the props serialized beside it; the rest of the page stays HTML.
 * Everything else (React, zod's setting, the islands' registry) loads only when the page has an island: a page
 * that places none for this reader (the company page for a visitor) ships this file alone (issue 22).
 */
export async function hydrateIslands(root: ParentNode = document): Promise<void> {
  const markers = [...root.querySelectorAll<HTMLElement>('[data-island]')];
  if (markers.length === 0) return;
  const { hydrateMarkers } = await import('./hydrate-markers.ts');
  await hydrateMarkers(markers);
}
