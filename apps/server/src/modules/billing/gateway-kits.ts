/**
 * Each real gateway, configured through the environment as in production, against its local fake
 * (providers/pay/fakes) that signs exactly as the real one: its settings, how an order it accepted
 * looks, and its signed notifications (paid, forged, wrong amount). Used by the gateway tests of
 * membership and of thesis packages.
 */
import { generateKeyPairSync } from 'node:crypto';
import { expect } from 'vitest';
import type { OrderBuyReply } from '@app/shared';
import { FakeAlipay } from '../../providers/pay/fakes/alipay.ts';
import { FakeCodepay, FakeEpay } from '../../providers/pay/fakes/epay.ts';
import { FakeHupi } from '../../providers/pay/fakes/hupi.ts';
import { FakeWechatPay } from '../../providers/pay/fakes/wechat.ts';
import type { NotificationRequest, PayProviderName } from '../../providers/pay/index.ts';

export interface Kit {
  name: Exclude<PayProviderName, 'sandbox'>;
  channel: 'wxpay' | 'alipay';
  start(): Promise<Record<string, string>>;
  stop(): Promise<void>;
  /** Checks the order reached the gateway (or its link is one the gateway accepts). */
  accepted(reply: OrderBuyReply): void;
  paid(orderNo: string): NotificationRequest;
  forged(orderNo: string): NotificationRequest;
  wrongAmount(orderNo: string): NotificationRequest;
  ack: { ok: string; fail: string };
}

const pem = (k: import('node:crypto').KeyObject, type: 'pkcs8' | 'spki') => k.export({ type, format: 'pem' }).toString();
const other = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;

export function wechatKit(): Kit {
  const merchant = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const opts = { mchid: '1900000109', appid: 'wx8888888888888888', merchantSerial: '3775B6A45ACD588826D15E583A95F5DD00000000', apiV3Key: 'a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6' };
  const fake = new FakeWechatPay({ ...opts, merchantPublicKey: merchant.publicKey });
  return {
    name: 'wechat',
    channel: 'wxpay',
    async start() {
      await fake.start();
      return {
        PUBLIC_URL: 'https://ai.example.test',
        WECHAT_PAY_MCHID: opts.mchid,
        WECHAT_PAY_APPID: opts.appid,
        WECHAT_PAY_SERIAL_NO: opts.merchantSerial,
        WECHAT_PAY_PRIVATE_KEY: pem(merchant.privateKey, 'pkcs8'),
        WECHAT_PAY_API_V3_KEY: opts.apiV3Key,
        WECHAT_PAY_PLATFORM_CERT: pem(fake.platformPublicKey, 'spki'),
        WECHAT_PAY_PLATFORM_SERIAL: fake.platformSerial,
        WECHAT_PAY_API_BASE: fake.base,
      };
    },
    stop: () => fake.stop(),
    accepted(reply) {
      expect(reply.payMode).toBe('qr');
      expect(reply.url_qrcode).toMatch(/^weixin:\/\/wxpay\/bizpayurl/);
      expect(fake.orders.get(reply.orderId)?.body.amount.total).toBe(Math.round(Number(reply.amount) * 100));
      expect(fake.orders.get(reply.orderId)?.body.notify_url).toBe('https://ai.example.test/api/pay/notify/wechat');
    },
    paid: (no) => fake.notification(no),
    forged: (no) => fake.notification(no, { key: other }),
    wrongAmount: (no) => fake.notification(no, { amountFen: 1 }),
    ack: { ok: '"SUCCESS"', fail: '"FAIL"' },
  };
}

export function alipayKit(): Kit {
  const app = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const fake = new FakeAlipay({ appId: '2021000123456789', appPublicKey: app.publicKey });
  return {
    name: 'alipay',
    channel: 'alipay',
    async start() {
      await fake.start();
      return {
        ALIPAY_APP_ID: '2021000123456789',
        ALIPAY_PRIVATE_KEY: pem(app.privateKey, 'pkcs8'),
        ALIPAY_PUBLIC_KEY: pem(fake.alipayPublicKey, 'spki'),
        ALIPAY_GATEWAY: fake.gateway,
      };
    },
    stop: () => fake.stop(),
    accepted(reply) {
      expect(reply.payMode).toBe('qr');
      expect(reply.url_qrcode).toMatch(/^https:\/\/qr\.alipay\.com\//);
      expect(fake.orders.get(reply.orderId)?.totalAmount).toBe(Number(reply.amount).toFixed(2));
    },
    paid: (no) => fake.notification(no),
    forged: (no) => fake.notification(no, { key: other }),
    wrongAmount: (no) => fake.notification(no, { totalAmount: '0.01' }),
    ack: { ok: 'success', fail: 'failure' },
  };
}

export function epayKit(): Kit {
  const fake = new FakeEpay('1001', 'epay-merchant-key-123');
  return {
    name: 'epay',
    channel: 'alipay',
    async start() {
      await fake.start();
      return { EPAY_API_URL: fake.base, EPAY_PID: '1001', EPAY_KEY: 'epay-merchant-key-123' };
    },
    stop: () => fake.stop(),
    accepted(reply) {
      expect(reply.payMode).toBe('qr');
      expect(fake.orders.get(reply.orderId)).toMatchObject({ type: 'alipay', status: 0 });
    },
    paid: (no) => fake.notification(no),
    forged: (no) => fake.notification(no, { key: 'not-the-key' }),
    wrongAmount: (no) => fake.notification(no, { money: '0.01' }),
    ack: { ok: 'success', fail: 'fail' },
  };
}

export function hupiKit(): Kit {
  const fake = new FakeHupi('201906123456', 'f3a1c9e07b2d48d6a5e4c3b2a1908f7e');
  return {
    name: 'hupi',
    channel: 'wxpay',
    async start() {
      await fake.start();
      return { HUPI_APP_ID: '201906123456', HUPI_APP_SECRET: 'f3a1c9e07b2d48d6a5e4c3b2a1908f7e', HUPI_API_URL: fake.apiUrl };
    },
    stop: () => fake.stop(),
    accepted(reply) {
      expect(reply.payMode).toBe('iframe');
      expect(reply.iframeUrl).toMatch(/^https:\/\/api\.xunhupay\.com\/payment\/cashier\.html/);
      expect(fake.orders.has(reply.orderId)).toBe(true);
    },
    paid: (no) => fake.notification(no),
    forged: (no) => fake.notification(no, { secret: 'not-the-secret' }),
    wrongAmount: (no) => fake.notification(no, { totalFee: '0.01' }),
    ack: { ok: 'success', fail: 'failed' },
  };
}

export function mpayKit(): Kit {
  const fake = new FakeCodepay('28921', 'codepay-key-abc');
  return {
    name: 'mpay',
    channel: 'alipay',
    start: async () => ({ MPAY_API_URL: 'https://codepay.example.test/', MPAY_ID: '28921', MPAY_KEY: 'codepay-key-abc' }),
    stop: async () => undefined,
    accepted(reply) {
      // 码支付 is a redirect to its page (SPEC §4.4: a button instead of a QR code).
      expect(reply.payMode).toBe('redirect');
      const link = new URL(reply.redirectUrl);
      expect(fake.createOrder(Object.fromEntries(link.searchParams))).toBeNull();
    },
    paid: (no) => fake.notification(no),
    forged: (no) => fake.notification(no, { key: 'not-the-key' }),
    wrongAmount: (no) => fake.notification(no, { price: '0.01' }),
    ack: { ok: 'success', fail: 'fail' },
  };
}

export const GATEWAY_KITS = [wechatKit, alipayKit, epayKit, hupiKit, mpayKit];
