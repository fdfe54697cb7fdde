import { THEME_COLOR } from '../common/constants.ts';

/** On every page: the manifest, the icons and the service-worker registration, the only script an HTML-only page has. */
export function Head() {
  return (
    <>
      <meta name="theme-color" content={THEME_COLOR} />
      <link rel="icon" href="/logo.svg" type="image/svg+xml" />
      <link rel="icon" href="/icons/icon-192.png" type="image/png" sizes="192x192" />
      <link rel="apple-touch-icon" href="/icons/apple-touch-icon.png" />
      <link rel="manifest" href="/manifest.webmanifest" />
      <script src="/sw-register.js" defer />
    </>
  );
}
