import { act } from '@testing-library/react';
import { vi } from 'vitest';
import type { PackageItem } from '@app/shared';

export const pkg = (patch: Partial<PackageItem> = {}): PackageItem => ({
  id: 1,
  name: '体验月卡',
  introduction: '轻度使用，畅享基础对话',
  description: '基础对话 500 次\n高级对话 50 次',
  price: '19.90',
  price_y: '29.90',
  discount: '限时67折',
  days: 30,
  level: 1,
  model3_count: 500,
  model4_count: 50,
  draw_count: 20,
  ...patch,
});

export const PACKAGES = [
  pkg(),
  pkg({ id: 2, name: '标准季卡', price: '49.90', price_y: '89.90', days: 90, level: 2 }),
  pkg({ id: 3, name: '专业年卡', price: '168', price_y: '358.80', days: 365, level: 3 }),
  pkg({ id: 4, name: '至尊永久卡', price: '499', price_y: '999', days: 3650, level: 4 }),
  pkg({ id: 5, name: '加油包', price: '9.90', price_y: '14.90', discount: '', days: 0, level: 0 }),
];

export const qrReply = (n: number, patch: Record<string, unknown> = {}) => ({
  qr_code: `http://localhost/api/pay/sandbox/checkout?order=S${n}`,
  hash: `hash-${n}-${'x'.repeat(20)}`,
  order_sn: `S${n}`,
  mode: 'qr',
  channel: 'wxpay',
  pay_url: '',
  jsapi: null,
  amount: '19.90',
  sandbox: true,
  expires_in: 1800,
  ...patch,
});

export const buyReply = (n: number, patch: Record<string, unknown> = {}) => ({
  url_qrcode: `http://localhost/api/pay/sandbox/checkout?order=B${n}`,
  orderId: `B${n}`,
  redirectUrl: '',
  payMode: 'qr',
  iframeUrl: '',
  jsapi: null,
  amount: '19.90',
  sandbox: true,
  expires_in: 1800,
  ...patch,
});

/** Moves fake time and lets the promises it releases settle, inside act. */
export async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
  // Preact's act flushes the renders and effects queued so far once: the replies those effects
  // asked for settle in a second round.
  await act(async () => {
    await vi.advanceTimersByTimeAsync(0);
  });
}
