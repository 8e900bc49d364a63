import type { ReactNode } from 'react';

/** A route of the app's table: a path (absolute, or relative to its parent's), what it shows, its children. */
export interface RouteObject {
  path?: string;
  /** Shown at its parent's own path. */
  index?: boolean;
  element?: ReactNode;
  children?: RouteObject[];
  /** Anything the app keeps with the route (the router reads a screen's code from it). */
  handle?: unknown;
}

export type Params = Record<string, string | undefined>;

export interface RouteMatch {
  route: RouteObject;
  params: Params;
  /** The part of the path this route matched. */
  pathname: string;
}

interface Branch {
  path: string;
  score: number;
  routes: RouteObject[];
}

const joinPaths = (parent: string, child: string) => (child.startsWith('/') ? child : `${parent.replace(/\/+$/, '')}/${child}`).replace(/\/{2,}/g, '/');

/**
 * How specific a path is, so that the most specific route wins whatever the table's order: a
 * literal segment counts most, then a parameter; a `*` counts against; an index route a little for.
 */
function scoreOf(path: string, index: boolean) {
  const segments = path.split('/');
  let score = segments.length + (segments.includes('*') ? -2 : 0) + (index ? 2 : 0);
  for (const s of segments) if (s !== '*') score += s.startsWith(':') ? 3 : s === '' ? 1 : 10;
  return score;
}

function flatten(routes: RouteObject[], parentPath = '', parents: RouteObject[] = [], out: Branch[] = []) {
  for (const route of routes) {
    const path = route.path === undefined ? parentPath : joinPaths(parentPath || '/', route.path);
    const chain = [...parents, route];
    if (route.children?.length) flatten(route.children, path, chain, out);
    if (route.path !== undefined || route.index) out.push({ path: path || '/', score: scoreOf(path || '/', !!route.index), routes: chain });
  }
  return out;
}

const escape = (s: string) => s.replace(/[.+?^${}()|[\]\\]/g, '\\$&');

/**
 * Matches `pattern` (`/a/:id`, `/admin/*`, `*`) against a pathname, literal segments without regard
 * to case and a trailing slash allowed; `end: false` matches a leading part ending at a segment.
 */
export function matchPath(pattern: string, pathname: string, end = true): { params: Params; pathname: string } | null {
  const names: string[] = [];
  const splat = pattern === '*' || pattern.endsWith('/*');
  const body = pattern.replace(/\/?\*$/, '').replace(/\/+$/, '');
  let source = `^${body
    .split('/')
    .map((s) => (s.startsWith(':') ? (names.push(s.slice(1)), '([^/]+)') : escape(s)))
    .join('/')}`;
  if (splat) {
    names.push('*');
    source += body ? '(?:/(.+)|/*)$' : '/*(.*)$';
  } else source += end ? '/*$' : body ? '(?=/|$)' : '';
  const found = new RegExp(source, 'i').exec(pathname);
  if (!found) return null;
  const params: Params = {};
  names.forEach((name, i) => {
    const raw = found[i + 1];
    if (raw === undefined) return void (params[name] = name === '*' ? '' : undefined);
    try {
      params[name] = decodeURIComponent(raw);
    } catch {
      params[name] = raw;
    }
  });
  const matched = splat ? pathname.slice(0, pathname.length - (found[names.length] ?? '').length).replace(/(.)\/+$/, '$1') : found[0].replace(/(.)\/+$/, '$1');
  return { params, pathname: matched || '/' };
}

/** The routes, root to leaf, that show `location`; null when none does. */
export function matchRoutes(routes: RouteObject[], location: { pathname: string }): RouteMatch[] | null {
  const branches = flatten(routes).sort((a, b) => b.score - a.score);
  for (const branch of branches) {
    const leaf = matchPath(branch.path, location.pathname);
    if (!leaf) continue;
    let parentPath = '';
    return branch.routes.map((route) => {
      if (route.path !== undefined) parentPath = joinPaths(parentPath || '/', route.path);
      const part = route === branch.routes.at(-1) ? leaf : (matchPath(parentPath || '/', location.pathname, false) ?? leaf);
      return { route, params: leaf.params, pathname: part.pathname };
    });
  }
  return null;
}
