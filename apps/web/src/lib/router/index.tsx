/**
 * The app's router: the location, links and navigation, and a route table shown by `useRoutes`. It
 * has the API of react-router's declarative mode that the app used, and what the app did not use
 * (loaders, actions, relative links, blockers) it leaves out: issue 30, react-router was 35 KiB of
 * every first load.
 */
import { createContext, forwardRef, useCallback, useContext, useEffect, useMemo, useRef, useState, type AnchorHTMLAttributes, type MouseEvent, type ReactNode } from 'react';
import { createMemoryHistory, createPath, resolvePath, type Location, type Navigator, type Path, type To } from './history.ts';
import { matchRoutes, type Params, type RouteMatch, type RouteObject } from './match.ts';

export { createBrowserHistory, createMemoryHistory, type Location, type Navigator, type To } from './history.ts';
export { matchRoutes, type RouteObject } from './match.ts';

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}
export type NavigateFunction = (to: To | number, options?: NavigateOptions) => void;

interface RouterState {
  location: Location;
  navigate: NavigateFunction;
}

const RouterContext = createContext<RouterState | null>(null);
const RouteContext = createContext<{ outlet: ReactNode; params: Params }>({ outlet: null, params: {} });

function useRouter(): RouterState {
  const router = useContext(RouterContext);
  if (!router) throw new Error('router hooks are used outside a <Router>');
  return router;
}

/** Shows `location` to everything under it; navigations go to `navigator`. */
export function Router({ location, navigator, children }: { location: Location; navigator: Navigator; children?: ReactNode }) {
  const shown = useRef(location);
  shown.current = location;
  // One function for the router's life: `?query` resolves against the location shown when it is called.
  const navigate = useCallback<NavigateFunction>(
    (to, options = {}) => {
      if (typeof to === 'number') return navigator.go(to);
      const path = resolvePath(to, shown.current);
      (options.replace ? navigator.replace : navigator.push)(path, options.state);
    },
    [navigator],
  );
  const value = useMemo(() => ({ location, navigate }), [location, navigate]);
  return <RouterContext.Provider value={value}>{children}</RouterContext.Provider>;
}

/** A router over a history kept in memory (tests). */
export function MemoryRouter({ initialEntries, children }: { initialEntries?: Parameters<typeof createMemoryHistory>[0]; children?: ReactNode }) {
  const [history] = useState(() => createMemoryHistory(initialEntries));
  return (
    <Router location={useHistory(history)} navigator={history}>
      {children}
    </Router>
  );
}

/** The history's current location, re-rendering on each change. */
export function useHistory(history: Navigator) {
  const [shown, setShown] = useState(history.location);
  useEffect(() => {
    // A change between the first render and this effect is not missed.
    if (history.location !== shown) setShown(history.location);
    return history.listen(({ location }) => setShown(location));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- subscribes once per history
  }, [history]);
  return shown;
}

export const useLocation = () => useRouter().location;
export const useNavigate = () => useRouter().navigate;
export const useParams = <T extends Params = Params>() => useContext(RouteContext).params as T;

type SearchInit = string | URLSearchParams | Record<string, string | string[]> | [string, string][];

function toSearchParams(init: SearchInit) {
  if (typeof init === 'string' || init instanceof URLSearchParams || Array.isArray(init)) return new URLSearchParams(init);
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(init)) for (const v of Array.isArray(value) ? value : [value]) params.append(key, v);
  return params;
}

/** The query of the location, and a setter that navigates to the same path with another query (a push unless `replace`). */
export function useSearchParams() {
  const { location, navigate } = useRouter();
  const params = useMemo(() => new URLSearchParams(location.search), [location.search]);
  const set = useCallback(
    (next: SearchInit | ((prev: URLSearchParams) => SearchInit), options?: NavigateOptions) => {
      const query = toSearchParams(typeof next === 'function' ? next(new URLSearchParams(params)) : next).toString();
      navigate(`?${query}`, options);
    },
    [navigate, params],
  );
  return [params, set] as const;
}

/** Renders the route of the table that shows the location, each route's children in its <Outlet />. */
export function useRoutes(routes: RouteObject[]): ReactNode {
  const { location } = useRouter();
  const matches = useMemo(() => matchRoutes(routes, location), [routes, location]);
  return matches ? renderMatches(matches) : null;
}

function renderMatches(matches: RouteMatch[]) {
  return matches.reduceRight<ReactNode>(
    (outlet, match) => (
      <RouteContext.Provider value={{ outlet, params: match.params }}>{match.route.element === undefined ? outlet : match.route.element}</RouteContext.Provider>
    ),
    null,
  );
}

/** Where a child route of the current route shows. */
export function Outlet() {
  return <>{useContext(RouteContext).outlet}</>;
}

/** Routes as elements (tests): `<Routes><Route path element /></Routes>`. */
export function Routes({ children }: { children?: ReactNode }) {
  return useRoutes(routesOf(children));
}
type RouteProps = Omit<RouteObject, 'children'> & { children?: ReactNode };
export function Route(_: RouteProps): ReactNode {
  throw new Error('<Route> is only used inside <Routes>');
}
function routesOf(children: ReactNode): RouteObject[] {
  const list = (Array.isArray(children) ? children : [children]).flat(Infinity) as { props?: RouteProps }[];
  return list.filter((c) => c?.props).map(({ props }) => ({ ...props, children: props!.children ? routesOf(props!.children) : undefined }));
}

/** Goes to `to` once rendered. */
export function Navigate({ to, replace, state }: { to: To } & NavigateOptions) {
  const navigate = useNavigate();
  const target = typeof to === 'string' ? to : createPath(to);
  useEffect(() => navigate(target, { replace, state }), [navigate, target, replace, state]);
  return null;
}

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: To;
  replace?: boolean;
  state?: unknown;
}

/** Whether a click on a link is one the page handles (a plain left click into this tab). */
const isPlainClick = (e: MouseEvent<HTMLAnchorElement>, target?: string) =>
  !e.defaultPrevented && e.button === 0 && (!target || target === '_self') && !(e.metaKey || e.altKey || e.ctrlKey || e.shiftKey);

/** An <a> that navigates in the page; a middle click or ⌘-click still opens its href in a new tab. */
export const Link = forwardRef<HTMLAnchorElement, LinkProps>(function Link({ to, replace, state, onClick, target, ...rest }, ref) {
  const { location, navigate } = useRouter();
  const path: Path = resolvePath(to, location);
  const href = createPath(path);
  return (
    <a
      {...rest}
      ref={ref}
      href={href}
      target={target}
      onClick={(e) => {
        onClick?.(e);
        if (!isPlainClick(e, target)) return;
        e.preventDefault();
        // A link to where the page already is replaces the entry rather than adding a duplicate.
        navigate(path, { replace: replace ?? createPath(location) === href, state });
      }}
    />
  );
});

export interface NavLinkProps extends Omit<LinkProps, 'className' | 'children'> {
  className?: string | ((state: { isActive: boolean }) => string | undefined);
  children?: ReactNode | ((state: { isActive: boolean }) => ReactNode);
  /** Active only at exactly its path, not below it. */
  end?: boolean;
}

/** A link that knows whether its path is the current one (`aria-current="page"`, and its className's `isActive`). */
export const NavLink = forwardRef<HTMLAnchorElement, NavLinkProps>(function NavLink({ className, end, children, ...rest }, ref) {
  const { location } = useRouter();
  const current = location.pathname.toLowerCase().replace(/(.)\/+$/, '$1');
  const target = resolvePath(rest.to, location).pathname.toLowerCase();
  const base = target !== '/' && target.endsWith('/') ? target.slice(0, -1) : target;
  const isActive = current === target || current === base || (!end && base !== '/' && current.startsWith(`${base}/`));
  return (
    <Link {...rest} ref={ref} aria-current={isActive ? 'page' : undefined} className={typeof className === 'function' ? className({ isActive }) : className}>
      {typeof children === 'function' ? children({ isActive }) : children}
    </Link>
  );
});
