// One shape per server module (DESIGN.md "Shape"): each apps/server/src/modules/<m>/ has a module.ts
// exporting one register<M>(app, ctx, deps), and composition/modules.ts registers every module from
// its one list, and a public.ts: the one file other modules import of <m> (lint/boundaries.js).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = dirname(dirname(new URL(import.meta.url).pathname));
const server = join(root, 'apps/server/src');
const modulesDir = join(server, 'modules');
const names = readdirSync(modulesDir).filter((n) => statSync(join(modulesDir, n)).isDirectory());
const list = readFileSync(join(server, 'composition/modules.ts'), 'utf8');

describe('server modules', () => {
  it('are found', () => expect(names.length).toBeGreaterThan(20));

  it.each(names)('%s has module.ts exporting one register function', (name) => {
    const file = join(modulesDir, name, 'module.ts');
    expect(existsSync(file), `modules/${name}/module.ts`).toBe(true);
    const registers = [...readFileSync(file, 'utf8').matchAll(/^export (?:async )?function (register[A-Z]\w*)\(/gm)].map((m) => m[1]);
    expect(registers, `modules/${name}/module.ts exports`).toHaveLength(1);
    // Registered from the one list, the same way as every other module.
    expect(list).toContain(`from '../modules/${name}/module.ts'`);
    expect(list).toMatch(new RegExp(`name: '${name}', register: ${registers[0]}\\b|provider\\('${name}', ${registers[0]},`));
  });

  it.each(names)('%s has public.ts, the one file other modules import', (name) => {
    const file = join(modulesDir, name, 'public.ts');
    expect(existsSync(file), `modules/${name}/public.ts`).toBe(true);
    const text = readFileSync(file, 'utf8');
    // It says what the module offers to other modules, on its first line, and only re-exports:
    // no imports, no code of its own.
    expect(text, `modules/${name}/public.ts first line`).toMatch(/^(\/\/|\/\*\*).*\bother modules\b/);
    expect(text, `modules/${name}/public.ts re-exports only`).not.toMatch(/^(import\b|export (default|declare|async|function|const|let|var|class|interface|enum|type \w+\s*[=<]))/m);
  });

  it('are wired only through composition/modules.ts: app.ts registers no module or routes of its own', () => {
    const app = readFileSync(join(server, 'app.ts'), 'utf8');
    expect(app).not.toMatch(/^import \{[^}]*\b(register[A-Z]\w*|\w+Routes)\b[^}]*\} from '\.\/modules\//m);
    expect(app).not.toMatch(/\broute\(app,/);
  });
});
