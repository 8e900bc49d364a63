import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

const API = 'http://127.0.0.1:3000';
// Calls outside /api that SPEC §7.2 names, and the locally stored pictures; the dev server forwards them to the API.
export const apiPaths = ['/api', '/user/', '/balance/', '/group/', '/chatlog/', '/chatgpt/', '/midjourney/', '/uploads/', '/app/', '/order/', '/signin/', '/official/', '/artifact-frame'];

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react(), tailwindcss()],
  server: {
    port: 5173,
    proxy: Object.fromEntries(apiPaths.map((p) => [p, { target: API, changeOrigin: false }])),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2020',
    chunkSizeWarningLimit: 600,
    // dist/.vite/manifest.json: the chunk graph the byte budget (e2e/byte-budget.spec.ts) and bench/first-load.ts read.
    manifest: true,
    rolldownOptions: {
      output: {
        // Each language other than zh-CN in one file, downloaded when it is chosen (lib/i18n.ts).
        codeSplitting: {
          groups: [
            { name: 'locale-en-US', test: /\.en-US\.ts$/ },
            { name: 'locale-zh-TW', test: /\.zh-TW\.ts$/ },
            // Everything index.html's script reaches statically in one file, not a dozen small ones
            // each a request before the first paint.
            { name: 'boot', tags: ['$initial'], priority: -1 },
            // Icons and small helpers shared by several screens, grouped by the screens using them and
            // merged when small: not one 200-byte request per icon.
            { name: 'shared', test: /lucide-react|[\\/]src[\\/](components|lib)[\\/]/, minShareCount: 2, entriesAware: true, entriesAwareMergeThreshold: 6 * 1024, priority: -2 },
          ],
        },
      },
    },
  },
});
