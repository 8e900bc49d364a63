import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from '../../lib/router/testing.tsx';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { BalanceReply, UserInfo } from '@app/shared';
import { useSession } from '../../lib/session.ts';
import { tokenStore } from '../../lib/storage.ts';
import { toast } from '../../lib/toast.ts';
import { balance, mockApi, ok, user } from './test/fixtures.ts';
import UserCenterPage from './UserCenterPage.tsx';

vi.mock('../../lib/toast.ts', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

function renderPage() {
  const router = createMemoryRouter(
    [
      { path: '/user-center', element: <UserCenterPage /> },
      { path: '/talk', element: <p>chat screen</p> },
    ],
    { initialEntries: ['/user-center'] },
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

function loggedIn(info: UserInfo = user(), bal: BalanceReply = balance(), unread = 0) {
  tokenStore.set('tok');
  useSession.setState({ token: 'tok', userInfo: info, balance: bal });
  return mockApi({
    'GET /api/user/info': () => ok(info),
    'GET /balance/query': () => ok(bal),
    'POST /api/logout': () => ok(null, '退出登录成功'),
    'GET /api/package/index': () => ok({ list: [] }),
    'GET /api/ucenter/feedback/list': () => ok({ rows: [], count: 0, unread }),
  });
}

beforeEach(() => {
  useSession.setState({ token: null, userInfo: null, balance: null, loginOpen: false, showOrder: false, orderSn: '' });
  vi.mocked(toast.success).mockClear();
  vi.mocked(toast.error).mockClear();
});
afterEach(() => vi.unstubAllGlobals());

describe('UserCenterPage', () => {
  it('asks a guest to log in', async () => {
    mockApi({});
    renderPage();
    expect(screen.getByText('登录后查看个人中心')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: '登录' }));
    expect(useSession.getState().loginOpen).toBe(true);
    expect(useSession.getState().showOrder).toBe(false);
  });

  it('shows the profile, balances, invite code and account', () => {
    loggedIn(user({ is_vip: true, vip_expires_at: '2099-06-30T16:00:00.000Z', username: 'alice', wechat_bound: true }));
    renderPage();
    expect(screen.getByRole('heading', { name: '用户8000' })).toBeTruthy();
    expect(screen.getByText('会员')).toBeTruthy();
    expect(screen.getByText('会员有效期至 2099-07-01')).toBeTruthy();
    expect(screen.getByTestId('balance-model3').textContent).toContain('基础对话120永久 20会员 100');
    expect(screen.getByTestId('balance-model4').textContent).toContain('高级对话15');
    expect(screen.getByTestId('balance-draw').textContent).toContain('绘画7');
    expect(screen.getByTestId('invite-code').textContent).toBe('ABCD1234');
    expect(screen.getAllByText('138****8000').length).toBeGreaterThan(0);
    expect(screen.getAllByText('alice').length).toBeGreaterThan(0);
    expect(screen.getByText('已绑定')).toBeTruthy();
    expect(screen.getByRole('link', { name: /会员中心/ }).getAttribute('href')).toBe('/pay');
  });

  it('marks 意见反馈 with the operator’s unread replies, and opens the feedback and card-key dialogs', async () => {
    loggedIn(user(), balance(), 2);
    renderPage();
    const row = await screen.findByRole('button', { name: /意见反馈.*2 条新回复/ });
    await userEvent.click(row);
    expect(useSession.getState().dialog).toBe('feedback');
    await userEvent.click(screen.getByRole('button', { name: /兑换卡密/ }));
    expect(useSession.getState().dialog).toBe('redeem');
  });

  it('offers membership to a user without one', () => {
    loggedIn();
    renderPage();
    expect(screen.getByText('普通用户')).toBeTruthy();
    expect(screen.getByRole('link', { name: '开通会员' }).getAttribute('href')).toBe('/pay');
  });

  it('copies the invite code', async () => {
    loggedIn();
    const writeText = vi.fn(async () => {});
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    vi.stubGlobal('isSecureContext', true);
    renderPage();
    await userEvent.click(screen.getByRole('button', { name: '复制' }));
    expect(writeText).toHaveBeenCalledWith('ABCD1234');
    expect(toast.success).toHaveBeenCalledWith('邀请码已复制');
  });

  it('saves a new nickname', async () => {
    loggedIn();
    let saved = user();
    const api = mockApi({
      'GET /api/user/info': () => ok(saved),
      'GET /balance/query': () => ok(balance()),
      'POST /user/update': (body) => {
        saved = user({ nickname: (body as { nickname: string }).nickname });
        return ok({ relogin: false }, '修改成功');
      },
    });
    renderPage();
    await userEvent.click(screen.getByRole('button', { name: '修改资料 昵称与头像' }));
    const dialog = screen.getByRole('dialog');
    const field = within(dialog).getByLabelText('昵称');
    await userEvent.clear(field);
    await userEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(within(dialog).getByText('请输入昵称')).toBeTruthy();
    expect(api.find('POST', '/user/update')).toHaveLength(0);

    await userEvent.type(field, '小明');
    await userEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.find('POST', '/user/update')[0]!.body).toEqual({ nickname: '小明' });
    expect(toast.success).toHaveBeenCalledWith('修改成功');
    expect(screen.getByRole('heading', { name: '小明' })).toBeTruthy();
  });

  it('changes the password, then ends the session and reopens login', async () => {
    loggedIn(user({ has_password: true }));
    const api = mockApi({
      'GET /api/user/info': () => ok(user({ has_password: true })),
      'GET /balance/query': () => ok(balance()),
      'POST /user/update': () => ok({ relogin: true }, '密码已修改，请重新登录'),
    });
    renderPage();
    await userEvent.click(screen.getByRole('button', { name: '修改密码 修改后需要重新登录' }));
    const dialog = screen.getByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: '确认修改' }));
    expect(within(dialog).getByText('请输入原密码')).toBeTruthy();
    expect(within(dialog).getByText('请输入新密码')).toBeTruthy();

    await userEvent.type(within(dialog).getByLabelText('原密码'), 'old-secret');
    await userEvent.type(within(dialog).getByLabelText('新密码'), 'new-secret');
    await userEvent.type(within(dialog).getByLabelText('确认新密码'), 'new-secret');
    await userEvent.click(within(dialog).getByRole('button', { name: '确认修改' }));

    await waitFor(() => expect(useSession.getState().loginOpen).toBe(true));
    expect(api.find('POST', '/user/update')[0]!.body).toEqual({ password: 'new-secret', oldPassword: 'old-secret' });
    expect(tokenStore.get()).toBeNull();
    expect(useSession.getState().token).toBeNull();
    expect(toast.success).toHaveBeenCalledWith('密码已修改，请重新登录');
    expect(screen.getByText('登录后查看个人中心')).toBeTruthy();
  });

  it('sets a first password without asking for an old one', async () => {
    loggedIn();
    renderPage();
    await userEvent.click(screen.getByRole('button', { name: /^设置密码/ }));
    expect(within(screen.getByRole('dialog')).queryByLabelText('原密码')).toBeNull();
  });

  it('logs out to /talk', async () => {
    const api = loggedIn();
    const router = renderPage();
    await userEvent.click(screen.getByRole('button', { name: '退出登录' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/talk'));
    expect(api.find('POST', '/api/logout')).toHaveLength(1);
    expect(tokenStore.get()).toBeNull();
    expect(toast.success).toHaveBeenCalledWith('退出登录成功');
  });
});
