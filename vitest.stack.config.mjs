// `npm run test:stack` (apps/server/src/stack.stack-test.ts): two built instances behind nginx.
// Kept out of `vitest run` (vitest.config.ts includes *.test.ts only): it needs nginx, PostgreSQL
// and Redis on this machine and starts real processes.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'stack',
    root: './apps/server',
    include: ['src/**/*.stack-test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 180_000,
    fileParallelism: false,
  },
});
