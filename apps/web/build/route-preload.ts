import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';
import { LAYOUT_ROUTES } from '../src/app/routes.ts';

/**
 * Issue 30: the route's screen chunk and its static imports start downloading with the entry, not
 * after it has run (the router's lazy route asks for them only then: a second round trip before
 * the first paint). A small inline script in index.html (hashed into the CSP by the server like the
 * theme snippet) adds a modulepreload link for each file the current path's screen needs that the
 * entry does not already load. The screens are read from app/router.tsx's `screens` table.
 */
export function routePreloads(routerSource: string, routes: { name: string; path: string }[]): Record<string, string> {
  const modules: Record<string, string> = {};
  for (const m of routerSource.matchAll(/(\w+): \(\) => import\('\.\.\/([^']+)'\)/g)) modules[m[1]!] = `src/${m[2]!}`;
  const out: Record<string, string> = {};
  for (const r of routes) if (modules[r.name]) out[r.path] = modules[r.name]!;
  return out;
}

interface BuiltChunk {
  fileName: string;
  imports: string[];
  facadeModuleId?: string | null;
}

/** The inline script: path → the files to preload (indexes into one list, so shared files are named once). */
export function preloadScript(chunks: BuiltChunk[], entry: string, screens: Record<string, string>, indexPath = '/talk'): string {
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const closure = (file: string, into = new Set<string>()) => {
    if (into.has(file)) return into;
    into.add(file);
    for (const dep of byFile.get(file)?.imports ?? []) closure(dep, into);
    return into;
  };
  const initial = closure(entry);
  const files: string[] = [];
  const map: Record<string, number[]> = {};
  for (const [path, module] of Object.entries(screens)) {
    const chunk = chunks.find((c) => c.facadeModuleId?.replace(/\\/g, '/').endsWith(`/${module}`));
    if (!chunk) continue;
    map[path] = [...closure(chunk.fileName)]
      .filter((f) => !initial.has(f))
      .map((f) => {
        if (!files.includes(f)) files.push(f);
        return files.indexOf(f);
      });
  }
  if (map[indexPath]) map['/'] = map[indexPath]!;
  return `(function(){var f=${JSON.stringify(files)},l=${JSON.stringify(map)}[location.pathname.replace(/\\/+$/,'')||'/'];if(l)for(var i=0;i<l.length;i++){var e=document.createElement('link');e.rel='modulepreload';e.crossOrigin='';e.href='/'+f[l[i]];document.head.appendChild(e)}})()`;
}

export function routePreload(): Plugin {
  return {
    name: 'route-preload',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        if (!ctx.bundle || !ctx.chunk) return;
        const chunks = Object.values(ctx.bundle).flatMap((c) => (c.type === 'chunk' ? [{ fileName: c.fileName, imports: c.imports, facadeModuleId: c.facadeModuleId }] : []));
        const screens = routePreloads(readFileSync(join(import.meta.dirname, '../src/app/router.tsx'), 'utf8'), LAYOUT_ROUTES);
        return [{ tag: 'script', children: preloadScript(chunks, ctx.chunk.fileName, screens), injectTo: 'head' }];
      },
    },
  };
}
