import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { mockApi, ok, resetSession, website } from '../../../app/test/fixtures.ts';
import { useBilling } from '../store.ts';
import { advance, PACKAGES, qrReply } from '../test/fixtures.ts';
import { MobilePurchase, navigateTo } from './MobilePurchase.tsx';

vi.mock('../../../lib/toast.ts', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

beforeEach(() => {
  vi.useFakeTimers();
  resetSession({ ready: true, packages: PACKAGES, website: website() });
  useBilling.setState({ purchasePackageId: 2 });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const METHODS = {
  sandbox: true,
  list: [
    { pay_method: 'sandbox.wxpay', pay_type: 'wechat', pay_name: '微信支付' },
    { pay_method: 'sandbox.alipay', pay_type: 'alipay', pay_name: '支付宝' },
  ],
};

describe('mobile purchase (SPEC §4.5)', () => {
  it('lists the payment methods; the agreement is checked by default and the pay buttons show only while it is', async () => {
    mockApi({ 'GET /api/trade/payments': () => ok(METHODS) });
    render(<MobilePurchase open onClose={() => undefined} />);
    await advance(0);
    const agree = screen.getByRole<HTMLInputElement>('checkbox');
    expect(agree.checked).toBe(true);
    expect(screen.getByRole('button', { name: /微信支付/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: /支付宝/ })).toBeTruthy();
    expect(screen.getByRole('radio', { name: /^标准季卡/ }).getAttribute('aria-checked')).toBe('true');
    expect(screen.getByText('不支持7天无理由退货')).toBeTruthy();

    fireEvent.click(agree);
    expect(screen.queryByRole('button', { name: /微信支付/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /支付宝/ })).toBeNull();
    expect(screen.getByText('请先勾选同意购买协议')).toBeTruthy();
    fireEvent.click(agree);
    expect(screen.getByRole('button', { name: /支付宝/ })).toBeTruthy();
  });

  it('paying asks for a link with the method and a return URL, then sends the browser there', async () => {
    const go = vi.spyOn(navigateTo, 'go').mockImplementation(() => undefined);
    const api = mockApi({
      'GET /api/trade/payments': () => ok(METHODS),
      'POST /api/order/pay-qrcode': () => ok(qrReply(1, { mode: 'redirect', pay_url: 'http://localhost/api/pay/sandbox/checkout?order=S1&x=1', channel: 'alipay' })),
    });
    render(<MobilePurchase open onClose={() => undefined} />);
    await advance(0);
    fireEvent.click(screen.getByRole('radio', { name: /^加油包/ }));
    fireEvent.click(screen.getByRole('button', { name: /支付宝/ }));
    await advance(0);
    expect(api.calls.find((c) => c.path === '/api/order/pay-qrcode')?.body).toEqual({
      package_id: 5,
      pay_method: 'sandbox.alipay',
      return_url: window.location.href,
    });
    expect(go).toHaveBeenCalledWith('http://localhost/api/pay/sandbox/checkout?order=S1&x=1');
  });

  it('a network failure resets the busy button silently', async () => {
    const go = vi.spyOn(navigateTo, 'go').mockImplementation(() => undefined);
    let calls = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string) => {
        if (String(input).includes('/api/trade/payments')) {
          return new Response(JSON.stringify({ code: 200, message: '', success: true, data: METHODS }), { headers: { 'Content-Type': 'application/json' } });
        }
        calls++;
        throw new TypeError('offline');
      }),
    );
    render(<MobilePurchase open onClose={() => undefined} />);
    await advance(0);
    const button = screen.getByRole<HTMLButtonElement>('button', { name: /微信支付/ });
    fireEvent.click(button);
    await advance(0);
    expect(calls).toBe(1);
    expect(go).not.toHaveBeenCalled();
    expect(button.disabled).toBe(false);
  });
});
