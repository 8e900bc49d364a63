import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { cssColorFallbacks } from './build/css-color-fallbacks.ts';
import { routePreload } from './build/route-preload.ts';
import { cssSplit } from './build/css-split.ts';

const API = 'http://127.0.0.1:3000';
// Calls outside /api that SPEC §7.2 names, and the locally stored pictures; the dev server forwards them to the API.
export const apiPaths = ['/api', '/user/', '/balance/', '/group/', '/chatlog/', '/chatgpt/', '/midjourney/', '/uploads/', '/app/', '/order/', '/signin/', '/official/', '/artifact-frame'];

/**
 * Issue 30: the app renders with Preact through preact/compat (React 19's API: `ref` as a prop,
 * useId, useSyncExternalStore, createPortal, createRoot), about 45 KiB (brotli) less than
 * react-dom in every first load. Every import of react / react-dom, ours and the libraries'
 * (react-query, radix-ui, sonner, zustand …), resolves here. The web
 * unit tests (vitest.config.ts) use the same aliases, so what is tested is what ships.
 */
export const preactAliases = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  { find: /^scheduler$/, replacement: 'preact/compat/scheduler' },
  // react-i18next's shim for React < 18 (CommonJS, requiring react itself): compat has the hook.
  { find: /^use-sync-external-store\/shim(\/index\.js)?$/, replacement: 'preact/compat' },
];

const split = cssSplit();

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react(), tailwindcss(), cssColorFallbacks(), split, routePreload()],
  resolve: { alias: preactAliases },
  server: {
    port: 5173,
    proxy: Object.fromEntries(apiPaths.map((p) => [p, { target: API, changeOrigin: false }])),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2020',
    chunkSizeWarningLimit: 600,
    // Every dynamic import outside the first load waits for the full stylesheet (build/css-split.ts).
    modulePreload: { resolveDependencies: split.lazyDependencies },
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
            // The drawing screens' common parts (form, result grid, its skeleton, the size limits) in one
            // file rather than four of 0.2–6 KiB, each a request before /draw's first paint.
            { name: 'draw-kit', test: /[\\/]src[\\/]features[\\/]draw[\\/](?!\w+Page\.tsx$)(?!.*\.(en-US|zh-TW)\.ts$)|draw-limits/, priority: -1, includeDependenciesRecursively: false },
            // Icons and small helpers shared by several screens, grouped by the screens using them and
            // merged when small: not one 200-byte request per icon. Not the payment parts: the group
            // takes a module's dependencies too, and a merge put qrcode.react (7 KiB) into /talk's first load.
            { name: 'shared', test: /lucide-react|[\\/]src[\\/](components|lib)[\\/](?!pay[\\/])/, minShareCount: 2, entriesAware: true, entriesAwareMergeThreshold: 6 * 1024, priority: -2 },
          ],
        },
      },
    },
  },
});
