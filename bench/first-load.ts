import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { BUDGET, describe, jsBudgetOf, kib, MAIN_ROUTES, readManifest, routeGraph } from './lib/first-load-graph.ts';

/**
 * The static first-load graph of each main route (bench/lib/first-load-graph.ts): the brotli bytes
 * of the JS index.html and the route's screen chunk reach through static imports, and of the CSS
 * the first paint waits for (the base sheet index.html links; the full sheet loads later), against
 * issue 30's budget. `npm run build` first; `node --import tsx bench/first-load.ts [webDist]`
 * reads another build. LIST=1 lists the files. Prints figures; the budget itself is checked by
 * e2e/byte-budget.spec.ts.
 */
const dist = resolve(process.argv[2] ?? join(import.meta.dirname, '../apps/web/dist'));
if (!existsSync(join(dist, '.vite/manifest.json'))) {
  console.log(`first load: ${dist}/.vite/manifest.json missing (run npm run build first)`);
  process.exit(0);
}
const manifest = readManifest(dist);
console.log(`# static first-load graph (brotli), ${dist}`);
console.log('route       JS          budget      CSS        files');
for (const route of Object.keys(MAIN_ROUTES)) {
  const g = routeGraph(dist, manifest, route);
  const over = g.jsBytes > jsBudgetOf(route) || g.cssBytes > BUDGET.css ? '  OVER' : '';
  console.log(`${route.padEnd(11)} ${kib(g.jsBytes).padEnd(11)} ${kib(jsBudgetOf(route)).padEnd(11)} ${kib(g.cssBytes).padEnd(10)} ${g.js.length + g.css.length}${over}`);
  if (process.env.LIST) console.log(describe([...g.js, ...g.css]));
}
