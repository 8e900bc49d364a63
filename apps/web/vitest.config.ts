import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { preactAliases } from './vite.config.ts';

// Their ES module builds, as the browser build takes them: the CommonJS ones (what Node's
// conditions pick) would require the real react / react-dom beside Preact.
const pkg = (name: string, file: string) => join(dirname(createRequire(import.meta.url).resolve(`${name}/package.json`)), file);
const esm = [
  { find: /^@testing-library\/react$/, replacement: pkg('@testing-library/react', 'dist/@testing-library/react.esm.js') },
];

export default defineConfig({
  plugins: [react()],
  // The build's aliases (Preact for react / react-dom): what is tested is what ships.
  resolve: { alias: [...preactAliases, ...esm] },
  test: {
    name: 'web',
    root: import.meta.dirname,
    include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
    environment: 'happy-dom',
    setupFiles: ['./src/test/setup.ts'],
    // Libraries that import react are run through Vite, so the aliases reach their imports too
    // (an external library would load the real react beside Preact).
    server: { deps: { inline: [/[\\/]node_modules[\\/](@testing-library[\\/]react|[^\\/]*react|@radix-ui|radix-ui|@tanstack|sonner|zustand|use-|aria-hidden|qrcode\.react|@floating-ui)/] } },
  },
});
