import './no-eval.ts';
import { createElement, type ReactNode, useEffect } from 'react';
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
      const island = createElement(Component, props);
      const giveBack = typedBefore(marker);
      hydrateRoot(marker, giveBack ? createElement(Hydrated, { onHydrated: giveBack, island }) : island, {
        identifierPrefix: marker.dataset.islandPrefix,
      });
      // Lets tests (and anyone curious) know when the island answers to input.
      marker.dataset.hydrated = 'true';
    }),
  );
}

/**
 * Runs `onHydrated` once the island's hydration is committed, in a task of its own: outside React's work,
 * each field given back is rendered before the next, as when typed (a form that sets its state from the
 * values it rendered would otherwise keep the last field only).
 */
function Hydrated({ onHydrated, island }: { onHydrated: () => void; island: ReactNode }) {
  useEffect(() => {
    const task = setTimeout(onHydrated);
    return () => clearTimeout(task);
  }, [onHydrated]);
  return island;
}

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/**
 * What a person typed or chose in the island's fields before its script came (a slow school network, an
 * old phone): hydration sets each field back to the island's state, so it is read now and given back
 * once hydrated, as the input the island's state takes in. Null when nothing was touched.
 */
function typedBefore(marker: HTMLElement): (() => void) | null {
  const touched = [...marker.querySelectorAll<Field>('input, textarea, select')].filter(changedByHand);
  if (touched.length === 0) return null;
  const kept = touched.map((field) => ({
    field,
    value: field.value,
    checked: field instanceof HTMLInputElement ? field.checked : false,
  }));
  return () => {
    for (const { field, value, checked } of kept) {
      // React tracks the last value it knows of each field, read from the page at hydration: the field is
      // first set to another value through that tracking, then given its own back as input it did not set.
      if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')) {
        if (field.type === 'radio' && !checked) continue;
        field.checked = !checked;
        field.click();
        continue;
      }
      if (!(field instanceof HTMLSelectElement)) field.value = value === '' ? ' ' : '';
      Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set?.call(field, value);
      field.dispatchEvent(
        new Event(field instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }),
      );
    }
  };
}

function changedByHand(field: Field): boolean {
  if (field instanceof HTMLSelectElement)
    return [...field.options].some((o) => o.selected !== o.defaultSelected);
  if (field instanceof HTMLTextAreaElement) return field.value !== field.defaultValue;
  if (['hidden', 'file', 'submit', 'button', 'reset', 'image'].includes(field.type)) return false;
  if (field.type === 'checkbox' || field.type === 'radio') return field.checked !== field.defaultChecked;
  return field.value !== field.defaultValue;
}
