import { test, expect } from '@playwright/test';
import { join } from 'node:path';
import { BUDGET, describe, kib, MAIN_ROUTES, readManifest, routeGraph } from '../bench/lib/first-load-graph.ts';

/**
 * The byte budget of issue 30, checked on the build `npm run test:e2e` makes: each main route's
 * first-load graph (index.html's chunks and their static imports, the route's screen chunk and
 * its static imports, their CSS; brotli bytes, from the Vite manifest) stays under its ceiling.
 * Bytes, not timings: the same build always gives the same figures. A failure lists every file of
 * the route, largest first, so the chunk that grew is named. The browser-measured figures (bytes
 * before LCP) are bench/lcp-bytes.ts's; bench/first-load.ts prints these.
 *
 * The ceilings are issue 30's goals: /talk's JS 120 KiB, every other route's 150 KiB, the CSS
 * 12 KiB, and at most 20 requests (the document and the graph's files). The CSS counted is what
 * the browser waits for before the first paint: the base sheet index.html links
 * (apps/web/build/css-split.ts), not the full sheet that follows once the first screen is idle.
 */
const CSS_CEILING = BUDGET.css;
const MAX_REQUESTS = 20;
const CEILING: Record<string, { js: number; css: number }> = {
  '/talk': { js: BUDGET.talkJs, css: CSS_CEILING },
  '/draw': { js: BUDGET.otherJs, css: CSS_CEILING },
  '/mind': { js: BUDGET.otherJs, css: CSS_CEILING },
  '/aippt': { js: BUDGET.otherJs, css: CSS_CEILING },
  '/market': { js: BUDGET.otherJs, css: CSS_CEILING },
  '/article': { js: BUDGET.otherJs, css: CSS_CEILING },
  '/translate': { js: BUDGET.otherJs, css: CSS_CEILING },
};

const dist = join(import.meta.dirname, '../apps/web/dist');

test.describe('first-load byte budget', () => {
  test.skip(({ isMobile }) => isMobile, 'bytes do not depend on the viewport: checked once, on desktop');

  for (const route of Object.keys(MAIN_ROUTES)) {
    test(`${route} stays within its first-load ceiling`, () => {
      const g = routeGraph(dist, readManifest(dist), route);
      const ceiling = CEILING[route]!;
      const detail = `${route}: JS ${kib(g.jsBytes)} (ceiling ${kib(ceiling.js)}, goal ${kib(route === '/talk' ? BUDGET.talkJs : BUDGET.otherJs)}), CSS ${kib(g.cssBytes)} (ceiling ${kib(ceiling.css)}, goal ${kib(BUDGET.css)})\n${describe([...g.js, ...g.css])}`;
      expect(g.jsBytes, detail).toBeLessThanOrEqual(ceiling.js);
      expect(g.cssBytes, detail).toBeLessThanOrEqual(ceiling.css);
      // +1: the document itself.
      expect(g.js.length + g.css.length + 1, `${route}: requests in the first load\n${detail}`).toBeLessThanOrEqual(MAX_REQUESTS);
    });
  }

  test('what no first screen draws is in no first load', () => {
    const manifest = readManifest(dist);
    // The admin console, the other languages, the markdown/KaTeX/highlight/mermaid renderers, Radix (closed dialogs), the toaster.
    const lazy = /^src\/features\/admin\/AdminApp\.tsx$|^_locale-(en-US|zh-TW)-|^src\/components\/markdown\/(renderer|math|highlight)\.tsx?$|^_katex-|mermaid\.core\.mjs$|^src\/components\/(ModalDialog|DrawerPanel)\.tsx$|sonner\/dist\/index\.mjs$/;
    const files = new Map(Object.entries(manifest).filter(([key]) => lazy.test(key)).map(([key, chunk]) => [chunk.file, key]));
    expect(new Set(files.values()).size, 'the lazy modules this test names are still in the build').toBeGreaterThanOrEqual(8);
    for (const route of Object.keys(MAIN_ROUTES)) {
      const loaded = routeGraph(dist, manifest, route).js.filter((f) => files.has(f.file)).map((f) => files.get(f.file));
      expect(loaded, route).toEqual([]);
    }
  });
});
