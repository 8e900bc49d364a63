import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { Link, MemoryRouter, Outlet, type RouteObject } from '../lib/router/index.tsx';
import '../lib/i18n.ts';
import { queryClient } from '../lib/query-client.ts';
import { AppRouter, AppRoutes, lazyScreen, loadScreens, screenRoute } from './router.tsx';

/** A screen whose download the test finishes (or fails) by hand. */
function manualScreen(text: string) {
  let finish!: () => void;
  let fail!: (e: Error) => void;
  let calls = 0;
  const screenDef = lazyScreen(() => {
    calls++;
    return new Promise((resolve, reject) => {
      finish = () => resolve({ default: () => <p>{text}</p> });
      fail = reject;
    });
  });
  // The download's end reaches the screen through a few promise steps: one timer turn lets them all run.
  const settle = (end: () => void) =>
    act(async () => {
      end();
      await new Promise((r) => setTimeout(r, 0));
    });
  return { screenDef, finish: () => settle(() => finish()), fail: (e: Error) => settle(() => fail(e)), calls: () => calls };
}

function Shell() {
  return (
    <div>
      <nav>
        <Link to="/a">to a</Link>
        <Link to="/b">to b</Link>
        <Link to="/c">to c</Link>
      </nav>
      <Outlet />
    </div>
  );
}

const table = (screens: Record<string, ReturnType<typeof manualScreen>>): RouteObject[] => [
  { path: '/', element: <Shell />, children: Object.entries(screens).map(([path, s]) => ({ path, ...screenRoute(s.screenDef) })) },
];

afterEach(() => window.history.replaceState(null, '', '/'));

/** A navigation the way the browser's own buttons make one: a history entry, then popstate. */
const go = (path: string) =>
  act(async () => {
    window.history.pushState(null, '', path);
    window.dispatchEvent(new PopStateEvent('popstate'));
    await new Promise((r) => setTimeout(r, 0));
  });

describe('the app router (issue 30: declarative routes, screens downloaded on first use)', () => {
  it('shows the loading screen until the first screen is in, then keeps the current screen while the next one downloads', async () => {
    window.history.replaceState(null, '', '/a');
    const a = manualScreen('screen a');
    const b = manualScreen('screen b');
    const routesTable = table({ a, b });
    render(
      <AppRouter table={routesTable}>
        <AppRoutes table={routesTable} />
      </AppRouter>,
    );
    expect(screen.getByRole('status')).toBeTruthy(); // LoadingScreen
    expect(screen.queryByText('screen a')).toBeNull();
    await a.finish();
    expect(screen.getByText('screen a')).toBeTruthy();

    act(() => screen.getByText('to b').click());
    // The address changed; the screen stays until b's code is in (no loading screen over it).
    expect(window.location.pathname).toBe('/b');
    expect(screen.getByText('screen a')).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
    await b.finish();
    expect(screen.getByText('screen b')).toBeTruthy();
    expect(screen.queryByText('screen a')).toBeNull();

    // Back to a screen already in: at once, from the browser's history too.
    await act(async () => {
      window.history.back();
      await new Promise((r) => setTimeout(r, 20));
    });
    expect(screen.getByText('screen a')).toBeTruthy();
  });

  it('the latest of two navigations wins, whichever download ends first', async () => {
    window.history.replaceState(null, '', '/a');
    const a = manualScreen('screen a');
    const b = manualScreen('screen b');
    const c = manualScreen('screen c');
    const aLoaded = a.screenDef.preload();
    await a.finish();
    await aLoaded;
    const routesTable = table({ a, b, c });
    render(
      <AppRouter table={routesTable}>
        <AppRoutes table={routesTable} />
      </AppRouter>,
    );
    expect(screen.getByText('screen a')).toBeTruthy();
    act(() => screen.getByText('to b').click());
    act(() => screen.getByText('to c').click());
    await c.finish();
    expect(screen.getByText('screen c')).toBeTruthy();
    await b.finish();
    expect(screen.getByText('screen c')).toBeTruthy();
    expect(screen.queryByText('screen b')).toBeNull();
  });

  it('a screen whose code fails to download shows the error screen; going there again downloads it again', async () => {
    window.history.replaceState(null, '', '/a');
    const a = manualScreen('screen a');
    const b = manualScreen('screen b');
    const routesTable = table({ a, b });
    render(
      <AppRouter table={routesTable}>
        <AppRoutes table={routesTable} />
      </AppRouter>,
    );
    await a.finish();
    act(() => screen.getByText('to b').click());
    await b.fail(new Error('chunk gone'));
    expect(screen.getByText('服务开小差了')).toBeTruthy();
    expect(b.calls()).toBe(1);

    // The error screen has a plain link home; the address bar (or a link elsewhere) goes on from it.
    await go('/a');
    expect(screen.getByText('screen a')).toBeTruthy();
    await go('/b');
    expect(b.calls()).toBe(2);
    await b.finish();
    expect(screen.getByText('screen b')).toBeTruthy();
  });

  it("starts a screen's first requests as its code arrives, once, in the app's query cache", async () => {
    const prefetch = vi.fn();
    const order: string[] = [];
    const screenDef = lazyScreen(async () => ({
      default: () => {
        order.push('render');
        return <p>screen p</p>;
      },
      prefetch: (client: unknown) => {
        order.push('prefetch');
        prefetch(client);
      },
    }));
    await screenDef.preload();
    expect(prefetch).toHaveBeenCalledWith(queryClient);
    expect(screenDef.preload()).toBeNull();
    render(
      <MemoryRouter initialEntries={['/p']}>
        <AppRoutes table={[{ path: '/p', ...screenRoute(screenDef) }]} />
      </MemoryRouter>,
    );
    expect(screen.getByText('screen p')).toBeTruthy();
    expect(prefetch).toHaveBeenCalledTimes(1);
    expect(order[0]).toBe('prefetch');
  });

  it("loadScreens names the app's screens by path, and nothing for a route without one", async () => {
    expect(loadScreens({ pathname: '/500' })).toBeNull();
    expect(loadScreens({ pathname: '/role' })).toBeNull(); // 即将上线: no code to fetch
    const talk = loadScreens({ pathname: '/talk' });
    expect(talk).toBeInstanceOf(Promise);
    await talk;
    expect(loadScreens({ pathname: '/talk' })).toBeNull(); // in already
  });

  it('renders under a test router as well (MemoryRouter), screens suspending until their code is in', async () => {
    const a = manualScreen('screen a');
    render(
      <MemoryRouter initialEntries={['/a']}>
        <AppRoutes table={table({ a })} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('status')).toBeTruthy();
    await a.finish();
    expect(screen.getByText('screen a')).toBeTruthy();
  });
});
