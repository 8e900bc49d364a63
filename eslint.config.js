import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { boundaries } from './lint/boundaries.js';
import { importCycles } from './lint/import-cycles.js';

/** The project's own rules (lint/). */
const local = { rules: { boundaries, 'import-cycles': importCycles } };

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', '.tmp/**', 'test-results/**', 'playwright-report/**', '**/migrations/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    // Type-aware rules on every TypeScript file, typed by the tsconfig nearest to it.
    files: ['**/*.{ts,tsx}'],
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['apps/web/vitest.config.ts'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/no-unnecessary-type-assertion': 'error',
    },
  },
  {
    // Import boundaries (lint/boundaries.js): features never import each other; a server module
    // reaches another only through its public.ts; the server's core/, db/ and
    // providers/ never import modules/; the web's components/ and lib/ never import features/ or
    // app/. Tests may reach in to set up state.
    files: [
      'apps/web/src/{features,components,lib}/**/*.{ts,tsx}',
      'apps/server/src/{modules,core,db,providers}/**/*.ts',
    ],
    ignores: ['**/*.test.{ts,tsx}', '**/test-kit.ts'],
    plugins: { local },
    rules: { 'local/boundaries': 'error' },
  },
  {
    // No import cycles among run-time imports (lint/import-cycles.js); type-only imports may go both ways.
    files: ['apps/*/src/**/*.{ts,tsx}', 'packages/*/src/**/*.ts'],
    plugins: { local },
    rules: { 'local/import-cycles': 'error' },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
);
