import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from '../../lib/router/testing.tsx';
import { useSession } from '../../lib/session.ts';
import { storage, StorageKey, tokenStore } from '../../lib/storage.ts';
import { toast } from '../../lib/toast.ts';
import { globalConfig, menuItem, mockApi, ok, resetSession, user, website } from '../test/fixtures.ts';
import { DesktopSidebar, DrawerSidebar } from './Sidebar.tsx';

vi.mock('../../lib/toast.ts', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

function renderAt(path: string, element = <DesktopSidebar />) {
  const router = createMemoryRouter([{ path: '*', element }], { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}

const nav = () => screen.getByRole('navigation', { name: '主导航' });
const navLinks = () => within(nav()).getAllByRole('link');

beforeEach(() => {
  resetSession({ globalConfig: globalConfig(), website: website(), ready: true });
  vi.mocked(toast.success).mockClear();
});

describe('menu from clientMenuList', () => {
  it('shows only the server menu entries that match a route, in server order, with server labels', () => {
    useSession.setState({
      globalConfig: globalConfig({
        clientMenuList: [
          menuItem('Draw', '画一画', false, 'brush'),
          menuItem('Chat', '随便聊聊', true),
          menuItem('NoSuchRoute', '不存在'),
          menuItem('Mind', '脑图', false, 'unknown-icon-name'),
        ],
      }),
    });
    renderAt('/talk');
    expect(navLinks().map((a) => a.textContent)).toEqual(['画一画', '随便聊聊', '脑图']);
    expect(navLinks().map((a) => a.getAttribute('href'))).toEqual(['/draw', '/talk', '/mind']);
    expect(screen.queryByText('不存在')).toBeNull();
    // Routes the server did not list are not shown.
    expect(screen.queryByText('专业绘画')).toBeNull();
  });

  it('marks the current route active', () => {
    useSession.setState({ globalConfig: globalConfig({ clientMenuList: [menuItem('Chat', '对话'), menuItem('Draw', '绘画')] }) });
    renderAt('/draw');
    expect(within(nav()).getByRole('link', { name: '绘画' }).getAttribute('aria-current')).toBe('page');
    expect(within(nav()).getByRole('link', { name: '对话' }).getAttribute('aria-current')).toBeNull();
  });

  it('leaves the mobile-only app square out on desktop and shows it instead of the desktop one in the drawer', () => {
    useSession.setState({
      globalConfig: globalConfig({ clientMenuList: [menuItem('AppStore', '应用广场PC', false), menuItem('AppH5', '应用广场H5', true)] }),
    });
    renderAt('/talk');
    expect(navLinks().map((a) => a.textContent)).toEqual(['应用广场PC']);
  });

  it('drawer variant swaps in the mobile twin', () => {
    useSession.setState({
      globalConfig: globalConfig({ clientMenuList: [menuItem('AppStore', '应用广场PC', false), menuItem('AppH5', '应用广场H5', true)] }),
    });
    renderAt('/talk', <DrawerSidebar onClose={() => {}} />);
    expect(navLinks().map((a) => a.textContent)).toEqual(['应用广场H5']);
  });
});

describe('customer-service button', () => {
  const qr = 'https://example.com/qr.png';

  it('is shown to a logged-in user when a service QR is configured, with the QR image', () => {
    useSession.setState({ token: 't', userInfo: user(), website: website({ customer_service_qrcode: qr }) });
    renderAt('/talk');
    expect(screen.getByRole('button', { name: '联系客服' })).toBeTruthy();
    expect(screen.getByRole('img', { name: '客服二维码', hidden: true }).getAttribute('src')).toBe(qr);
  });

  it('is hidden from visitors even when a QR is configured', () => {
    useSession.setState({ token: null, website: website({ customer_service_qrcode: qr }) });
    renderAt('/talk');
    expect(screen.queryByRole('button', { name: '联系客服' })).toBeNull();
  });

  it('is hidden from logged-in users when no QR is configured', () => {
    useSession.setState({ token: 't', userInfo: user(), website: website({ customer_service_qrcode: '' }) });
    renderAt('/talk');
    expect(screen.queryByRole('button', { name: '联系客服' })).toBeNull();
  });
});

describe('account area', () => {
  it('offers 登录账号 to visitors, which opens the login dialog', () => {
    renderAt('/talk');
    expect(screen.queryByRole('button', { name: '退出登录' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '登录账号' }));
    expect(useSession.getState().loginOpen).toBe(true);
  });

  it('shows the nickname and the vip badge for a vip', () => {
    useSession.setState({ token: 't', userInfo: user({ nickname: '阿强', is_vip: true }) });
    renderAt('/talk');
    expect(screen.getByText('阿强')).toBeTruthy();
    expect(screen.getByText('VIP')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '登录账号' })).toBeNull();
  });

  it('shows no vip badge for a regular user', () => {
    useSession.setState({ token: 't', userInfo: user({ is_vip: false }) });
    renderAt('/talk');
    expect(screen.queryByText('VIP')).toBeNull();
  });

  it('升级会员 opens the goods dialog', () => {
    renderAt('/talk');
    fireEvent.click(screen.getByRole('button', { name: /升级会员/ }));
    expect(useSession.getState().dialog).toBe('goods');
  });

  it('个人中心 goes to the user centre', () => {
    useSession.setState({ token: 't', userInfo: user() });
    const router = renderAt('/talk');
    fireEvent.click(screen.getByRole('button', { name: '个人中心' }));
    expect(router.state.location.pathname).toBe('/user-center');
  });

  it('退出登录 clears token, user, balance and chat, says so, reloads packages and goes to /talk', async () => {
    const api = mockApi({ 'POST /api/logout': () => ok(), 'GET /api/package/index': () => ok({ list: [] }) });
    tokenStore.set('t');
    storage.set(StorageKey.chat, { active: 1 });
    useSession.setState({ token: 't', userInfo: user(), balance: null });
    const router = renderAt('/draw');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '退出登录' })));
    await waitFor(() => expect(router.state.location.pathname).toBe('/talk'));
    expect(api.count('POST', '/api/logout')).toBe(1);
    expect(tokenStore.get()).toBeNull();
    expect(storage.get(StorageKey.chat)).toBeNull();
    expect(useSession.getState()).toMatchObject({ token: null, userInfo: null, balance: null });
    expect(toast.success).toHaveBeenCalledWith('退出登录成功');
    await waitFor(() => expect(api.count('GET', '/api/package/index')).toBe(1));
  });
});
