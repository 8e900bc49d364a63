import { fileURLToPath } from 'node:url';

/**
 * The node arguments that run a child process's entry `name`, which sits beside the calling module
 * (`fromUrl`, its import.meta.url). From source (tests, `npm run dev`) the caller is a .ts file and
 * the child is `<name>.ts` run through tsx; in the server bundle (apps/server/dist/main.js, see
 * scripts/build.mjs) the child is its own bundle `<name>.js` beside it, run by plain node.
 */
export function childEntryArgs(fromUrl: string, name: string): string[] {
  if (fromUrl.endsWith('.ts')) return ['--import', import.meta.resolve('tsx'), fileURLToPath(new URL(`./${name}.ts`, fromUrl))];
  return [fileURLToPath(new URL(`./${name}.js`, fromUrl))];
}
