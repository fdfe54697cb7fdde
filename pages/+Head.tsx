import { usePageContext } from 'vike-react/usePageContext';
import { THEME_COLOR } from '../common/constants.ts';
import { shipsScripts } from './layout/abort-reasons.ts';

/**
 * On every page: the manifest, the icons and the service-worker registration, the only script an HTML-only
 * page has — but on a page configured `scripts: false`, which has none.
 */
export function Head() {
  const scripts = shipsScripts(usePageContext());
  return (
    <>
      <meta name="theme-color" content={THEME_COLOR} />
      <link rel="icon" href="/logo.svg" type="image/svg+xml" />
      <link rel="icon" href="/icons/icon-192.png" type="image/png" sizes="192x192" />
      <link rel="apple-touch-icon" href="/icons/apple-touch-icon.png" />
      <link rel="manifest" href="/manifest.webmanifest" />
      {scripts && <script src="/sw-register.js" defer />}
    </>
  );
}
