import { type ComponentType, createElement, useId } from 'react';
import { renderToString } from 'react-dom/server';
import type { IslandName } from './registry.ts';

/** JSON inside <script> must not be able to close the element. */
export function serializeProps(props: unknown): string {
  return JSON.stringify(props)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/**
 * Server side of an island: the component rendered to HTML inside a marker, and its props as JSON data
 * (not code, so the Content-Security-Policy needs no inline script). islands/hydrate.ts picks both up.
 * The component is rendered as a root of its own, with its own id prefix, exactly as it will be hydrated:
 * rendered inside the page, its `useId` values would differ from the browser's.
 */
export function Island<P extends object>({
  name,
  component,
  props,
  when,
}: {
  name: IslandName;
  component: ComponentType<P>;
  props: P;
  /**
   * `used`: hydrated once it is first focused or touched, not with the page (islands/hydrate.ts): a field of
   * a light page that brings React only to whoever uses it.
   */
  when?: 'used';
}) {
  const prefix = `i${useId().replace(/[^\w-]/g, '')}-`;
  const html = renderToString(createElement(component, props), { identifierPrefix: prefix });
  return (
    <>
      <div
        data-island={name}
        data-island-prefix={prefix}
        data-island-when={when}
        className="contents"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: React's own server render of the island.
        dangerouslySetInnerHTML={{ __html: html }}
      />
      <script
        type="application/json"
        data-island-props={name}
        // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON whose `<` are escaped by serializeProps.
        dangerouslySetInnerHTML={{ __html: serializeProps(props) }}
      />
    </>
  );
}
