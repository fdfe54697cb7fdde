import { fileURLToPath } from 'node:url';
import { cloudflare } from '@cloudflare/vite-plugin';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import vike from 'vike/plugin';
import { defineConfig } from 'vite';

/**
 * One build for both targets: `CLOUDFLARE=1` adds the Workers plugin and writes to `dist-cloudflare/`,
 * so that it never overwrites the Node build in `dist/` (docs/decisions/0005-cloudflare-workers.md).
 */
const cloudflareBuild = Boolean(process.env.CLOUDFLARE);

export default defineConfig({
  plugins: [
    vike(),
    react(),
    tailwindcss(),
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
