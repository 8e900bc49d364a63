// The server bundle's esbuild options, shared by scripts/build.mjs (which writes it to
// apps/server/dist) and apps/server/src/runtime-deps.test.ts (which bundles it in memory to list
// the npm packages it imports at run time). Only our own code is bundled (apps/server/src and
// @app/shared); every npm package stays an import resolved from node_modules at run time.
import { join } from 'node:path';

/** @param {string} root the repository root @returns {import('esbuild').BuildOptions} */
export function serverBundleOptions(root) {
  const src = join(root, 'apps/server/src');
  return {
    absWorkingDir: root,
    entryPoints: { main: join(src, 'main.ts'), 'parse-process': join(src, 'modules/document/parse-process.ts'), 'canvas-process': join(src, 'providers/image/canvas-process.ts'), 'thesis-estimate-process': join(src, 'modules/thesis/thesis-estimate-process.ts') },
    outdir: join(root, 'apps/server/dist'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: 'linked',
    logLevel: 'warning',
    plugins: [
      {
        // Every npm package is external except our workspace packages (@app/*), which are TypeScript.
        name: 'external-packages',
        setup(b) {
          b.onResolve({ filter: /^[^./]/ }, (a) => (a.path.startsWith('@app/') || a.path.startsWith('node:') ? undefined : { path: a.path, external: true }));
        },
      },
    ],
  };
}
