import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';

/**
 * The first-load graph of a route, computed from a build's Vite manifest (dist/.vite/manifest.json):
 * the chunks index.html loads and everything they import statically, plus the route's lazy screen
 * chunk and its static imports (the router fetches it before the screen paints), and the CSS of
 * all of those. Deterministic: file bytes, no browser, no timing.
 *
 * The entry's CSS is the stylesheet index.html links, not the manifest's `css` of the entry chunk:
 * that is the full sheet, which apps/web/build/css-split.ts loads only once the first screen is
 * idle (or a lazy import needs it); before the first paint the browser waits for the base sheet.
 */

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

/** The seven main routes and the screen module each one's lazy route loads (app/router.tsx). */
export const MAIN_ROUTES: Record<string, string> = {
  '/talk': 'src/features/chat/ChatPage.tsx',
  '/draw': 'src/features/draw/DrawPage.tsx',
  '/mind': 'src/features/mind/MindPage.tsx',
  '/aippt': 'src/features/slides/AipptPage.tsx',
  '/market': 'src/features/draw/MarketPage.tsx',
  '/article': 'src/features/thesis/ThesisPage.tsx',
  '/translate': 'src/features/translate/TranslatePage.tsx',
};

/** Issue 30's goals, brotli bytes: /talk's JS, every other route's JS, and the CSS of any route. */
export const BUDGET = { talkJs: 120 * 1024, otherJs: 150 * 1024, css: 12 * 1024 };
export const jsBudgetOf = (route: string) => (route === '/talk' ? BUDGET.talkJs : BUDGET.otherJs);

export function readManifest(dist: string): Manifest {
  const file = join(dist, '.vite/manifest.json');
  if (!existsSync(file)) throw new Error(`${file} missing: build the web app first (vite.config.ts writes the manifest)`);
  return JSON.parse(readFileSync(file, 'utf8')) as Manifest;
}

/**
 * The stylesheets index.html links (render-blocking), dist-relative: the base sheet of
 * build/css-split.ts. Null when the build has no index.html.
 */
export function indexStylesheets(dist: string): string[] | null {
  const file = join(dist, 'index.html');
  if (!existsSync(file)) return null;
  const html = readFileSync(file, 'utf8');
  return [...html.matchAll(/<link\b[^>]*>/g)]
    .map((m) => m[0])
    .filter((tag) => /\brel="stylesheet"/.test(tag))
    .flatMap((tag) => /\bhref="\/([^"]+)"/.exec(tag)?.[1] ?? []);
}

/**
 * The files (dist-relative, e.g. assets/index-x.js) that loading `keys` fetches without a dynamic
 * import. `cssOf` names a chunk's stylesheets (by default the manifest's `css`).
 */
export function staticClosure(manifest: Manifest, keys: string[], cssOf: (key: string, chunk: ManifestChunk) => string[] = (_k, c) => c.css ?? []): string[] {
  const seen = new Set<string>();
  const files = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`manifest has no chunk ${key}`);
    files.add(chunk.file);
    for (const css of cssOf(key, chunk)) files.add(css);
    for (const dep of chunk.imports ?? []) visit(dep);
  };
  for (const k of keys) visit(k);
  return [...files];
}

export function entryKey(manifest: Manifest): string {
  const key = Object.keys(manifest).find((k) => manifest[k]!.isEntry && k.endsWith('index.html'));
  if (!key) throw new Error('manifest has no index.html entry');
  return key;
}

/** Brotli bytes of a built file: its precompressed .br when the build wrote one, else compressed here (quality 11, as scripts/precompress.mjs). */
export function brotliSize(dist: string, file: string): number {
  const br = join(dist, `${file}.br`);
  if (existsSync(br)) return readFileSync(br).length;
  return brotliCompressSync(readFileSync(join(dist, file)), { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
}

export interface FileSize {
  file: string;
  br: number;
}
export interface RouteGraph {
  route: string;
  js: FileSize[];
  css: FileSize[];
  jsBytes: number;
  cssBytes: number;
}

export function routeGraph(dist: string, manifest: Manifest, route: string): RouteGraph {
  const screen = MAIN_ROUTES[route];
  if (!screen) throw new Error(`unknown route ${route}`);
  const entry = entryKey(manifest);
  const linked = indexStylesheets(dist);
  const files = staticClosure(manifest, [entry, screen], (key, chunk) => (key === entry && linked ? linked : (chunk.css ?? [])));
  const sized = files.map((file) => ({ file, br: brotliSize(dist, file) })).sort((a, b) => b.br - a.br);
  const js = sized.filter((f) => f.file.endsWith('.js'));
  const css = sized.filter((f) => f.file.endsWith('.css'));
  const sum = (l: FileSize[]) => l.reduce((n, f) => n + f.br, 0);
  return { route, js, css, jsBytes: sum(js), cssBytes: sum(css) };
}

export const kib = (n: number) => `${(n / 1024).toFixed(1)} KiB`;

/** One line per file, largest first: what a budget failure prints so the grown chunk is named. */
export function describe(files: FileSize[]): string {
  return files.map((f) => `  ${kib(f.br).padStart(10)}  ${f.file}`).join('\n');
}
