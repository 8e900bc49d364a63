import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from '../../lib/router/testing.tsx';
import { PURCHASE_TOAST_MS } from '@app/shared/constants';
import { useSession } from '../../lib/session.ts';
import { storage, StorageKey, tokenStore } from '../../lib/storage.ts';
import { toast } from '../../lib/toast.ts';
import { useBoot } from '../boot.ts';
import { balance, globalConfig, mockApi, ok, resetSession, user, website } from '../test/fixtures.ts';
import { Layout } from './Layout.tsx';

vi.mock('../../lib/toast.ts', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

function renderAt(path: string) {
  const router = createMemoryRouter(
    [{ path: '/', element: <Layout />, children: [{ path: '*', element: <p>screen</p> }] }],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const userRoutes = () =>
  mockApi({
    'GET /api/user/info': () => ok(user({ nickname: '新用户' })),
    'GET /balance/query': () => ok(balance),
  });

beforeEach(() => {
  resetSession({ globalConfig: globalConfig(), website: website(), ready: true });
  useBoot.setState({ status: 'ready' });
  vi.mocked(toast.success).mockClear();
  vi.mocked(toast.info).mockClear();
  vi.unstubAllGlobals();
});

describe('query parameters on layout routes (SPEC §2.2)', () => {
  it('token: stores it, goes to /talk, says 账户登录成功、开始体验吧！ and loads the user', async () => {
    const api = userRoutes();
    const router = renderAt('/draw?token=tok_123');
    await waitFor(() => expect(router.state.location.pathname).toBe('/talk'));
    expect(router.state.location.search).toBe('');
    expect(tokenStore.get()).toBe('tok_123');
    expect(toast.success).toHaveBeenCalledWith('账户登录成功、开始体验吧！');
    await waitFor(() => expect(useSession.getState().userInfo?.nickname).toBe('新用户'));
    expect(api.count('GET', '/api/user/info')).toBe(1);
  });

  it('trade_status with success: thanks for 5 s, reloads the user, back to /talk', async () => {
    tokenStore.set('t');
    useSession.setState({ token: 't' });
    const api = userRoutes();
    const router = renderAt('/pay?trade_status=TRADE_SUCCESS');
    await waitFor(() => expect(router.state.location.pathname).toBe('/talk'));
    expect(toast.success).toHaveBeenCalledWith('感谢您的购买，祝您使用愉快！', { duration: PURCHASE_TOAST_MS });
    await waitFor(() => expect(api.count('GET', '/api/user/info')).toBe(1));
  });

  it('trade_status without success: says the purchase has not gone through and drops the parameter', async () => {
    const router = renderAt('/pay?trade_status=WAIT_BUYER_PAY&x=1');
    await waitFor(() => expect(router.state.location.search).toBe('?x=1'));
    expect(router.state.location.pathname).toBe('/pay');
    expect(toast.info).toHaveBeenCalledWith('您还没有购买成功哦，如已付款请稍后刷新查看');
    expect(toast.success).not.toHaveBeenCalled();
  });

  it('invitedBy: kept under the invitedBy key', async () => {
    renderAt('/talk?invitedBy=INV42');
    await waitFor(() => expect(storage.get(StorageKey.invitedBy)).toBe('INV42'));
  });
});

describe('boot states', () => {
  it('shows a loading view while the config loads', () => {
    useBoot.setState({ status: 'loading' });
    renderAt('/talk');
    expect(screen.getByRole('status')).toBeTruthy();
    expect(screen.queryByText('screen')).toBeNull();
  });

  it('shows a retry state on failure, and the layout once a retry succeeds', async () => {
    useBoot.setState({ status: 'error' });
    mockApi({
      'GET /api/config/global': () => ok({ list: globalConfig(), masks: [], notice: globalConfig().notice }),
      'GET /api/website/info': () => ok(website()),
    });
    renderAt('/talk');
    expect(screen.getByRole('alert').textContent).toContain('加载失败');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '重新加载' })));
    await waitFor(() => expect(screen.getByText('screen')).toBeTruthy());
    expect(useBoot.getState().status).toBe('ready');
  });

  it("SPEC §8 menu load failure: the config call's own message is shown, else the network hint", async () => {
    // A first visit: no config in hand (with an earlier visit's copy the copy stays on screen, app/boot.test.ts).
    resetSession();
    mockApi({
      'GET /api/config/global': () => ({ status: 503, body: { code: 503, message: '站点维护中，请稍后访问', success: false } }),
      'GET /api/website/info': () => ok(website()),
    });
    await act(() => useBoot.getState().start());
    expect(useBoot.getState()).toMatchObject({ status: 'error', failure: '站点维护中，请稍后访问' });
    renderAt('/talk');
    expect(screen.getByRole('alert').textContent).toContain('站点维护中，请稍后访问');
    expect(screen.getByRole('alert').textContent).not.toContain('网络似乎开小差了');

    mockApi({
      'GET /api/config/global': () => {
        throw new TypeError('Failed to fetch');
      },
      'GET /api/website/info': () => ok(website()),
    });
    await act(() => useBoot.getState().start());
    expect(useBoot.getState()).toMatchObject({ status: 'error', failure: null });
    expect(screen.getByRole('alert').textContent).toContain('网络似乎开小差了');
  });

  it('renders the screen with the copyright line once ready', () => {
    renderAt('/talk');
    expect(screen.getByText('screen')).toBeTruthy();
    expect(screen.getAllByText('© 测试').length).toBeGreaterThan(0);
  });
});
