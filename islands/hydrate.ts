import './no-eval.ts';
import { createElement } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { ISLANDS, type IslandName } from './registry.ts';

/** Hydrates each island of the page with the props serialized beside it; the rest of the page stays HTML. */
export async function hydrateIslands(root: ParentNode = document): Promise<void> {
  const markers = [...root.querySelectorAll<HTMLElement>('[data-island]')];
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
