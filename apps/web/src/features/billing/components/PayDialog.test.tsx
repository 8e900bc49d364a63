import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { mockApi, ok, resetSession, website } from '../../../app/test/fixtures.ts';
import { useSession } from '../../../lib/session.ts';
import { tokenStore } from '../../../lib/storage.ts';
import { toast } from '../../../lib/toast.ts';
import { useBilling } from '../store.ts';
import { advance, buyReply, PACKAGES } from '../test/fixtures.ts';
import PayDialog from './PayDialog.tsx';

vi.mock('../../../lib/toast.ts', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

beforeEach(() => {
  vi.useFakeTimers();
  vi.mocked(toast.success).mockClear();
  vi.mocked(toast.error).mockClear();
  resetSession({ ready: true, packages: PACKAGES, website: website() });
  useBilling.setState({ payPackageId: 2 });
  // A returning guest: tracking gave them a client_code earlier (the test below starts without one).
  localStorage.setItem('client_code', JSON.stringify({ data: 'cc_guest', expire: null }));
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function setup(status: () => number = () => 0) {
  let n = 0;
  const api = mockApi({
    'POST /order/buy': () => ok(buyReply(++n)),
    'POST /order/queryByOrderId': () => ok({ status: status() }),
    'GET /api/user/info': () => ok(null),
    'GET /balance/query': () => ok(null),
  });
  const onClose = vi.fn();
  render(<PayDialog open onClose={onClose} />);
  return { api, onClose };
}

describe('pay dialog (SPEC §4.4)', () => {
  it('a guest who taps 购买 before tracking asked for a client_code gets one first, then orders with it', async () => {
    vi.useRealTimers();
    localStorage.removeItem('client_code');
    const api = mockApi({
      'POST /api/client/create': () => ok({ client_code: 'cc_new' }),
      'POST /order/buy': () => ok(buyReply(1)),
      'POST /order/queryByOrderId': () => ok({ status: 0 }),
      'GET /api/user/info': () => ok(null),
      'GET /balance/query': () => ok(null),
    });
    render(<PayDialog open onClose={vi.fn()} />);
    await vi.waitFor(() => expect(api.count('POST', '/order/buy')).toBe(1));
    expect(api.calls.findIndex((c) => c.path === '/api/client/create')).toBeLessThan(api.calls.findIndex((c) => c.path === '/order/buy'));
    const buyInit = vi.mocked(fetch).mock.calls.find(([input]) => String(input).endsWith('/order/buy'))?.[1];
    expect(new Headers(buyInit?.headers).get('X-Client-Code')).toBe('cc_new');
  });

  it('orders the chosen package, shows its QR and 300 s, then times out with 支付超时，请重新下单!', async () => {
    const { api, onClose } = setup();
    await advance(0);
    expect(api.calls.find((c) => c.path === '/order/buy')?.body).toEqual({ goodsId: 2, payType: 'wxpay' });
    expect(screen.getByText('标准季卡')).toBeTruthy();
    expect(screen.getByTestId('pay-qr').getAttribute('data-state')).toBe('ready');
    expect(screen.getByTestId('pay-countdown').textContent).toBe('05:00');
    await advance(1000);
    expect(screen.getByTestId('pay-countdown').textContent).toBe('04:59');
    expect(api.count('POST', '/order/queryByOrderId')).toBe(1);
    await advance(298_000);
    expect(screen.getByTestId('pay-countdown').textContent).toBe('00:01');
    expect(onClose).not.toHaveBeenCalled();
    await advance(1000);
    expect(toast.error).toHaveBeenCalledWith('支付超时，请重新下单!');
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('polls every second; paid shows 恭喜你支付成功、祝您使用愉快！, refreshes the user and closes after 2 s', async () => {
    let paid = false;
    const { api, onClose } = setup(() => (paid ? 1 : 0));
    tokenStore.set('t');
    resetSession({ ready: true, packages: PACKAGES, website: website(), token: 't' });
    await advance(0);
    await advance(3000);
    expect(api.count('POST', '/order/queryByOrderId')).toBe(3);
    paid = true;
    await advance(1000);
    expect(toast.success).toHaveBeenCalledWith('恭喜你支付成功、祝您使用愉快！');
    expect(screen.getByText('恭喜你支付成功、祝您使用愉快！')).toBeTruthy();
    expect(api.count('GET', '/api/user/info')).toBe(1);
    await advance(1900);
    expect(onClose).not.toHaveBeenCalled();
    await advance(100);
    expect(onClose).toHaveBeenCalledTimes(1);
    const polls = api.count('POST', '/order/queryByOrderId');
    await advance(5000);
    expect(api.count('POST', '/order/queryByOrderId')).toBe(polls);
  });

  it('a guest who paid is asked to log in with the order number once the dialog closes', async () => {
    let paid = false;
    const { onClose } = setup(() => (paid ? 1 : 0));
    await advance(0);
    paid = true;
    await advance(1000);
    expect(useSession.getState().loginOpen).toBe(false);
    await advance(2000);
    expect(onClose).toHaveBeenCalled();
    expect(useSession.getState()).toMatchObject({ loginOpen: true, showOrder: true, orderSn: 'B1' });
  });

  it('changing the channel creates a new order', async () => {
    const { api } = setup();
    await advance(0);
    fireEvent.click(screen.getByRole('radio', { name: '支付宝' }));
    await advance(0);
    expect(api.calls.filter((c) => c.path === '/order/buy').map((c) => (c.body as { payType: string }).payType)).toEqual(['wxpay', 'alipay']);
    expect(screen.getByText('请使用支付宝扫码支付')).toBeTruthy();
  });

  it('shows a button to the gateway page for redirect gateways', async () => {
    mockApi({
      'POST /order/buy': () => ok(buyReply(1, { payMode: 'redirect', url_qrcode: '', redirectUrl: 'https://pay.example.com/submit.php?x=1', sandbox: false })),
      'POST /order/queryByOrderId': () => ok({ status: 0 }),
    });
    render(<PayDialog open onClose={() => undefined} />);
    await advance(0);
    const link = screen.getByRole('link', { name: '前往支付' });
    expect(link.getAttribute('href')).toBe('https://pay.example.com/submit.php?x=1');
    expect(link.getAttribute('rel')).toContain('noopener');
  });

  it('a network failure only resets the loading state (no toast); 重新下单 tries again', async () => {
    let fail = true;
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        if (fail) throw new TypeError('network down');
        return new Response(JSON.stringify({ code: 200, message: '', success: true, data: buyReply(9) }), { headers: { 'Content-Type': 'application/json' } });
      }),
    );
    render(<PayDialog open onClose={() => undefined} />);
    await advance(0);
    expect(toast.error).not.toHaveBeenCalled();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: '重新下单' }));
    await advance(0);
    expect(screen.getByTestId('pay-qr').getAttribute('data-state')).toBe('ready');
  });

  it("a refused order shows the server's message", async () => {
    mockApi({ 'POST /order/buy': () => ({ status: 400, body: { code: 400, message: '套餐不存在或已下架', data: { field: 'goodsId' } } }) });
    render(<PayDialog open onClose={() => undefined} />);
    await advance(0);
    expect(toast.error).toHaveBeenCalledWith('套餐不存在或已下架');
  });
});
