import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import type { OrderBuyReply, ThesisPackage } from '@app/shared';
import { mockApi, ok, resetSession } from '../../../app/test/fixtures.ts';
import '../locales.ts';
import PayDialog from './PayDialog.tsx';

const order: OrderBuyReply = {
  url_qrcode: 'http://localhost/api/pay/sandbox/checkout?order=T1',
  orderId: 'T1',
  redirectUrl: '',
  payMode: 'qr',
  iframeUrl: '',
  jsapi: null,
  amount: '9.90',
  sandbox: true,
  expires_in: 1800,
};
const pkg = { id: 7, name: '论文写作 · 1 万字', price: '9.9' } as ThesisPackage;

const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

beforeEach(() => {
  vi.useFakeTimers();
  resetSession({ ready: true });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function setup(status: () => number) {
  const api = mockApi({ 'POST /order/queryByOrderId': () => ok({ status: status() }) });
  const onPaid = vi.fn();
  render(<PayDialog pkg={pkg} order={order} onClose={vi.fn()} onPaid={onPaid} />);
  return { api, onPaid };
}

describe('thesis package pay dialog', () => {
  it('polls the order every second, one call at a time, and reports the payment once', async () => {
    let paid = false;
    const { api, onPaid } = setup(() => (paid ? 1 : 0));
    await advance(0);
    expect(screen.getByText('请使用微信扫码支付 ¥9.9', { selector: 'p' })).toBeTruthy();
    expect(screen.getByText('请在 05:00 内完成支付')).toBeTruthy();
    await advance(3000);
    expect(api.count('POST', '/order/queryByOrderId')).toBe(3);
    expect(screen.getByText('请在 04:57 内完成支付')).toBeTruthy();
    paid = true;
    await advance(1000);
    expect(screen.getByText('支付成功')).toBeTruthy();
    await advance(5000);
    expect(onPaid).toHaveBeenCalledTimes(1);
    expect(api.count('POST', '/order/queryByOrderId')).toBe(4);
  });

  it('stops after 300 s unpaid: the QR and the cashier link go, the user is told to buy again', async () => {
    const { api, onPaid } = setup(() => 0);
    await advance(0);
    expect(screen.getByTitle('请使用微信扫码支付 ¥9.9')).toBeTruthy();
    expect(screen.getByRole('link', { name: '打开收银台' })).toBeTruthy();
    await advance(300_000);
    expect(screen.getByRole('alert').textContent).toBe('订单已超时未支付，请关闭后重新购买');
    expect(screen.queryByRole('link', { name: '打开收银台' })).toBeNull();
    expect(screen.queryByTitle('请使用微信扫码支付 ¥9.9')).toBeNull();
    const asked = api.count('POST', '/order/queryByOrderId');
    await advance(10_000);
    expect(api.count('POST', '/order/queryByOrderId')).toBe(asked);
    expect(onPaid).not.toHaveBeenCalled();
  });
});
