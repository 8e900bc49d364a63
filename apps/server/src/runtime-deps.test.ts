// Every npm package the server bundle loads at run time is a dependency (not a devDependency) of
// apps/server or the root, so `npm ci --omit=dev` yields a server that starts and does its work.
// The bundle is built in memory with the options scripts/build.mjs uses; its external imports
// (static and dynamic) are what ships, and test files, fakes and type-only imports are not in it.
// Packages reached through `require(...)`, `require.resolve(...)` and `import.meta.resolve(...)`
// are found in the bundle's text.
import { builtinModules } from 'node:module';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { serverBundleOptions } from '../../../scripts/server-bundle.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '../../..');
const BUILTINS = new Set(builtinModules);
// Resolved only when the server runs from source (core/child-entry.ts runs a .ts child through tsx).
const SOURCE_ONLY = new Set(['tsx']);

type Manifest = { dependencies?: Record<string, string>; devDependencies?: Record<string, string> };
const manifest = (path: string): Manifest => JSON.parse(readFileSync(join(root, path), 'utf8')) as Manifest;

/** The package a bare specifier names: `@scope/name/sub` → `@scope/name`, `name/sub` → `name`. */
function packageOf(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}

const isBare = (s: string) => !s.startsWith('.') && !s.startsWith('/') && !s.startsWith('node:') && !BUILTINS.has(s) && !BUILTINS.has(packageOf(s));

let bundled: Promise<{ packages: Set<string>; sources: string[] }> | undefined;
const bundle = () => (bundled ??= bundleImports());
const runtimePackages = async () => (await bundle()).packages;

async function bundleImports(): Promise<{ packages: Set<string>; sources: string[] }> {
  const result = await build({ ...serverBundleOptions(root), write: false, metafile: true, sourcemap: false, logLevel: 'silent' });
  const found = new Set<string>();
  for (const input of Object.values(result.metafile.inputs)) {
    for (const imp of input.imports) if (imp.external && isBare(imp.path)) found.add(packageOf(imp.path));
  }
  const calls = /\b(?:require|require\.resolve|import\.meta\.resolve)\(\s*["']([^"']+)["']\s*\)/g;
  for (const file of result.outputFiles) {
    for (const m of file.text.matchAll(calls)) if (isBare(m[1]!)) found.add(packageOf(m[1]!));
  }
  return { packages: found, sources: Object.keys(result.metafile.inputs).filter((f) => !f.includes('node_modules/')) };
}

/** The packages a production install provides: our dependencies and, hoisted, theirs. */
function productionPackages(): { direct: Set<string>; transitive: Set<string> } {
  const direct = new Set([...Object.keys(manifest('apps/server/package.json').dependencies ?? {}), ...Object.keys(manifest('package.json').dependencies ?? {})]);
  const transitive = new Set<string>();
  for (const name of direct) {
    if (name.startsWith('@app/')) continue;
    for (const dep of Object.keys(manifest(`node_modules/${name}/package.json`).dependencies ?? {})) transitive.add(dep);
  }
  return { direct, transitive };
}

describe('run-time dependencies', () => {
  it('names the package of a specifier', () => {
    expect(packageOf('docx')).toBe('docx');
    expect(packageOf('drizzle-orm/pglite')).toBe('drizzle-orm');
    expect(packageOf('@node-rs/jieba/dict')).toBe('@node-rs/jieba');
  });

  it('every package the server bundle loads is a production dependency', async () => {
    const used = await runtimePackages();
    // The bundle is real: it loads the database driver and the web framework.
    expect(used).toContain('fastify');
    expect(used).toContain('drizzle-orm');
    const { direct, transitive } = productionPackages();
    const missing = [...used].filter((p) => !SOURCE_ONLY.has(p) && !direct.has(p) && !transitive.has(p)).sort();
    expect(missing, 'imported at run time but not in apps/server/package.json dependencies').toEqual([]);
  });

  it('ships none of the test code: no test file, fake, testing/ helper or test kit is in the bundle', async () => {
    const { sources } = await bundle();
    expect(sources.some((f) => f.endsWith('apps/server/src/main.ts'))).toBe(true);
    expect(sources.filter((f) => /\.test\.ts$|\/testing\/|test-kit\.ts$|\/fake-[^/]+$/.test(f))).toEqual([]);
  });

  it('no run-time package is also listed as a devDependency (one place says where it belongs)', async () => {
    const used = await runtimePackages();
    const dev = new Set([...Object.keys(manifest('apps/server/package.json').devDependencies ?? {}), ...Object.keys(manifest('package.json').devDependencies ?? {})]);
    expect([...used].filter((p) => dev.has(p) && !SOURCE_ONLY.has(p)).sort()).toEqual([]);
  });
});
