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
/** Writes a push or a replace where the history keeps its entries; false when it could not. */
type Write = (kind: 'PUSH' | 'REPLACE', next: Location) => boolean;

/** What both histories share: the current location, the listeners, and how a push or replace makes the next location. */
function makeHistory(start: Location, write: Write, go: (delta: number) => void) {
  let action: NavigationType = 'POP';
  let location = start;
  const listeners = new Set<Listener>();
  const show = (kind: NavigationType, next: Location) => {
    action = kind;
    location = next;
    for (const l of [...listeners]) l({ action, location });
  };
  const change = (kind: 'PUSH' | 'REPLACE', to: To, state: unknown) => {
    const next: Location = { ...resolvePath(to, location), state: state ?? null, key: newKey() };
    if (write(kind, next)) show(kind, next);
  };
  const navigator: Navigator = {
    get action() {
      return action;
    },
    get location() {
      return location;
    },
    push: (to, state) => change('PUSH', to, state),
    replace: (to, state) => change('REPLACE', to, state),
    go,
    listen(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
  /** A move back or forward the history made itself (the back button, `go`). */
  const popTo = (next: Location) => show('POP', next);
  return { navigator, popTo };
}

/** The browser's history (window.history and popstate). */
export function createBrowserHistory(win: Window = window): Navigator {
  const read = (): Location => {
    const { pathname, search, hash } = win.location;
    const saved = (win.history.state ?? null) as { usr?: unknown; key?: string } | null;
    return { pathname, search, hash, state: saved?.usr ?? null, key: saved?.key ?? 'default' };
  };
  const { navigator, popTo } = makeHistory(
    read(),
    (kind, next) => {
      const href = createPath(next);
      try {
        if (kind === 'PUSH') win.history.pushState({ usr: next.state, key: next.key }, '', href);
        else win.history.replaceState({ usr: next.state, key: next.key }, '', href);
        return true;
      } catch {
        // Safari's cap on history entries (or a state that cannot be cloned): a full page load instead.
        win.location[kind === 'PUSH' ? 'assign' : 'replace'](href);
        return false;
      }
    },
    (delta) => win.history.go(delta),
  );
  win.addEventListener('popstate', () => popTo(read()));
  return navigator;
}

/** A history kept in memory (tests, and anything not in a browser tab). */
export function createMemoryHistory(initialEntries: (string | (Partial<Path> & { state?: unknown }))[] = ['/']): Navigator {
  const entries: Location[] = initialEntries.map((e) => ({ ...resolvePath(e), state: typeof e === 'string' ? null : (e.state ?? null), key: newKey() }));
  if (!entries.length) entries.push({ pathname: '/', search: '', hash: '', state: null, key: newKey() });
  let index = entries.length - 1;
  const history = makeHistory(
    entries[index]!,
    (kind, next) => {
      if (kind === 'PUSH') entries.splice(++index, entries.length, next);
      else entries[index] = next;
      return true;
    },
    (delta) => {
      const next = Math.min(Math.max(index + delta, 0), entries.length - 1);
      if (next === index) return;
      index = next;
      history.popTo(entries[index]!);
    },
  );
  return history.navigator;
}
