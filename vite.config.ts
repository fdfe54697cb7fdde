import { fileURLToPath } from 'node:url';
import { cloudflare } from '@cloudflare/vite-plugin';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import vike from 'vike/plugin';
import { defineConfig, type Plugin } from 'vite';

/**
 * One build for both targets: `CLOUDFLARE=1` adds the Workers plugin and writes to `dist-cloudflare/`,
 * so that it never overwrites the Node build in `dist/` (docs/decisions/0005-cloudflare-workers.md).
 */
const cloudflareBuild = Boolean(process.env.CLOUDFLARE);
/**
 * The Worker renders pages to strings (vike-react's `stream` is off) and e-mails to static markup: React's
 * string renderer is all it needs. `react-dom/server.edge` would also carry the streaming renderer
 * (293 KiB raw, about 55 KiB gzipped) that nothing calls (decision 0066).
 */
const reactStringRenderer = fileURLToPath(
  new URL(
    `./node_modules/react-dom/cjs/react-dom-server-legacy.browser.${process.env.NODE_ENV && process.env.NODE_ENV !== 'production' ? 'development' : 'production'}.js`,
    import.meta.url,
  ),
);

const BROWSER_ONLY = '\0browser-only-chunk';

/**
 * Leaves out of the server bundles (Node and Worker) the chunks islands load with `import()` from an
 * effect: the LiveKit room, Leaflet and its clusters, react-dom/client (1.8 MB before gzip). A server
 * render (renderToString) never awaits, so such an import can never take part in one; on the server it
 * resolves to a module that throws, and the Worker stays within its size limit (docs/decisions/0025).
 */
function browserOnlyChunks(): Plugin {
  return {
    name: 'passerelle:browser-only-chunks',
    apply: 'build',
    applyToEnvironment: (environment) => environment.config.consumer === 'server',
    resolveDynamicImport(specifier, importer) {
      return typeof specifier === 'string' && importer?.includes('/islands/') ? BROWSER_ONLY : null;
    },
    load(id) {
      return id === BROWSER_ONLY ? 'throw new Error("Browser-only module, not in the server build")' : null;
    },
  };
}

export default defineConfig({
  plugins: [
    vike(),
    react(),
    tailwindcss(),
    browserOnlyChunks(),
    ...(cloudflareBuild ? [cloudflare({ viteEnvironment: { name: 'ssr' }, inspectorPort: false })] : []),
  ],
  resolve: {
    dedupe: ['react', 'react-dom'],
    // The offline geocoder's commune data (tens of MB), nodemailer (TCP sockets) and the uploads folder (no
    // lasting disk) cannot ship in a Worker.
    alias: cloudflareBuild
      ? [
          {
            find: /^nodemailer$/,
            replacement: fileURLToPath(
              new URL('./server/ports/mail/nodemailer-unavailable.ts', import.meta.url),
            ),
          },
          {
            find: /^\.\/offline\.ts$/,
            replacement: fileURLToPath(
              new URL('./server/ports/geocoding/offline-unavailable.ts', import.meta.url),
            ),
          },
          {
            find: /^\.\/file-connections\.ts$/,
            replacement: fileURLToPath(new URL('./db/file-connections-unavailable.ts', import.meta.url)),
          },
          {
            find: /^react-dom\/server(\.edge)?$/,
            replacement: fileURLToPath(new URL('./server/main/react-dom-server-worker.ts', import.meta.url)),
          },
          { find: /^react-dom-string-renderer$/, replacement: reactStringRenderer },
          {
            find: /^\.\/node-scheduler\.ts$/,
            replacement: fileURLToPath(
              new URL('./server/main/node-scheduler-unavailable.ts', import.meta.url),
            ),
          },
          {
            find: /^\.\/in-process\.ts$/,
            replacement: fileURLToPath(
              new URL('./server/ports/pdf/in-process-unavailable.ts', import.meta.url),
            ),
          },
          {
            find: /^\.\/photon\.ts$/,
            replacement: fileURLToPath(
              new URL('./server/ports/pictures/photon-unavailable.ts', import.meta.url),
            ),
          },
          {
            find: /^\.\/folder-store\.ts$/,
            replacement: fileURLToPath(
              new URL('./server/ports/files/folder-unavailable.ts', import.meta.url),
            ),
          },
        ]
      : [],
  },
  build: { target: 'es2022', ...(cloudflareBuild ? { outDir: 'dist-cloudflare' } : {}) },
});
