import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: a single one on a 2-core CI machine, idle
    // while a test waits on a child process, a fake server or a timer.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        test: {
          name: 'shared',
          root: './packages/shared',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          root: './apps/server',
          include: ['src/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // One migrated, seeded embedded database per run, copied by every test app.
          globalSetup: ['./src/testing/pglite-template.ts'],
        },
      },
      './apps/web/vitest.config.ts',
      {
        test: {
          name: 'lint',
          root: './lint',
          include: ['*.test.js'],
          environment: 'node',
        },
      },
    ],
  },
});
