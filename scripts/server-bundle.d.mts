// Types of scripts/server-bundle.mjs for the TypeScript that uses it (apps/server/src/runtime-deps.test.ts).
import type { BuildOptions } from 'esbuild';

export function serverBundleOptions(root: string): BuildOptions;
