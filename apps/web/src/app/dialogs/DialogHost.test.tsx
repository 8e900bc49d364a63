import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useSession } from '../../lib/session.ts';
import { mockApi, ok, resetSession } from '../test/fixtures.ts';
import { DialogHost } from './DialogHost.tsx';

/** Dialogs are lazy chunks; the first import can be slow on a busy test machine. */
const LAZY = { timeout: 5000 };
const findDialog = () => screen.findByRole('dialog', {}, LAZY);

vi.mock('../../features/auth/components/LoginDialog.tsx', () => ({
  LoginDialog: () => (useSession((s) => s.loginOpen) ? <div role="dialog" aria-label="login" /> : null),
}));

beforeEach(() => {
  resetSession({ ready: true });
  vi.unstubAllGlobals();
});

describe('dialog host', () => {
  it('ppt (508xxx) lists the slide packages and the balance; 立即购买 opens the pay dialog for the chosen one', async () => {
    resetSession({ ready: true, token: 'tok' });
    const pkgs = [
      { id: 7, name: 'PPT 体验包', introduction: '', description: '', price: '9.90', price_y: '14.90', discount: '', days: 0, level: 0, model3_count: 0, model4_count: 0, draw_count: 0, ppt_count: 3 },
      { id: 8, name: 'PPT 标准包', introduction: '', description: '', price: '29.90', price_y: '49.90', discount: '', days: 0, level: 0, model3_count: 0, model4_count: 0, draw_count: 0, ppt_count: 10 },
    ];
    const api = mockApi({
      'GET /api/aippt/package/list': () => ok({ list: pkgs, balance: 0 }),
      'GET /api/package/index': () => ok({ list: [] }),
      'POST /order/buy': () =>
        ok({ url_qrcode: 'http://x/checkout', orderId: 'S9', redirectUrl: '', payMode: 'qr', iframeUrl: '', jsapi: null, amount: '9.90', sandbox: false, expires_in: 1800 }),
      'POST /order/queryByOrderId': () => ok({ status: 0 }),
    });
    render(<DialogHost />);
    act(() => useSession.getState().openDialog('ppt'));
    const dialog = await findDialog();
    expect(await screen.findByText('剩余 PPT 额度：0 次')).toBeTruthy();
    expect(dialog.textContent).toContain('PPT 体验包');
    fireEvent.click(screen.getByRole('radio', { name: /PPT 体验包/ }));
    fireEvent.click(screen.getByRole('button', { name: '立即购买' }));
    await waitFor(() => expect(useSession.getState().dialog).toBe('pay'));
    await waitFor(() => expect(api.count('POST', '/order/buy')).toBe(1), LAZY);
    expect(api.calls.find((c) => c.path === '/order/buy')?.body).toMatchObject({ goodsId: 7 });
  });

  it('goods opens the membership dialog with the packages as tabs, loading them when needed', async () => {
    const api = mockApi({
      'GET /api/package/index': () =>
        ok({ list: [{ id: 1, name: '体验月卡', introduction: '轻度使用', description: '基础对话 500 次', price: '19.90', price_y: '29.90', discount: '限时67折', days: 30, level: 1, model3_count: 500, model4_count: 50, draw_count: 20 }] }),
      'POST /api/order/pay-qrcode': () =>
        ok({ qr_code: 'http://x/checkout', hash: 'h'.repeat(32), order_sn: 'S1', mode: 'qr', channel: 'wxpay', pay_url: '', jsapi: null, amount: '19.90', sandbox: true, expires_in: 1800 }),
      'POST /api/order/pay-result': () => ({ body: { code: 202, data: { result: { status: 0, order_sn: 'S1', package_name: '体验月卡', bound: false } } } }),
    });
    render(<DialogHost />);
    act(() => useSession.getState().openDialog('goods'));
    expect(await screen.findByRole('tab', { name: /^体验月卡/ }, LAZY)).toBeTruthy();
    expect(screen.getByRole('dialog').textContent).toContain('不支持7天无理由退货');
    await waitFor(() => expect(api.count('POST', '/api/order/pay-qrcode')).toBe(1));
    expect(api.count('GET', '/api/package/index')).toBe(1);
  });

  it('pay opens the pay dialog, which creates an order', async () => {
    const api = mockApi({
      'GET /api/package/index': () =>
        ok({ list: [{ id: 1, name: '体验月卡', introduction: '', description: '', price: '19.90', price_y: '29.90', discount: '', days: 30, level: 1, model3_count: 500, model4_count: 50, draw_count: 20 }] }),
      'POST /order/buy': () =>
        ok({ url_qrcode: 'http://x/checkout', orderId: 'S2', redirectUrl: '', payMode: 'qr', iframeUrl: '', jsapi: null, amount: '19.90', sandbox: false, expires_in: 1800 }),
      'POST /order/queryByOrderId': () => ok({ status: 0 }),
    });
    render(<DialogHost />);
    act(() => useSession.getState().openDialog('pay'));
    const dialog = await findDialog();
    expect(dialog.textContent).toContain('订单支付');
    await waitFor(() => expect(api.count('POST', '/order/buy')).toBe(1));
  });

  it('mounts the login dialog only once login is opened', async () => {
    render(<DialogHost />);
    expect(screen.queryByRole('dialog')).toBeNull();
    act(() => useSession.getState().openLogin());
    expect(await screen.findByRole('dialog', { name: 'login' }, LAZY)).toBeTruthy();
  });
});
