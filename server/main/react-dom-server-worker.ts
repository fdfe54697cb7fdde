// @ts-expect-error: resolved by vite.config.ts to React's own string renderer (Worker build only).
import stringRenderer from 'react-dom-string-renderer';

/**
 * `react-dom/server` in the Worker build (vite.config.ts, decision 0066): React's string renderer alone.
 * Pages render to strings (vike-react's `stream` is off) and e-mails to static markup, so the streaming
 * renderer that `react-dom/server.edge` adds (about 50 KiB gzipped) is left out.
 */
const renderer = stringRenderer as Pick<
  typeof import('react-dom/server'),
  'renderToString' | 'renderToStaticMarkup' | 'version'
>;

export const { renderToString, renderToStaticMarkup, version } = renderer;

/** react-streaming checks at import that a streaming renderer exists; nothing calls it here. */
export function renderToReadableStream(): never {
  throw new Error('No streaming renderer in the Worker build: pages render to strings (decision 0066)');
}

export default { renderToString, renderToStaticMarkup, version, renderToReadableStream };
