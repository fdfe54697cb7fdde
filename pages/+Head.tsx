/** On every page: the manifest and the service-worker registration, the only script an HTML-only page has. */
export function Head() {
  return (
    <>
      <meta name="theme-color" content="#3b1f8f" />
      <link rel="icon" href="/logo.svg" type="image/svg+xml" />
      <link rel="manifest" href="/manifest.webmanifest" />
      <script src="/sw-register.js" defer />
    </>
  );
}
