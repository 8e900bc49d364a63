import { Component, Suspense, useLayoutEffect, useRef, useState, type ComponentType, type ReactNode } from 'react';
import {
  createBrowserHistory,
  matchRoutes,
  Navigate,
  Router,
  useLocation,
  useRoutes,
  type Location,
  type RouteObject,
} from '../lib/router/index.tsx';
import type { QueryClient } from '@tanstack/react-query';
import { ComingSoon } from '../components/ComingSoon.tsx';
import { queryClient } from '../lib/query-client.ts';
import { LoadingScreen } from './layout/BootScreens.tsx';
import { Layout } from './layout/Layout.tsx';
import { routeIcon } from './layout/menu-icons.ts';
import { Root } from './Root.tsx';
import { LAYOUT_ROUTES } from './routes.ts';
import ServerErrorPage from './screens/ServerErrorPage.tsx';

/** Screens that exist; the others show their title and an honest 即将上线 state. */
const screens: Record<string, () => Promise<ScreenModule>> = {
  Chat: () => import('../features/chat/ChatPage.tsx'),
  ChatFile: () => import('../features/document/ChatFilePage.tsx'),
  ChatTemp: () => import('../features/chat/ChatTempPage.tsx'),
  ChatExpert: () => import('../features/chat/ChatExpertPage.tsx'),
  UserCenter: () => import('../features/user/UserCenterPage.tsx'),
  Pay: () => import('../features/billing/PayPage.tsx'),
  AppStore: () => import('../features/apps/AppStorePage.tsx'),
  AppH5: () => import('../features/apps/AppH5Page.tsx'),
  AppExpert: () => import('../features/apps/AppExpertPage.tsx'),
  Paper: () => import('../features/thesis/ThesisPage.tsx'),
  Share: () => import('../features/growth/ReferralPage.tsx'),
  Draw: () => import('../features/draw/DrawPage.tsx'),
  Ai3: () => import('../features/draw/Ai3Page.tsx'),
  Midjourney: () => import('../features/draw/MidjourneyPage.tsx'),
  Market: () => import('../features/draw/MarketPage.tsx'),
  Mind: () => import('../features/mind/MindPage.tsx'),
  Translate: () => import('../features/translate/TranslatePage.tsx'),
  aippt: () => import('../features/slides/AipptPage.tsx'),
  View: () => import('../features/slides/ViewPage.tsx'),
};

/** A screen's module: the screen, and the requests of its first paint to start as soon as its code is in. */
interface ScreenModule {
  default: ComponentType;
  prefetch?: (client: QueryClient) => void;
}

/**
 * A screen whose code is fetched the first time it is shown. `preload` fetches it; once it is in,
 * the screen renders at once. Rendered before that (only the first screen of a page load: later
 * navigations wait for `preload`, see AppRouter), it suspends.
 */
export interface LazyScreen {
  /** Starts the download; null once the code is in. */
  preload(): Promise<void> | null;
  Screen: ComponentType;
}

export function lazyScreen(load: () => Promise<ScreenModule>): LazyScreen {
  let Loaded: ComponentType | null = null;
  let failed: { error: unknown } | null = null;
  let pending: Promise<void> | null = null;
  const preload = () =>
    Loaded
      ? null
      : (pending ??= load().then(
          (m) => {
            // Issue 30: with the layout's config still on its way, not after the screen first renders.
            m.prefetch?.(queryClient);
            Loaded = m.default;
            failed = null;
          },
          (error: unknown) => {
            // The error screen shows it; the next navigation here downloads again.
            failed = { error };
            pending = null;
          },
        ));
  function Screen() {
    if (Loaded) return <Loaded />;
    if (failed) throw failed.error;
    throw preload()!;
  }
  return { preload, Screen };
}

/** The route's element for a screen, and the screen in its `handle` for AppRouter's wait. */
export const screenRoute = (screen: LazyScreen) => ({
  element: (
    <Suspense fallback={<LoadingScreen />}>
      <screen.Screen />
    </Suspense>
  ),
  handle: { screen },
});

export const routes: RouteObject[] = [
  {
    element: <Root />,
    children: [
      {
        path: '/',
        element: <Layout />,
        children: [
          { index: true, element: <Navigate to="/talk" replace /> },
          ...LAYOUT_ROUTES.map((r) => ({
            path: r.path,
            ...(screens[r.name] ? screenRoute(lazyScreen(screens[r.name]!)) : { element: <ComingSoon titleKey={r.titleKey} icon={routeIcon(r.name)} /> }),
          })),
        ],
      },
      { path: '/welcome', ...screenRoute(lazyScreen(() => import('./screens/WelcomePage.tsx'))) },
      // The admin console: its own chunk, loaded only when /admin is opened.
      { path: '/admin/*', ...screenRoute(lazyScreen(() => import('../features/admin/AdminApp.tsx'))) },
      { path: '/s/:token', ...screenRoute(lazyScreen(() => import('../features/shared-conversation/SharedConversationPage.tsx'))) },
      { path: '/404', ...screenRoute(lazyScreen(() => import('./screens/NotFoundPage.tsx'))) },
      { path: '/500', element: <ServerErrorPage /> },
      { path: '*', element: <Navigate to="/talk" replace /> },
    ],
  },
];

/** Downloads the screens `location` shows; null when they are all in already. */
export function loadScreens(location: Pick<Location, 'pathname'>, table: RouteObject[] = routes): Promise<void> | null {
  const waits = (matchRoutes(table, location) ?? []).map((m) => (m.route.handle as { screen?: LazyScreen } | undefined)?.screen?.preload());
  const pending = waits.filter((w): w is Promise<void> => !!w);
  return pending.length ? Promise.all(pending).then(() => {}) : null;
}

/**
 * The browser router: the address bar's history, shown through lib/router. A navigation to a
 * screen whose code is not in yet keeps the current screen until it is, rather than flashing a
 * loading screen; the latest navigation wins.
 */
export function AppRouter({ table = routes, children }: { table?: RouteObject[]; children: ReactNode }) {
  const [history] = useState(() => createBrowserHistory());
  const [shown, setShown] = useState(history.location);
  const shownLocation = useRef(shown);
  shownLocation.current = shown;
  // The first screen too: the page shows the loading screen until its code is in (nothing half drawn
  // replaces index.html's first frame).
  const [first] = useState(() => loadScreens(history.location, table));
  const [ready, setReady] = useState(!first);
  useLayoutEffect(() => {
    let live = true;
    void first?.then(() => live && setReady(true));
    return () => {
      live = false;
    };
  }, [first]);
  useLayoutEffect(() => {
    let latest = 0;
    const show = (location: Location) => {
      const n = ++latest;
      const waiting = loadScreens(location, table);
      if (!waiting) return setShown(location);
      void waiting.then(() => n === latest && setShown(location));
    };
    const stop = history.listen(({ location }) => show(location));
    // A navigation made before this subscription (by a screen's own layout effect) is shown too.
    if (history.location !== shownLocation.current) show(history.location);
    return stop;
  }, [history, table]);
  if (!ready) return <LoadingScreen />;
  return (
    <Router location={shown} navigator={history}>
      {children}
    </Router>
  );
}

/** A screen that fails to draw (or whose code fails to download) shows the 500 screen; a navigation elsewhere tries again. */
class RouteErrorBoundary extends Component<{ path: string; children: ReactNode }, { failed: boolean; path: string }> {
  state = { failed: false, path: this.props.path };
  static getDerivedStateFromProps(props: { path: string }, state: { path: string }) {
    return props.path === state.path ? null : { failed: false, path: props.path };
  }
  static getDerivedStateFromError() {
    return { failed: true };
  }
  render() {
    return this.state.failed ? <ServerErrorPage /> : this.props.children;
  }
}

/** Every route of the app (SPEC §2.1), under the router of the caller (AppRouter, or a test's MemoryRouter). */
export function AppRoutes({ table = routes }: { table?: RouteObject[] }) {
  const { pathname } = useLocation();
  return <RouteErrorBoundary path={pathname}>{useRoutes(table)}</RouteErrorBoundary>;
}
