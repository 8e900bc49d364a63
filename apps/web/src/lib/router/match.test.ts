import { describe, expect, it } from 'vitest';
import { matchPath, matchRoutes, type RouteObject } from './match.ts';

describe('matchPath', () => {
  it('matches literal segments without regard to case, with or without a trailing slash', () => {
    expect(matchPath('/talk', '/talk')?.pathname).toBe('/talk');
    expect(matchPath('/talk', '/Talk/')?.pathname).toBe('/Talk');
    expect(matchPath('/talk', '/talk-file')).toBeNull();
    expect(matchPath('/talk', '/talk/more')).toBeNull();
  });

  it('decodes parameters and keeps a malformed one as it came', () => {
    expect(matchPath('/s/:token', '/s/a%20b')?.params).toEqual({ token: 'a b' });
    expect(matchPath('/s/:token', '/s/%E0%A4%A')?.params).toEqual({ token: '%E0%A4%A' });
    expect(matchPath('/s/:token', '/s/')).toBeNull();
    expect(matchPath('/s/:token', '/s/a/b')).toBeNull();
  });

  it('a splat takes the rest of the path, or nothing', () => {
    expect(matchPath('/admin/*', '/admin')).toEqual({ params: { '*': '' }, pathname: '/admin' });
    expect(matchPath('/admin/*', '/admin/users/3')).toEqual({ params: { '*': 'users/3' }, pathname: '/admin' });
    expect(matchPath('/admin/*', '/administrator')).toBeNull();
    expect(matchPath('*', '/any/where')?.params).toEqual({ '*': 'any/where' });
  });

  it('without end, matches a leading part that ends at a segment', () => {
    expect(matchPath('/a', '/a/b', false)?.pathname).toBe('/a');
    expect(matchPath('/a', '/ab', false)).toBeNull();
    expect(matchPath('/', '/a/b', false)?.pathname).toBe('/');
  });
});

describe('matchRoutes', () => {
  const leaf = (name: string) => ({ handle: name });
  const table: RouteObject[] = [
    {
      handle: 'root',
      children: [
        { path: '/', handle: 'layout', children: [{ index: true, ...leaf('index') }, { path: '/talk', ...leaf('talk') }, { path: 'draw', ...leaf('draw') }] },
        { path: '/s/:token', ...leaf('shared') },
        { path: '/s/new', ...leaf('new-share') },
        { path: '/admin/*', ...leaf('admin') },
        { path: '*', ...leaf('fallback') },
      ],
    },
  ];
  const names = (pathname: string) => matchRoutes(table, { pathname })?.map((m) => m.route.handle);

  it('gives the chain of routes from the root to the most specific match, whatever the order of the table', () => {
    expect(names('/')).toEqual(['root', 'layout', 'index']);
    expect(names('/talk')).toEqual(['root', 'layout', 'talk']);
    expect(names('/draw')).toEqual(['root', 'layout', 'draw']);
    expect(names('/s/new')).toEqual(['root', 'new-share']);
    expect(names('/s/abc')).toEqual(['root', 'shared']);
    expect(names('/admin/users')).toEqual(['root', 'admin']);
    expect(names('/nothing/here')).toEqual(['root', 'fallback']);
  });

  it("gives every route of the chain the leaf's parameters and its own part of the path", () => {
    const matches = matchRoutes(table, { pathname: '/s/abc' })!;
    expect(matches.map((m) => [m.pathname, m.params])).toEqual([
      ['/', { token: 'abc' }],
      ['/s/abc', { token: 'abc' }],
    ]);
    expect(matchRoutes(table, { pathname: '/talk' })!.map((m) => m.pathname)).toEqual(['/', '/', '/talk']);
  });

  it('is null when nothing matches', () => {
    expect(matchRoutes([{ path: '/a' }], { pathname: '/b' })).toBeNull();
  });
});
