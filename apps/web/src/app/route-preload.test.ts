import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { preloadScript, routePreloads } from '../../build/route-preload.ts';
import { LAYOUT_ROUTES } from './routes.ts';

describe('index.html route preloads (issue 30, vite.config.ts)', () => {
  it("reads every screen of app/router.tsx's table, by path", () => {
    const screens = routePreloads(readFileSync(join(import.meta.dirname, 'router.tsx'), 'utf8'), LAYOUT_ROUTES);
    expect(screens['/talk']).toBe('src/features/chat/ChatPage.tsx');
    expect(screens['/draw']).toBe('src/features/draw/DrawPage.tsx');
    expect(screens['/market']).toBe('src/features/draw/MarketPage.tsx');
    // Routes without a screen (ComingSoon) have nothing to preload.
    expect(screens['/role']).toBeUndefined();
  });

  it('preloads the screen and its static imports that the entry does not already load; / is /talk', () => {
    const chunks = [
      { fileName: 'assets/index.js', imports: ['assets/runtime.js', 'assets/common.js'] },
      { fileName: 'assets/runtime.js', imports: [] },
      { fileName: 'assets/common.js', imports: [] },
      { fileName: 'assets/ChatPage.js', imports: ['assets/index.js', 'assets/history.js'], facadeModuleId: '/repo/apps/web/src/features/chat/ChatPage.tsx' },
      { fileName: 'assets/history.js', imports: ['assets/common.js', 'assets/store.js'] },
      { fileName: 'assets/store.js', imports: [] },
      { fileName: 'assets/DrawPage.js', imports: ['assets/store.js'], facadeModuleId: '/repo/apps/web/src/features/draw/DrawPage.tsx' },
    ];
    const script = preloadScript(chunks, 'assets/index.js', { '/talk': 'src/features/chat/ChatPage.tsx', '/draw': 'src/features/draw/DrawPage.tsx' });
    const added = (pathname: string) => {
      const hrefs: string[] = [];
      const document = { createElement: () => ({}) as { href?: string }, head: { appendChild: (e: { href: string; rel: string }) => hrefs.push(`${e.rel} ${e.href}`) } };
      new Function('location', 'document', script)({ pathname }, document);
      return hrefs;
    };
    expect(added('/talk')).toEqual(['modulepreload /assets/ChatPage.js', 'modulepreload /assets/history.js', 'modulepreload /assets/store.js']);
    expect(added('/draw/')).toEqual(['modulepreload /assets/DrawPage.js', 'modulepreload /assets/store.js']);
    expect(added('/')).toEqual(added('/talk'));
    expect(added('/admin')).toEqual([]);
  });
});
