import { describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { Link, MemoryRouter, Navigate, NavLink, Outlet, Route, Routes, useLocation, useNavigate, useParams, useSearchParams } from './index.tsx';
import { createMemoryRouter, RouterProvider } from './testing.tsx';

function Where() {
  const { pathname, search, state } = useLocation();
  return <output aria-label="where">{`${pathname}${search}${state ? ` ${JSON.stringify(state)}` : ''}`}</output>;
}
const where = () => screen.getByLabelText('where').textContent;

describe('Link', () => {
  it('navigates in the page on a plain click, and leaves ⌘-click and other targets to the browser', () => {
    const router = createMemoryRouter([{ path: '*', element: <><Link to="/view?id=2" state={{ from: 'list' }}>查看</Link><Link to="/pay" target="_blank">支付</Link><Where /></> }], { initialEntries: ['/aippt'] });
    render(<RouterProvider router={router} />);
    expect(screen.getByRole('link', { name: '查看' }).getAttribute('href')).toBe('/view?id=2');
    // What the browser would do with the click: whether the page left it alone (then stop it here, as the test has no other tab).
    const leftToBrowser: boolean[] = [];
    const record = (e: Event) => (leftToBrowser.push(!e.defaultPrevented), e.preventDefault());
    document.addEventListener('click', record);
    fireEvent.click(screen.getByRole('link', { name: '查看' }), { metaKey: true });
    fireEvent.click(screen.getByRole('link', { name: '支付' }));
    document.removeEventListener('click', record);
    expect(leftToBrowser).toEqual([true, true]);
    expect(where()).toBe('/aippt');
    fireEvent.click(screen.getByRole('link', { name: '查看' }));
    expect(where()).toBe('/view?id=2 {"from":"list"}');
    expect(router.history.action).toBe('PUSH');
  });

  it('a link to the current location replaces the entry instead of adding the same one again', () => {
    const router = createMemoryRouter([{ path: '*', element: <Link to="/talk">对话</Link> }], { initialEntries: ['/talk'] });
    render(<RouterProvider router={router} />);
    fireEvent.click(screen.getByRole('link'));
    expect(router.history.action).toBe('REPLACE');
  });

  it("a handler that prevents the click keeps the page where it is", () => {
    const router = createMemoryRouter([{ path: '*', element: <Link to="/b" onClick={(e) => e.preventDefault()}>b</Link> }], { initialEntries: ['/a'] });
    render(<RouterProvider router={router} />);
    fireEvent.click(screen.getByRole('link'));
    expect(router.state.location.pathname).toBe('/a');
  });
});

describe('NavLink', () => {
  const links = (path: string) => {
    const { container } = render(
      <MemoryRouter initialEntries={[path]}>
        <NavLink to="/admin/users" className={({ isActive }) => (isActive ? 'on' : 'off')}>用户</NavLink>
        <NavLink to="/admin" end>{({ isActive }) => (isActive ? '概览·当前' : '概览')}</NavLink>
        <NavLink to="/">首页</NavLink>
      </MemoryRouter>,
    );
    return [...container.querySelectorAll('a')].map((a) => `${a.textContent}:${a.getAttribute('aria-current') ?? '-'}:${a.className}`);
  };

  it('is current at its path and below it, or only at its path with end', () => {
    expect(links('/admin/users/7')).toEqual(['用户:page:on', '概览:-:', '首页:-:']);
  });

  it('at the exact path, with any case or a trailing slash; "/" only at "/"', () => {
    expect(links('/Admin/')).toEqual(['用户:-:off', '概览·当前:page:', '首页:-:']);
    expect(links('/')).toEqual(['用户:-:off', '概览:-:', '首页:page:']);
  });
});

describe('useSearchParams', () => {
  function Filters() {
    const [params, setParams] = useSearchParams();
    return (
      <>
        <span>{params.get('tab') ?? 'none'}</span>
        <button onClick={() => setParams({ tab: '2', tag: ['a', 'b'] })}>set</button>
        <button onClick={() => setParams((p) => (p.set('q', '画'), p), { replace: true })}>add</button>
        <Where />
      </>
    );
  }

  it('reads the query, and sets another on the same path (a push unless replace)', () => {
    const router = createMemoryRouter([{ path: '*', element: <Filters /> }], { initialEntries: ['/app-store?tab=1#top'] });
    render(<RouterProvider router={router} />);
    expect(screen.getByText('1')).toBeTruthy();
    fireEvent.click(screen.getByText('set'));
    expect(where()).toBe('/app-store?tab=2&tag=a&tag=b');
    expect(router.history.action).toBe('PUSH');
    fireEvent.click(screen.getByText('add'));
    expect(where()).toBe('/app-store?tab=2&tag=a&tag=b&q=%E7%94%BB');
    expect(router.history.action).toBe('REPLACE');
  });
});

describe('routes', () => {
  function Shared() {
    return <p>token {useParams().token}</p>;
  }
  function Shell() {
    return (
      <main>
        shell <Outlet />
      </main>
    );
  }

  it('renders the matching route inside its parents, with its parameters', () => {
    render(
      <MemoryRouter initialEntries={['/s/t%201']}>
        <Routes>
          <Route element={<Shell />}>
            <Route path="/s/:token" element={<Shared />} />
            <Route path="/talk" element={<p>对话</p>} />
          </Route>
        </Routes>
      </MemoryRouter>,
    );
    expect(screen.getByRole('main').textContent).toBe('shell token t 1');
  });

  it('<Navigate> goes to its target once rendered', async () => {
    const router = createMemoryRouter(
      [
        { path: '/', element: <Navigate to="/talk" replace /> },
        { path: '/talk', element: <Where /> },
      ],
      { initialEntries: ['/'] },
    );
    render(<RouterProvider router={router} />);
    expect(await screen.findByLabelText('where')).toBeTruthy();
    expect(where()).toBe('/talk');
    expect(router.history.action).toBe('REPLACE');
  });

  it('useNavigate keeps one identity across navigations, and moves back with a number', () => {
    const seen = new Set<unknown>();
    function Nav() {
      const navigate = useNavigate();
      seen.add(navigate);
      return (
        <>
          <button onClick={() => navigate('/b')}>b</button>
          <button onClick={() => navigate(-1)}>back</button>
          <Where />
        </>
      );
    }
    const router = createMemoryRouter([{ path: '*', element: <Nav /> }], { initialEntries: ['/a'] });
    render(<RouterProvider router={router} />);
    fireEvent.click(screen.getByText('b'));
    expect(where()).toBe('/b');
    fireEvent.click(screen.getByText('back'));
    expect(where()).toBe('/a');
    expect(seen.size).toBe(1);
  });

  it('nothing renders where no route matches, and the hooks say so outside a router', () => {
    const router = createMemoryRouter([{ path: '/a', element: <p>a</p> }], { initialEntries: ['/b'] });
    const { container } = render(<RouterProvider router={router} />);
    expect(container.textContent).toBe('');
    act(() => void router.navigate('/a'));
    expect(container.textContent).toBe('a');
    expect(() => render(<Where />)).toThrow(/outside a <Router>/);
  });
});
