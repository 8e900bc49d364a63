import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { LoginWay } from '@app/shared';
import { useSession } from '../../../lib/session.ts';
import { storage, StorageKey, tokenStore } from '../../../lib/storage.ts';
import { toast } from '../../../lib/toast.ts';
import { globalConfig, mockApi, ok, sessionRoutes, website } from '../test/fixtures.ts';
import { LoginDialog } from './LoginDialog.tsx';

vi.mock('../../../lib/toast.ts', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

const WX_URL = 'http://localhost:3000/api/dev/wechat/scan?scene=login_ticket_1';
const qrRoute = () => ok({ wxUrl: WX_URL, isImage: false, loginTicket: 'login_ticket_1', expiresIn: 300 });

function openDialog(opts: { loginWay?: LoginWay; config?: Parameters<typeof globalConfig>[0]; demo?: { sms: boolean; wechat: boolean }; orderSn?: string } = {}) {
  useSession.setState({
    website: website(opts.loginWay ?? 'all', opts.demo),
    globalConfig: globalConfig(opts.config),
  });
  act(() => useSession.getState().openLogin(opts.orderSn ? { orderSn: opts.orderSn } : undefined));
  return render(<LoginDialog />);
}

/** Timers and the clock only: React and the fetch mock keep running on real microtasks. */
const fakeTimers = () => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });

const tabNames = () => screen.queryAllByRole('tab').map((t) => t.textContent);

beforeEach(() => {
  useSession.setState({ token: null, userInfo: null, balance: null, loginOpen: false, showOrder: false, orderSn: '' });
  vi.mocked(toast.success).mockClear();
  vi.mocked(toast.error).mockClear();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('methods offered by login_way', () => {
  beforeEach(() => {
    mockApi({ 'GET /api/login/wechat-qrcode': qrRoute, 'GET /api/login/wechat': () => ({ body: { code: 202 } }) });
  });

  it("'all' offers WeChat (the default), phone and account", async () => {
    openDialog({ loginWay: 'all' });
    expect(tabNames()).toEqual(['微信登录', '手机登录', '账号登录']);
    expect(screen.getByRole('tab', { name: '微信登录' }).getAttribute('aria-selected')).toBe('true');
    expect(await screen.findByTitle('微信登录二维码')).toBeTruthy();
  });

  it("'mobile' offers phone and account", () => {
    openDialog({ loginWay: 'mobile' });
    expect(tabNames()).toEqual(['手机登录', '账号登录']);
    expect(screen.getByLabelText('手机号')).toBeTruthy();
  });

  it("'wechat' offers WeChat and account", () => {
    openDialog({ loginWay: 'wechat' });
    expect(tabNames()).toEqual(['微信登录', '账号登录']);
  });

  it("'other' offers the account form alone, without a switch", () => {
    openDialog({ loginWay: 'other' });
    expect(screen.queryByRole('tablist')).toBeNull();
    expect(screen.getByLabelText('账号')).toBeTruthy();
    expect(screen.getByLabelText('密码')).toBeTruthy();
  });

  it('switches method with the icons', async () => {
    const user = userEvent.setup();
    openDialog({ loginWay: 'all' });
    await user.click(screen.getByRole('tab', { name: '账号登录' }));
    expect(screen.getByLabelText('账号')).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: '手机登录' }));
    expect(screen.getByLabelText('手机号')).toBeTruthy();
  });
});

describe('first-authentication gift notice', () => {
  beforeEach(() => mockApi({}));

  it('shows the counts when registerSendStatus is on and a register way is open', () => {
    openDialog({ loginWay: 'other', config: { wechatRegisterStatus: 0, phoneRegisterStatus: 0, emailRegisterStatus: 1 } });
    expect(screen.getByTestId('gift-notice').textContent).toContain('首次认证赠送 20 次基础对话、5 次高级对话、5 次绘画');
  });

  it('is hidden when registerSendStatus is off', () => {
    openDialog({ loginWay: 'other', config: { registerSendStatus: 0 } });
    expect(screen.queryByTestId('gift-notice')).toBeNull();
  });

  it('is hidden when no register way is open', () => {
    openDialog({ loginWay: 'other', config: { wechatRegisterStatus: 0, phoneRegisterStatus: 0, emailRegisterStatus: 0 } });
    expect(screen.queryByTestId('gift-notice')).toBeNull();
  });
});

describe('paid order before login', () => {
  beforeEach(() => mockApi({}));

  it('shows the order number and asks to log in to bind it, in the wide dialog', () => {
    openDialog({ loginWay: 'other', orderSn: 'VIP20260101000042' });
    const notice = screen.getByTestId('order-notice');
    expect(notice.textContent).toContain('VIP20260101000042');
    expect(notice.textContent).toContain('请登录账号以绑定当前订单');
    expect(screen.getByRole('dialog').className).toContain('max-w-[800px]');
  });

  it('has no order notice otherwise', () => {
    openDialog({ loginWay: 'other' });
    expect(screen.queryByTestId('order-notice')).toBeNull();
    expect(screen.getByRole('dialog').className).toContain('max-w-[380px]');
  });
});

describe('phone + SMS code', () => {
  it('asks for the phone number and the code', async () => {
    mockApi({});
    const user = userEvent.setup();
    openDialog({ loginWay: 'mobile' });
    await user.click(screen.getByRole('button', { name: '登录 / 注册' }));
    expect(screen.getByText('请输入手机号')).toBeTruthy();
    expect(screen.getByText('请输入验证码')).toBeTruthy();
  });

  it('rejects a badly formatted number', async () => {
    mockApi({});
    const user = userEvent.setup();
    openDialog({ loginWay: 'mobile' });
    await user.type(screen.getByLabelText('手机号'), '12345678901');
    await user.click(screen.getByRole('button', { name: '登录 / 注册' }));
    expect(screen.getByText('请输入正确格式的手机号')).toBeTruthy();
  });

  it('does not send a code to a wrong number', async () => {
    const api = mockApi({});
    const user = userEvent.setup();
    openDialog({ loginWay: 'mobile' });
    await user.type(screen.getByLabelText('手机号'), '1380013');
    await user.click(screen.getByRole('button', { name: '获取验证码' }));
    expect(toast.error).toHaveBeenCalledWith('请输入正确的手机号');
    expect(api.calls).toHaveLength(0);
  });

  it('disables 获取验证码 for 120 s after a send, counting down', async () => {
    fakeTimers();
    const api = mockApi({ 'POST /api/sms-code/create': () => ok({ sms_id: 'sms-1' }, '发送成功') });
    openDialog({ loginWay: 'mobile' });
    fireEvent.change(screen.getByLabelText('手机号'), { target: { value: '13800138000' } });
    fireEvent.click(screen.getByRole('button', { name: '获取验证码' }));
    await act(() => vi.advanceTimersByTimeAsync(0));

    expect(api.calls.find((c) => c.path === '/api/sms-code/create')?.body).toEqual({ mobile: '13800138000' });
    expect(toast.success).toHaveBeenCalledWith('发送成功');
    const button = screen.getByRole('button', { name: '120 秒后重发' });
    expect((button as HTMLButtonElement).disabled).toBe(true);

    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(button.textContent).toContain('119 秒后重发');
    expect((button as HTMLButtonElement).disabled).toBe(true);

    await act(() => vi.advanceTimersByTimeAsync(118_000));
    expect(button.textContent).toContain('1 秒后重发');
    expect((button as HTMLButtonElement).disabled).toBe(true);

    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(button.textContent).toContain('获取验证码');
    expect((button as HTMLButtonElement).disabled).toBe(false);
  });

  it('stays enabled when the server refuses to send', async () => {
    mockApi({ 'POST /api/sms-code/create': () => ({ status: 429, body: { code: 429, message: '验证码已发送，请60秒后再试' } }) });
    const user = userEvent.setup();
    openDialog({ loginWay: 'mobile' });
    await user.type(screen.getByLabelText('手机号'), '13800138000');
    await user.click(screen.getByRole('button', { name: '获取验证码' }));
    await waitFor(() => expect(screen.getByRole<HTMLButtonElement>('button', { name: '获取验证码' }).disabled).toBe(false));
    expect(toast.success).not.toHaveBeenCalled();
  });

  it('logs in with the code, sending client_code and invitedBy, and announces the gift', async () => {
    storage.set(StorageKey.clientCode, 'client-abc');
    storage.set(StorageKey.invitedBy, 'INV42');
    const api = mockApi({
      'POST /api/sms-code/create': () => ok({ sms_id: 'sms-1' }),
      'POST /api/login/mobile': () => ok({ token: 'tok-mobile', is_new: true, gift: { model3: 20, model4: 5, draw: 5 } }, '登录成功'),
      ...sessionRoutes,
    });
    const user = userEvent.setup();
    openDialog({ loginWay: 'mobile' });
    await user.type(screen.getByLabelText('手机号'), '13800138000');
    await user.click(screen.getByRole('button', { name: '获取验证码' }));
    await screen.findByRole('button', { name: '120 秒后重发' });
    await user.type(screen.getByLabelText('验证码'), '123456');
    await user.click(screen.getByRole('button', { name: '登录 / 注册' }));

    await waitFor(() => expect(useSession.getState().loginOpen).toBe(false));
    expect(api.calls.find((c) => c.path === '/api/login/mobile')?.body).toEqual({
      mobile: '13800138000',
      sms_code: '123456',
      sms_id: 'sms-1',
      client_code: 'client-abc',
      invitedBy: 'INV42',
    });
    expect(tokenStore.get()).toBe('tok-mobile');
    expect(storage.get(StorageKey.invitedBy)).toBeNull();
    expect(toast.success).toHaveBeenCalledWith('登录成功');
    expect(toast.success).toHaveBeenCalledWith('新用户礼包已到账：20 次基础对话、5 次高级对话、5 次绘画');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});

describe('account + password', () => {
  it('asks for account and password', async () => {
    mockApi({});
    const user = userEvent.setup();
    openDialog({ loginWay: 'other' });
    await user.click(screen.getByRole('button', { name: '登录' }));
    expect(screen.getByText('请输入账号')).toBeTruthy();
    expect(screen.getByText('请输入密码')).toBeTruthy();
  });

  it('clears a message once the field is filled', async () => {
    mockApi({});
    const user = userEvent.setup();
    openDialog({ loginWay: 'other' });
    await user.click(screen.getByRole('button', { name: '登录' }));
    await user.type(screen.getByLabelText('账号'), 'alice');
    expect(screen.queryByText('请输入账号')).toBeNull();
    expect(screen.getByText('请输入密码')).toBeTruthy();
  });

  it('shows the server’s message when the login fails and keeps the dialog open', async () => {
    vi.setSystemTime(Date.now() + 60_000); // past the error-toast throttle of earlier tests
    mockApi({ 'POST /api/login/account-login': () => ({ status: 400, body: { code: 400, message: '账号或密码错误' } }) });
    const user = userEvent.setup();
    openDialog({ loginWay: 'other' });
    await user.type(screen.getByLabelText('账号'), 'alice');
    await user.type(screen.getByLabelText('密码'), 'wrong-password');
    await user.click(screen.getByRole('button', { name: '登录' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('账号或密码错误'));
    expect(useSession.getState().loginOpen).toBe(true);
    expect(tokenStore.get()).toBeNull();
    vi.useRealTimers();
  });

  it('logs in and says 账户登录成功、开始体验吧！ (SPEC §8 success texts)', async () => {
    const api = mockApi({ 'POST /api/login/account-login': () => ok({ token: 'tok-acc', is_new: false, gift: null }), ...sessionRoutes });
    const user = userEvent.setup();
    openDialog({ loginWay: 'other' });
    await user.type(screen.getByLabelText('账号'), 'alice');
    await user.type(screen.getByLabelText('密码'), 'secret1{Enter}');
    await waitFor(() => expect(tokenStore.get()).toBe('tok-acc'));
    expect(api.calls.find((c) => c.path === '/api/login/account-login')?.body).toEqual({ userName: 'alice', password: 'secret1' });
    expect(toast.success).toHaveBeenCalledWith('账户登录成功、开始体验吧！');
    expect(toast.success).toHaveBeenCalledTimes(1);
    expect(useSession.getState().loginOpen).toBe(false);
  });

  it('registers with a confirmed password', async () => {
    storage.set(StorageKey.invitedBy, 'INV42');
    const api = mockApi({ 'POST /api/login/register': () => ok({ token: 'tok-new', is_new: true, gift: null }), ...sessionRoutes });
    const user = userEvent.setup();
    openDialog({ loginWay: 'other' });
    await user.click(screen.getByRole('button', { name: '立即注册' }));
    await user.click(screen.getByRole('button', { name: '注册并登录' }));
    expect(screen.getByText('请输入账号')).toBeTruthy();
    expect(screen.getByText('请输入密码')).toBeTruthy();
    expect(screen.getByText('请再次输入密码')).toBeTruthy();

    await user.type(screen.getByLabelText('账号'), 'alice');
    await user.type(screen.getByLabelText('密码'), 'secret1');
    await user.type(screen.getByLabelText('确认密码'), 'secret2');
    await user.click(screen.getByRole('button', { name: '注册并登录' }));
    expect(screen.getByText('两次输入的密码不一致')).toBeTruthy();

    await user.clear(screen.getByLabelText('确认密码'));
    await user.type(screen.getByLabelText('确认密码'), 'secret1');
    await user.click(screen.getByRole('button', { name: '注册并登录' }));
    await waitFor(() => expect(tokenStore.get()).toBe('tok-new'));
    expect(api.calls.find((c) => c.path === '/api/login/register')?.body).toEqual({ userName: 'alice', password: 'secret1', invitedBy: 'INV42' });
    expect(toast.success).toHaveBeenCalledWith('注册成功');
  });

  it('offers no registration when account registration is closed', () => {
    mockApi({});
    openDialog({ loginWay: 'other', config: { emailRegisterStatus: 0 } });
    expect(screen.queryByRole('button', { name: '立即注册' })).toBeNull();
  });
});

describe('WeChat QR login', () => {
  it('polls every second while open and stops when the dialog closes', async () => {
    fakeTimers();
    const api = mockApi({ 'GET /api/login/wechat-qrcode': qrRoute, 'GET /api/login/wechat': () => ({ body: { code: 202, message: '等待扫码' } }) });
    openDialog({ loginWay: 'all' });
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByTitle('微信登录二维码')).toBeTruthy();
    expect(api.count('GET', '/api/login/wechat')).toBe(0);

    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(api.count('GET', '/api/login/wechat')).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(api.count('GET', '/api/login/wechat')).toBe(3);
    expect(api.calls.at(-1)?.url.searchParams.get('login_ticket')).toBe('login_ticket_1');

    fireEvent.click(screen.getByRole('button', { name: '关闭' }));
    expect(useSession.getState().loginOpen).toBe(false);
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(api.count('GET', '/api/login/wechat')).toBe(3);
  });

  it('stops polling when another method is chosen', async () => {
    fakeTimers();
    const api = mockApi({ 'GET /api/login/wechat-qrcode': qrRoute, 'GET /api/login/wechat': () => ({ body: { code: 202 } }) });
    openDialog({ loginWay: 'all' });
    await act(() => vi.advanceTimersByTimeAsync(0));
    await act(() => vi.advanceTimersByTimeAsync(1000));
    const before = api.count('GET', '/api/login/wechat');
    expect(before).toBe(1);
    // Radix tabs switch on mousedown (user-event cannot run under fake timers here).
    fireEvent.mouseDown(screen.getByRole('tab', { name: '账号登录' }));
    expect(screen.getByLabelText('账号')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(api.count('GET', '/api/login/wechat')).toBe(before);
  });

  it('logs in on 200, sending client_code and invitedBy, and clears the invite code', async () => {
    fakeTimers();
    storage.set(StorageKey.clientCode, 'client-abc');
    storage.set(StorageKey.invitedBy, 'INV42');
    let scanned = false;
    const api = mockApi({
      'GET /api/login/wechat-qrcode': qrRoute,
      'GET /api/login/wechat': () => (scanned ? ok({ token: 'tok-wx', is_new: false, gift: null }, '登录成功') : { body: { code: 202 } }),
      ...sessionRoutes,
    });
    openDialog({ loginWay: 'all' });
    await act(() => vi.advanceTimersByTimeAsync(0));
    await act(() => vi.advanceTimersByTimeAsync(1000));
    const poll = api.calls.find((c) => c.path === '/api/login/wechat')!;
    expect(poll.url.searchParams.get('client_code')).toBe('client-abc');
    expect(poll.url.searchParams.get('invitedBy')).toBe('INV42');

    scanned = true;
    await act(() => vi.advanceTimersByTimeAsync(1000));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(tokenStore.get()).toBe('tok-wx');
    expect(storage.get(StorageKey.invitedBy)).toBeNull();
    expect(useSession.getState().loginOpen).toBe(false);
    expect(toast.success).toHaveBeenCalledWith('登录成功');
    const polls = api.count('GET', '/api/login/wechat');
    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(api.count('GET', '/api/login/wechat')).toBe(polls);
  });

  it('shows 二维码已过期 with 点击刷新 when the ticket expires, and refreshes', async () => {
    fakeTimers();
    const api = mockApi({
      'GET /api/login/wechat-qrcode': qrRoute,
      'GET /api/login/wechat': () => ({ status: 400, body: { code: 400, message: '二维码已过期，请刷新后重试' } }),
    });
    openDialog({ loginWay: 'all' });
    await act(() => vi.advanceTimersByTimeAsync(0));
    await act(() => vi.advanceTimersByTimeAsync(1000));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByText('二维码已过期')).toBeTruthy();
    expect(toast.error).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(api.count('GET', '/api/login/wechat')).toBe(1);

    fireEvent.click(screen.getByRole('button', { name: '点击刷新' }));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(api.count('GET', '/api/login/wechat-qrcode')).toBe(2);
    expect(screen.queryByText('二维码已过期')).toBeNull();
  });

  it('renders an image when the server sends one', async () => {
    mockApi({
      'GET /api/login/wechat-qrcode': () => ok({ wxUrl: 'https://mp.example/qr.png', isImage: true, loginTicket: 'login_ticket_1', expiresIn: 300 }),
      'GET /api/login/wechat': () => ({ body: { code: 202 } }),
    });
    openDialog({ loginWay: 'all' });
    expect((await screen.findByRole('img', { name: '微信登录二维码' })).getAttribute('src')).toBe('https://mp.example/qr.png');
  });
});

describe('local stand-ins and protocol', () => {
  it('says where the SMS code is and links the WeChat simulator in dev mode', async () => {
    mockApi({ 'GET /api/login/wechat-qrcode': qrRoute, 'GET /api/login/wechat': () => ({ body: { code: 202 } }) });
    const user = userEvent.setup();
    openDialog({ loginWay: 'all', demo: { sms: true, wechat: true } });
    const link = await screen.findByRole('link', { name: '在模拟器中打开' });
    expect(link.getAttribute('href')).toBe(WX_URL);
    expect(link.getAttribute('target')).toBe('_blank');
    await user.click(screen.getByRole('tab', { name: '手机登录' }));
    expect(screen.getByText('验证码会打印在服务器日志中')).toBeTruthy();
  });

  it('links the register protocol in a new tab', () => {
    mockApi({});
    openDialog({ loginWay: 'other' });
    const link = within(screen.getByRole('dialog')).getByRole('link', { name: '《用户服务协议》' });
    expect(link.getAttribute('href')).toBe('/protocol/register.html');
    expect(link.getAttribute('target')).toBe('_blank');
  });
});
