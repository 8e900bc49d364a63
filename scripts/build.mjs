// `npm run build`: the web app (Vite) and the server bundle (esbuild), each only when its inputs
// changed since its last build. A build's inputs are fingerprinted by path, size and mtime of
// every source file (a cheap stat walk, no reading); the fingerprint is kept beside the output.
// `node scripts/build.mjs --force` rebuilds both; `... web` or `... server` builds one.
//
// The server bundle: apps/server/dist/main.js (the server) and parse-process.js (the document
// parse child that modules/document/isolated-parse.ts spawns), ESM for Node 20. Only our own
// code is bundled (apps/server/src and @app/shared); every npm package stays an import resolved
// from node_modules at run time, so native and WASM packages (PGlite, @napi-rs/canvas,
// @node-rs/*, tesseract.js, unpdf, ...) load exactly as they do from source. The SQL migrations
// that db/migrate.ts reads beside itself are copied to dist/migrations. The bundle is not
// minified (stack traces stay readable); source maps are written beside it for
// `NODE_OPTIONS=--enable-source-maps`, which is off by default (it costs 20-50 MB of RSS).
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serverBundleOptions } from './server-bundle.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const force = args.includes('--force');
const only = args.filter((a) => !a.startsWith('--'));
const SKIP_DIRS = new Set(['node_modules', 'dist', '.tmp', 'data', 'test-results']);

/** A fingerprint of the files under `paths` (files or directories). */
function fingerprint(paths) {
  const hash = createHash('sha256');
  const walk = (p) => {
    if (!existsSync(p)) return;
    const st = statSync(p);
    if (st.isDirectory()) {
      for (const name of readdirSync(p).sort()) if (!SKIP_DIRS.has(name)) walk(join(p, name));
    } else hash.update(`${relative(root, p)}\0${st.size}\0${st.mtimeMs}\n`);
  };
  for (const p of paths) walk(join(root, p));
  return hash.digest('hex');
}

/** Runs `build` unless the stamp in `stampFile` matches the inputs; returns whether it built. */
async function step(name, inputs, stampFile, build) {
  if (only.length && !only.includes(name)) return;
  const stamp = join(root, stampFile);
  const print = fingerprint(inputs);
  if (!force && existsSync(stamp) && readFileSync(stamp, 'utf8') === print) {
    console.log(`build: ${name} is up to date`);
    return;
  }
  const t0 = performance.now();
  await build();
  mkdirSync(dirname(stamp), { recursive: true });
  writeFileSync(stamp, print);
  console.log(`build: ${name} built in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
}

const common = ['packages/shared/src', 'packages/shared/package.json', 'package-lock.json'];

await step(
  'web',
  ['apps/web/src', 'apps/web/public', 'apps/web/index.html', 'apps/web/vite.config.ts', 'apps/web/build', 'apps/web/package.json', 'scripts/precompress.mjs', ...common],
  'apps/web/dist/.build-stamp',
  () => {
    const r = spawnSync('npm', ['run', 'build', '-w', '@app/web'], { cwd: root, stdio: 'inherit' });
    if (r.status !== 0) throw new Error(`web build failed (${r.status ?? r.signal})`);
  },
);

await step('server', ['apps/server/src', 'apps/server/package.json', 'scripts/build.mjs', 'scripts/server-bundle.mjs', ...common], 'apps/server/dist/.build-stamp', async () => {
  const { build } = await import('esbuild');
  const src = join(root, 'apps/server/src');
  const out = join(root, 'apps/server/dist');
  rmSync(out, { recursive: true, force: true });
  await build(serverBundleOptions(root));
  cpSync(join(src, 'db/migrations'), join(out, 'migrations'), { recursive: true, filter: (f) => !f.includes(`${join('migrations', 'meta')}`) });
});
