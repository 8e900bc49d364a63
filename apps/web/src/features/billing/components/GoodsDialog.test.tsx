import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { mockApi, ok, resetSession, website } from '../../../app/test/fixtures.ts';
import { useSession } from '../../../lib/session.ts';
import { tokenStore } from '../../../lib/storage.ts';
import { toast } from '../../../lib/toast.ts';
import { resetActivity } from '../activity.ts';
import { advance, PACKAGES, pkg, qrReply } from '../test/fixtures.ts';
import GoodsDialog from './GoodsDialog.tsx';

vi.mock('../../../lib/toast.ts', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

function Host() {
  const open = useSession((s) => s.dialog === 'goods');
  return <GoodsDialog open={open} onClose={() => useSession.getState().closeDialog()} />;
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.mocked(toast.success).mockClear();
  resetActivity();
  resetSession({ ready: true, packages: PACKAGES, website: website(), dialog: 'goods' });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function setup(opts: { paid?: () => boolean; bound?: boolean } = {}) {
  let n = 0;
  const api = mockApi({
    'POST /api/order/pay-qrcode': () => ok(qrReply(++n)),
    'POST /api/order/pay-result': () =>
      opts.paid?.()
        ? { body: { code: 3, message: '支付成功', data: { result: { status: 1, order_sn: `S${n}`, package_name: '体验月卡', bound: opts.bound ?? true } } } }
        : { body: { code: 202, message: '等待支付', data: { result: { status: 0, order_sn: `S${n}`, package_name: '体验月卡', bound: false } } } },
    'GET /api/package/activity': () => ok(pkg({ id: 9, name: '新人专享月卡', price: '9.90', price_y: '29.90', discount: '新人价' })),
    'GET /api/user/info': () => ok(null),
    'GET /balance/query': () => ok(null),
    'POST /api/order/bind': () => ok({ order_sn: 'S1', package_name: '体验月卡' }),
  });
  render(<Host />);
  return api;
}

describe('membership dialog, desktop (SPEC §4.5)', () => {
  it('shows only the first 4 packages as tabs; selecting one requests its QR code', async () => {
    const api = setup();
    await advance(0);
    // Each tab is named by what it shows, the package's name first (WCAG 2.5.3).
    expect(screen.getAllByRole('tab').map((t) => t.querySelector('span')?.textContent)).toEqual(['体验月卡', '标准季卡', '专业年卡', '至尊永久卡']);
    expect(screen.getByText('不支持7天无理由退货')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: /^专业年卡/ }));
    await advance(0);
    expect(api.calls.filter((c) => c.path === '/api/order/pay-qrcode').map((c) => (c.body as { package_id: number }).package_id)).toEqual([1, 3]);
    expect(screen.getByRole('link', { name: '打开沙箱支付页' }).getAttribute('href')).toBe(qrReply(2).qr_code);
  });

  it('the QR lives 120 s ticking every second, polls about every 2 s, then asks 温馨提示 / 当前支付二维码已经失效，是否重新刷新？', async () => {
    const api = setup();
    await advance(0);
    expect(screen.getByTestId('qr-countdown').textContent).toBe('二维码 120 秒后失效');
    await advance(1000);
    expect(screen.getByTestId('qr-countdown').textContent).toBe('二维码 119 秒后失效');
    await advance(3000);
    expect(api.count('POST', '/api/order/pay-result')).toBe(2);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await advance(116_000);
    const confirm = screen.getByRole('alertdialog');
    expect(confirm.textContent).toContain('温馨提示');
    expect(confirm.textContent).toContain('当前支付二维码已经失效，是否重新刷新？');
    expect(screen.getByTestId('pay-qr').getAttribute('data-state')).toBe('expired');
    const polls = api.count('POST', '/api/order/pay-result');
    await advance(6000);
    expect(api.count('POST', '/api/order/pay-result')).toBe(polls);
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    await advance(0);
    expect(api.count('POST', '/api/order/pay-qrcode')).toBe(2);
    expect(screen.getByTestId('qr-countdown').textContent).toBe('二维码 120 秒后失效');
  });

  it('a logged-in user sees 购买成功、祝您使用愉快! and the info is refreshed', async () => {
    tokenStore.set('t');
    resetSession({ ready: true, packages: PACKAGES, website: website(), dialog: 'goods', token: 't' });
    let paid = false;
    const api = setup({ paid: () => paid });
    await advance(0);
    paid = true;
    await advance(2000);
    expect(toast.success).toHaveBeenCalledWith('购买成功、祝您使用愉快!');
    expect(api.count('GET', '/api/user/info')).toBe(1);
    expect(screen.getByTestId('pay-qr').getAttribute('data-state')).toBe('paid');
    await advance(2000);
    expect(useSession.getState().dialog).toBeNull();
    // Closing after a purchase offers no promo.
    expect(api.count('GET', '/api/package/activity')).toBe(0);
  });

  it('a guest sees 购买成功、请登录账号绑定当前订单！, the login dialog opens with the order number and the dialog closes', async () => {
    let paid = false;
    setup({ paid: () => paid, bound: false });
    await advance(0);
    paid = true;
    await advance(2000);
    expect(toast.success).toHaveBeenCalledWith('购买成功、请登录账号绑定当前订单！');
    const s = useSession.getState();
    expect(s).toMatchObject({ loginOpen: true, showOrder: true, orderSn: 'S1', dialog: null });
  });

  it('closing fetches the activity package once and shows the promo with its own QR and a 120 s countdown', async () => {
    const api = setup();
    await advance(0);
    fireEvent.click(screen.getByRole('button', { name: '关闭' }));
    await advance(0);
    expect(api.count('GET', '/api/package/activity')).toBe(1);
    expect(screen.getByText('新人专享月卡')).toBeTruthy();
    expect(api.calls.filter((c) => c.path === '/api/order/pay-qrcode').map((c) => (c.body as { package_id: number }).package_id)).toEqual([1, 9]);
    expect(screen.getByTestId('promo-countdown').textContent).toBe('02:00');
    await advance(120_000);
    // A new code replaces the old one, the countdown restarts.
    expect(api.count('POST', '/api/order/pay-qrcode')).toBe(3);
    expect(screen.getByTestId('promo-countdown').textContent).toBe('02:00');
    fireEvent.click(screen.getByRole('button', { name: '残忍拒绝' }));
    await advance(0);
    // Opening and closing again does not fetch the activity again.
    act(() => useSession.getState().openDialog('goods'));
    await advance(0);
    fireEvent.click(screen.getByRole('button', { name: '关闭' }));
    await advance(0);
    expect(api.count('GET', '/api/package/activity')).toBe(1);
  });

  it('the desktop QR never waits for a checkbox (SPEC §4.5 gates only the mobile pay buttons): the agreement is a statement', async () => {
    const api = setup();
    await advance(0);
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(screen.getByText(/扫码支付即表示同意/)).toBeTruthy();
    expect(screen.getByTestId('pay-qr')).toBeTruthy();
    expect(api.count('POST', '/api/order/pay-qrcode')).toBe(1);
  });
});
