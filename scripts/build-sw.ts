import { generateSW } from 'workbox-build';

/**
 * Builds /sw.js into the client output (dist/client by default). Only the stylesheets, the logo and the
 * manifest are precached: precaching every island's script would make each first visit download all of
 * them. Scripts and other hashed assets are cached the first time a page uses them (they never change
 * under one name); pages are fetched network-first so they are fresh online and still open offline. The
 * new worker takes control at once, and public/sw-register.js reloads the page when that happens.
 */
const clientDir = process.argv[2] ?? 'dist/client';
const { count, size, warnings } = await generateSW({
  globDirectory: clientDir,
  globPatterns: ['assets/**/*.css', 'logo.svg', 'manifest.webmanifest'],
  swDest: `${clientDir}/sw.js`,
  mode: 'production',
  sourcemap: false,
  inlineWorkboxRuntime: true,
  skipWaiting: true,
  clientsClaim: true,
  cleanupOutdatedCaches: true,
  runtimeCaching: [
    {
      urlPattern: ({ url }) => url.pathname.startsWith('/assets/'),
      handler: 'CacheFirst',
      options: { cacheName: 'assets', expiration: { maxEntries: 200 } },
    },
    {
      urlPattern: ({ request }) => request.mode === 'navigate',
      handler: 'NetworkFirst',
      options: {
        cacheName: 'pages',
        networkTimeoutSeconds: 4,
        expiration: { maxEntries: 50 },
        cacheableResponse: { statuses: [200] },
      },
    },
  ],
});
for (const warning of warnings) console.warn(warning);
console.log(`sw.js : ${count} fichiers précachés (${Math.round(size / 1024)} Ko)`);
