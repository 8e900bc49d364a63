/**
 * The address bar's history, and an in-memory one for tests: what the app's router shows and moves.
 * Own code rather than react-router's (issue 30: the router was the largest part of every first
 * load); entries keep their state in `history.state` as `{ usr, key }`, as react-router did, so a
 * reload keeps a location's state.
 */
export type NavigationType = 'POP' | 'PUSH' | 'REPLACE';

export interface Path {
  pathname: string;
  search: string;
  hash: string;
}

export interface Location extends Path {
  state: unknown;
  key: string;
}

/** Where to go: a URL (absolute, or `?query`/`#hash` on the current path) or its parts. */
export type To = string | Partial<Path>;

export interface Navigator {
  readonly action: NavigationType;
  readonly location: Location;
  push(to: To, state?: unknown): void;
  replace(to: To, state?: unknown): void;
  go(delta: number): void;
  /** Calls `listener` after every change of location, pushes and replaces included. */
  listen(listener: (update: { action: NavigationType; location: Location }) => void): () => void;
  createHref(to: To): string;
}

export const createPath = ({ pathname = '/', search = '', hash = '' }: Partial<Path>) =>
  pathname + (search && search !== '?' ? (search.startsWith('?') ? search : `?${search}`) : '') + (hash && hash !== '#' ? (hash.startsWith('#') ? hash : `#${hash}`) : '');

/** Splits a URL into its parts; a relative one resolves against `from`'s path. */
export function resolvePath(to: To, from: Pick<Path, 'pathname'> = { pathname: '/' }): Path {
  if (typeof to !== 'string') {
    const base = resolvePath(to.pathname ?? '', from);
    return { pathname: base.pathname, search: to.search ?? '', hash: to.hash ?? '' };
  }
  const url = new URL(to, `http://localhost${from.pathname.startsWith('/') ? from.pathname : `/${from.pathname}`}`);
  return { pathname: url.pathname, search: url.search, hash: url.hash };
}

const newKey = () => Math.random().toString(36).slice(2, 10);

type Listener = Parameters<Navigator['listen']>[0];

function listeners() {
  const set = new Set<Listener>();
  return {
    add(l: Listener) {
      set.add(l);
      return () => void set.delete(l);
    },
    call(action: NavigationType, location: Location) {
      for (const l of [...set]) l({ action, location });
    },
  };
}

/** The browser's history (window.history and popstate). */
export function createBrowserHistory(win: Window = window): Navigator {
  const read = (): Location => {
    const { pathname, search, hash } = win.location;
    const saved = (win.history.state ?? null) as { usr?: unknown; key?: string } | null;
    return { pathname, search, hash, state: saved?.usr ?? null, key: saved?.key ?? 'default' };
  };
  let action: NavigationType = 'POP';
  let location = read();
  const subscribers = listeners();
  win.addEventListener('popstate', () => {
    action = 'POP';
    location = read();
    subscribers.call(action, location);
  });
  const change = (kind: 'PUSH' | 'REPLACE', to: To, state: unknown) => {
    const next: Location = { ...resolvePath(to, location), state: state ?? null, key: newKey() };
    const href = createPath(next);
    try {
      if (kind === 'PUSH') win.history.pushState({ usr: next.state, key: next.key }, '', href);
      else win.history.replaceState({ usr: next.state, key: next.key }, '', href);
    } catch {
      // Safari's cap on history entries (or a state that cannot be cloned): a full page load instead.
      win.location[kind === 'PUSH' ? 'assign' : 'replace'](href);
      return;
    }
    action = kind;
    location = next;
    subscribers.call(action, location);
  };
  return {
    get action() {
      return action;
    },
    get location() {
      return location;
    },
    push: (to, state) => change('PUSH', to, state),
    replace: (to, state) => change('REPLACE', to, state),
    go: (delta) => win.history.go(delta),
    listen: subscribers.add,
    createHref: (to) => createPath(resolvePath(to, location)),
  };
}

/** A history kept in memory (tests, and anything not in a browser tab). */
export function createMemoryHistory(initialEntries: (string | (Partial<Path> & { state?: unknown }))[] = ['/']): Navigator {
  const entries: Location[] = initialEntries.map((e) => ({ ...resolvePath(e), state: typeof e === 'string' ? null : (e.state ?? null), key: newKey() }));
  if (!entries.length) entries.push({ pathname: '/', search: '', hash: '', state: null, key: newKey() });
  let index = entries.length - 1;
  let action: NavigationType = 'POP';
  const subscribers = listeners();
  const change = (kind: 'PUSH' | 'REPLACE', to: To, state: unknown) => {
    const next: Location = { ...resolvePath(to, entries[index]), state: state ?? null, key: newKey() };
    if (kind === 'PUSH') entries.splice(++index, entries.length, next);
    else entries[index] = next;
    action = kind;
    subscribers.call(action, next);
  };
  return {
    get action() {
      return action;
    },
    get location() {
      return entries[index]!;
    },
    push: (to, state) => change('PUSH', to, state),
    replace: (to, state) => change('REPLACE', to, state),
    go(delta) {
      const next = Math.min(Math.max(index + delta, 0), entries.length - 1);
      if (next === index) return;
      index = next;
      action = 'POP';
      subscribers.call(action, entries[index]!);
    },
    listen: subscribers.add,
    createHref: (to) => createPath(resolvePath(to, entries[index])),
  };
}
