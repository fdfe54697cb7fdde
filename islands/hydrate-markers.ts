import './no-eval.ts';
import { createElement } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { ISLANDS, type IslandName } from './registry.ts';

/** The islands' hydration proper, once the page is known to have some (hydrate.ts). */
export async function hydrateMarkers(markers: HTMLElement[]): Promise<void> {
  await Promise.all(
    markers.map(async (marker) => {
      const name = marker.dataset.island as IslandName;
      const load = ISLANDS[name];
      if (!load) throw new Error(`Unknown island ${name}`);
      const propsScript = marker.nextElementSibling;
      const props = propsScript?.matches('script[data-island-props]')
        ? JSON.parse(propsScript.textContent || '{}')
        : {};
      const Component = await load();
      hydrateRoot(marker, createElement(Component, props), { identifierPrefix: marker.dataset.islandPrefix });
      // Lets tests (and anyone curious) know when the island answers to input.
      marker.dataset.hydrated = 'true';
    }),
  );
}
