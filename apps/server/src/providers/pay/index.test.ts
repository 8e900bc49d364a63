import { createPrivateKey, generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { TEST_PLATFORM_CERT, TEST_PLATFORM_CERT_SERIAL, TEST_PLATFORM_KEY } from './fakes/fixtures.ts';
import { FakeWechatPay } from './fakes/wechat.ts';
import { createPayProviders, pickProvider, type PayEnv } from './index.ts';

const dir = mkdtempSync(join(tmpdir(), 'pay-keys-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const merchant = generateKeyPairSync('rsa', { modulusLength: 2048 });
const keyFile = join(dir, 'apiclient_key.pem');
writeFileSync(keyFile, merchant.privateKey.export({ type: 'pkcs8', format: 'pem' }));
const oneLine = (pem: string) => pem.trim().replace(/\n/g, '\\n');
const bare = (pem: string) => pem.replace(/-----[^-]+-----/g, '').replace(/\s+/g, '');

const WECHAT: PayEnv = {
  WECHAT_PAY_MCHID: '1900000109',
  WECHAT_PAY_APPID: 'wx8888888888888888',
  WECHAT_PAY_SERIAL_NO: '3775B6A45ACD588826D15E583A95F5DD00000000',
  WECHAT_PAY_PRIVATE_KEY: keyFile,
  WECHAT_PAY_API_V3_KEY: 'a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6',
  WECHAT_PAY_PLATFORM_CERT: oneLine(TEST_PLATFORM_CERT),
};
const ALIPAY: PayEnv = {
  ALIPAY_APP_ID: '2021000123456789',
  ALIPAY_PRIVATE_KEY: bare(merchant.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString()),
  ALIPAY_PUBLIC_KEY: bare(merchant.publicKey.export({ type: 'spki', format: 'pem' }).toString()),
};
const EPAY: PayEnv = { EPAY_API_URL: 'https://pay.example.com/', EPAY_PID: '1001', EPAY_KEY: 'k' };
const MPAY: PayEnv = { MPAY_API_URL: 'https://mpay.example.com/submit.php', MPAY_ID: '1002', MPAY_KEY: 'k' };
const HUPI: PayEnv = { HUPI_APP_ID: '2019', HUPI_APP_SECRET: 's' };

describe('createPayProviders', () => {
  it('has only the sandbox with no settings', () => {
    const providers = createPayProviders({}, 'http://localhost:3000');
    expect(Object.keys(providers)).toEqual(['sandbox']);
    expect(providers.sandbox.name).toBe('sandbox');
  });

  it('reads the settings through the app config', () => {
    const { env } = loadConfig({ ...EPAY, HUPI_APP_ID: '', HUPI_APP_SECRET: '' });
    expect(Object.keys(createPayProviders(env, 'http://localhost:3000')).sort()).toEqual(['epay', 'sandbox']);
  });

  it('builds every fully configured gateway, keys given as a file, one-line PEM or bare base64', () => {
    const providers = createPayProviders({ ...WECHAT, ...ALIPAY, ...EPAY, ...MPAY, ...HUPI }, 'http://localhost:3000');
    expect(Object.keys(providers).sort()).toEqual(['alipay', 'epay', 'hupi', 'mpay', 'sandbox', 'wechat']);
    expect(providers.mpay!.protocol).toBe('epay');
  });

  it('takes the WeChat Pay public key mode with its key id', () => {
    const pub = generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey.export({ type: 'spki', format: 'pem' }).toString();
    expect(() => createPayProviders({ ...WECHAT, WECHAT_PAY_PLATFORM_CERT: pub }, 'http://x')).toThrow(/PUB_KEY_ID/);
    expect(createPayProviders({ ...WECHAT, WECHAT_PAY_PLATFORM_CERT: pub, WECHAT_PAY_PLATFORM_SERIAL: 'PUB_KEY_ID_0114' }, 'http://x').wechat).toBeDefined();
  });

  it('fails at startup on a half-configured gateway, naming what is missing', () => {
    expect(() => createPayProviders({ EPAY_API_URL: 'https://pay.example.com', EPAY_PID: '1001' }, 'http://x')).toThrow(/epay.*EPAY_KEY/);
    expect(() => createPayProviders({ ...WECHAT, WECHAT_PAY_API_V3_KEY: '' }, 'http://x')).toThrow(/WECHAT_PAY_API_V3_KEY/);
    expect(() => createPayProviders({ ...WECHAT, WECHAT_PAY_API_V3_KEY: 'short' }, 'http://x')).toThrow(/32 bytes/);
  });

  it('shares the sandbox secret between instances when configured', async () => {
    const a = createPayProviders({ PAY_SANDBOX_SECRET: 'shared' }, 'http://localhost:3000').sandbox;
    const b = createPayProviders({ PAY_SANDBOX_SECRET: 'shared' }, 'http://localhost:3000').sandbox;
    const n = a.buildNotification({ orderNo: 'ZD1', amountFen: 100, paid: true });
    await expect(b.verifyNotification(n.request)).resolves.toMatchObject({ orderNo: 'ZD1', amountFen: 100, paid: true });
  });

  it('verifies notifications with the configured platform certificate, selected by its serial', async () => {
    const wechat = createPayProviders(WECHAT, 'http://x').wechat!;
    const gateway = new FakeWechatPay({
      mchid: WECHAT.WECHAT_PAY_MCHID!,
      appid: WECHAT.WECHAT_PAY_APPID!,
      merchantSerial: WECHAT.WECHAT_PAY_SERIAL_NO!,
      merchantPublicKey: merchant.publicKey,
      apiV3Key: WECHAT.WECHAT_PAY_API_V3_KEY!,
    });
    const n = gateway.notification('ZD0000000001', { amountFen: 990, key: createPrivateKey(TEST_PLATFORM_KEY), serial: TEST_PLATFORM_CERT_SERIAL });
    await expect(wechat.verifyNotification(n)).resolves.toMatchObject({ orderNo: 'ZD0000000001', amountFen: 990, paid: true });
  });
});

describe('pickProvider (SPEC §4.4)', () => {
  it('takes wechat, then epay, then mpay, then hupi, by the first flag equal to 1', () => {
    expect(pickProvider({ payWechatStatus: 1, payEpayStatus: 1, payMpayStatus: 1, payHupiStatus: 1 })).toBe('wechat');
    expect(pickProvider({ payWechatStatus: 0, payEpayStatus: 1, payMpayStatus: 1, payHupiStatus: 1 })).toBe('epay');
    expect(pickProvider({ payWechatStatus: 0, payEpayStatus: 0, payMpayStatus: 1, payHupiStatus: 1 })).toBe('mpay');
    expect(pickProvider({ payWechatStatus: 0, payEpayStatus: 0, payMpayStatus: 0, payHupiStatus: 1 })).toBe('hupi');
    expect(pickProvider({ payWechatStatus: '1' })).toBe('wechat');
  });

  it('falls back to the sandbox', () => {
    expect(pickProvider({})).toBe('sandbox');
    expect(pickProvider({ payWechatStatus: 0, payEpayStatus: 2, payMpayStatus: '0', payHupiStatus: 'true' })).toBe('sandbox');
  });

  it('skips a flagged gateway without settings, or one that cannot take the channel', () => {
    const providers = createPayProviders({ ...EPAY, ...HUPI }, 'http://localhost:3000');
    expect(pickProvider({ payWechatStatus: 1, payHupiStatus: 1 }, { providers })).toBe('hupi');
    expect(pickProvider({ payWechatStatus: 1 }, { providers })).toBe('sandbox');
    expect(pickProvider({ payWechatStatus: 1, payEpayStatus: 1 }, { channel: 'alipay' })).toBe('epay');
    expect(pickProvider({ payWechatStatus: 1, payEpayStatus: 1 }, { channel: 'wxpay' })).toBe('wechat');
    expect(pickProvider({ payWechatStatus: 1, payAlipayStatus: 1 }, { channel: 'alipay' })).toBe('alipay');
  });
});
