import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import type { OrderBuyReply, ThesisPackage } from '@app/shared';
import { mockApi, ok, resetSession, website } from '../../../app/test/fixtures.ts';
import { toast } from '../../../lib/toast.ts';
import '../locales.ts';
import PayDialog from './PayDialog.tsx';

vi.mock('../../../lib/toast.ts', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

const reply = (n: number, patch: Partial<OrderBuyReply> = {}): OrderBuyReply => ({
  url_qrcode: `http://localhost/api/pay/sandbox/checkout?order=T${n}`,
  orderId: `T${n}`,
  redirectUrl: '',
  payMode: 'qr',
  iframeUrl: '',
  jsapi: null,
  amount: '9.90',
  sandbox: true,
  expires_in: 1800,
  ...patch,
});
const pkg: ThesisPackage = { id: 7, name: '论文写作 · 1 万字', introduction: '', price: '9.9', price_y: '19.9', chars: 10000 };

const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
/** The dialog's code may load on demand: real I/O turns (setImmediate is not faked) until it is shown. */
async function shown() {
  for (let i = 0; i < 5000 && !screen.queryByRole('dialog'); i++) await act(() => new Promise<void>((r) => setImmediate(r)));
  expect(screen.getByRole('dialog')).toBeTruthy();
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  vi.mocked(toast.error).mockClear();
  resetSession({ ready: true, website: website() });
  // A returning guest: tracking gave them a client_code earlier (billing's PayDialog test covers a guest without one).
  localStorage.setItem('client_code', JSON.stringify({ data: 'cc_guest', expire: null }));
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  delete (window as { WeixinJSBridge?: unknown }).WeixinJSBridge;
});

function setup(make: (n: number, body: { payType: string }) => OrderBuyReply = (n) => reply(n), status: () => number = () => 0) {
  let n = 0;
  const api = mockApi({
    'POST /order/buy': (body) => ok(make(++n, body as unknown as { payType: string })),
    'POST /order/queryByOrderId': () => ok({ status: status() }),
  });
  const onPaid = vi.fn();
  const onClose = vi.fn();
  render(<PayDialog pkg={pkg} onClose={onClose} onPaid={onPaid} />);
  const bought = () => api.calls.filter((c) => c.path === '/order/buy').map((c) => c.body);
  return { api, onPaid, onClose, bought };
}

describe('thesis package pay dialog: the same payment flow as membership and slides', () => {
  it('orders through the first channel the site takes (WeChat QR); polls every second, one call at a time; paid once, then closes', async () => {
    let paid = false;
    const { api, onPaid, onClose, bought } = setup(undefined, () => (paid ? 1 : 0));
    await shown();
    await advance(0);
    expect(bought()).toEqual([{ goodsId: 7, payType: 'wxpay' }]);
    expect(screen.getByTestId('pay-qr').getAttribute('data-state')).toBe('ready');
    expect(screen.getByText('请使用微信扫码支付')).toBeTruthy();
    expect(screen.getByTestId('pay-countdown').textContent).toBe('05:00');
    expect(screen.getByRole('link', { name: '打开沙箱支付页' }).getAttribute('href')).toBe('http://localhost/api/pay/sandbox/checkout?order=T1');
    await advance(3000);
    expect(api.count('POST', '/order/queryByOrderId')).toBe(3);
    paid = true;
    await advance(1000);
    expect(screen.getByRole('status').textContent).toContain('支付成功');
    expect(onPaid).toHaveBeenCalledTimes(1);
    await advance(2000);
    expect(onClose).toHaveBeenCalledTimes(1);
    const polls = api.count('POST', '/order/queryByOrderId');
    await advance(5000);
    expect(api.count('POST', '/order/queryByOrderId')).toBe(polls);
    expect(onPaid).toHaveBeenCalledTimes(1);
  });

  it('Alipay: choosing it makes a new order through Alipay', async () => {
    const { bought } = setup();
    await shown();
    await advance(0);
    fireEvent.click(screen.getByRole('radio', { name: '支付宝' }));
    await shown();
    await advance(0);
    expect(bought().map((b) => (b as { payType: string }).payType)).toEqual(['wxpay', 'alipay']);
    expect(screen.getByText('请使用支付宝扫码支付')).toBeTruthy();
  });

  it('a site that takes Alipay alone offers no choice and orders through Alipay', async () => {
    resetSession({ ready: true, website: website({ pay_way: 'ali' }) });
    const { bought } = setup();
    await shown();
    await advance(0);
    expect(screen.queryByRole('radiogroup')).toBeNull();
    expect(bought()).toEqual([{ goodsId: 7, payType: 'alipay' }]);
  });

  it('易支付 submit / 码支付: a button to the gateway page instead of a QR code', async () => {
    setup((n) => reply(n, { payMode: 'redirect', url_qrcode: '', redirectUrl: 'https://pay.example.com/submit.php?x=1', sandbox: false }));
    await shown();
    await advance(0);
    const link = screen.getByRole('link', { name: '前往支付' });
    expect(link.getAttribute('href')).toBe('https://pay.example.com/submit.php?x=1');
    expect(link.getAttribute('rel')).toContain('noopener');
    expect(screen.queryByTestId('pay-qr')).toBeNull();
  });

  it("虎皮椒: the gateway's cashier in a frame", async () => {
    setup((n) => reply(n, { payMode: 'iframe', url_qrcode: '', iframeUrl: 'https://api.xunhupay.com/payment/cashier.html?id=1', sandbox: false }));
    await shown();
    await advance(0);
    expect(screen.getByTitle('虎皮椒收银台').getAttribute('src')).toBe('https://api.xunhupay.com/payment/cashier.html?id=1');
  });

  it("inside WeChat: orders with jsapi and opens WeChat's own pay sheet", async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue('Mozilla/5.0 (iPhone) MicroMessenger/8.0.50');
    const invoke = vi.fn();
    (window as { WeixinJSBridge?: unknown }).WeixinJSBridge = { invoke };
    const jsapi = { appId: 'wx1', timeStamp: '1', nonceStr: 'n', package: 'prepay_id=p', signType: 'RSA' as const, paySign: 's' };
    const { bought } = setup((n) => reply(n, { payMode: 'jsapi', url_qrcode: '', jsapi, sandbox: false }));
    await shown();
    await advance(0);
    expect(bought()).toEqual([{ goodsId: 7, payType: 'jsapi' }]);
    expect(invoke).toHaveBeenCalledWith('getBrandWCPayRequest', jsapi, expect.any(Function));
    expect(screen.getByText('请在微信弹出的支付窗口中完成支付')).toBeTruthy();
  });

  it('stops after 300 s unpaid: the user is told to buy again and the dialog closes; polling stops', async () => {
    const { api, onPaid, onClose } = setup();
    await shown();
    await advance(0);
    await advance(300_000);
    expect(toast.error).toHaveBeenCalledWith('订单已超时未支付，请关闭后重新购买');
    expect(onClose).toHaveBeenCalledTimes(1);
    const asked = api.count('POST', '/order/queryByOrderId');
    await advance(10_000);
    expect(api.count('POST', '/order/queryByOrderId')).toBe(asked);
    expect(onPaid).not.toHaveBeenCalled();
  });

  it("a refused order shows the server's message", async () => {
    mockApi({ 'POST /order/buy': () => ({ status: 400, body: { code: 400, message: '暂不支持该支付方式，请选择其他支付方式', data: { field: 'payType' } } }) });
    render(<PayDialog pkg={pkg} onClose={vi.fn()} onPaid={vi.fn()} />);
    await shown();
    await advance(0);
    expect(toast.error).toHaveBeenCalledWith('暂不支持该支付方式，请选择其他支付方式');
    expect(screen.getByRole('button', { name: '重新下单' })).toBeTruthy();
  });
});
