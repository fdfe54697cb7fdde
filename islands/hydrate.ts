/**
 * Hydrates each island of the page with the props serialized beside it; the rest of the page stays HTML.
 * Everything else (React, zod's setting, the islands' registry) loads only when the page has an island: a page
 * that places none for this reader (the company page for a visitor) ships this file alone (issue 22). An island
 * placed `when="used"` waits until it is first focused or touched (docs/decisions/0094).
 */
export async function hydrateIslands(root: ParentNode = document): Promise<void> {
  const markers = [...root.querySelectorAll<HTMLElement>('[data-island]')];
  for (const marker of markers.filter((marker) => marker.dataset.islandWhen === 'used'))
    hydrateWhenUsed(marker);
  const now = markers.filter((marker) => marker.dataset.islandWhen !== 'used');
  if (now.length > 0) await hydrate(now);
}

async function hydrate(markers: HTMLElement[]): Promise<void> {
  const { hydrateMarkers } = await import('./hydrate-markers.ts');
  await hydrateMarkers(markers);
}

/** The island hydrated at its first focus or touch; what was typed before then is given back. */
function hydrateWhenUsed(marker: HTMLElement) {
  const events = ['focusin', 'pointerdown'] as const;
  const used = () => {
    for (const event of events) marker.removeEventListener(event, used);
    void hydrate([marker]);
  };
  for (const event of events) marker.addEventListener(event, used);
}
