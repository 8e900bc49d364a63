import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { AliyunSms } from './aliyun.ts';
import { ConsoleSms } from './console.ts';
import { createSmsProvider, type SmsEnv } from './index.ts';
import { TencentSms } from './tencent.ts';

const ALIYUN = {
  ALIYUN_SMS_ACCESS_KEY_ID: 'LTAI_id',
  ALIYUN_SMS_ACCESS_KEY_SECRET: 'secret',
  ALIYUN_SMS_SIGN_NAME: '智答助手',
  ALIYUN_SMS_TEMPLATE_CODE: 'SMS_1',
};
const TENCENT = {
  TENCENT_SMS_SECRET_ID: 'AKID_id',
  TENCENT_SMS_SECRET_KEY: 'key',
  TENCENT_SMS_SDK_APP_ID: '1400000000',
  TENCENT_SMS_SIGN_NAME: '智答助手',
  TENCENT_SMS_TEMPLATE_ID: '100',
};
const log = { info: vi.fn() };
const pick = (env: SmsEnv) => createSmsProvider(env, log);

describe('createSmsProvider', () => {
  it('logs codes to the console when nothing is configured', () => {
    expect(pick({})).toBeInstanceOf(ConsoleSms);
  });

  it('picks aliyun, then tencent, by which keys are complete', () => {
    expect(pick(ALIYUN)).toBeInstanceOf(AliyunSms);
    expect(pick(TENCENT)).toBeInstanceOf(TencentSms);
    expect(pick({ ...TENCENT, ...ALIYUN })).toBeInstanceOf(AliyunSms);
  });

  it('follows SMS_PROVIDER over the keys', () => {
    expect(pick({ ...ALIYUN, SMS_PROVIDER: 'console' })).toBeInstanceOf(ConsoleSms);
    expect(pick({ ...ALIYUN, ...TENCENT, SMS_PROVIDER: 'tencent' })).toBeInstanceOf(TencentSms);
  });

  it('refuses to start when the named adapter lacks keys, naming exactly the missing ones', () => {
    const { ALIYUN_SMS_SIGN_NAME: _s, ALIYUN_SMS_TEMPLATE_CODE: _t, ...partial } = ALIYUN;
    expect(() => pick({ ...partial, SMS_PROVIDER: 'aliyun' })).toThrow(
      /SMS_PROVIDER=aliyun .*missing: ALIYUN_SMS_SIGN_NAME, ALIYUN_SMS_TEMPLATE_CODE$/,
    );
    expect(() => pick({ ...ALIYUN, SMS_PROVIDER: 'tencent' })).toThrow(
      /missing: TENCENT_SMS_SECRET_ID, TENCENT_SMS_SECRET_KEY, TENCENT_SMS_SDK_APP_ID, TENCENT_SMS_SIGN_NAME, TENCENT_SMS_TEMPLATE_ID$/,
    );
  });

  it('does not fall back to the console when a vendor is half configured', () => {
    const { TENCENT_SMS_SECRET_KEY: _k, ...partial } = TENCENT;
    expect(() => pick(partial)).toThrow(/tencent .*missing: TENCENT_SMS_SECRET_KEY$/);
  });

  describe('passes endpoint and region through', () => {
    const seen: IncomingMessage[] = [];
    // Answers both vendors' success shapes at once.
    const server = createServer((req, res) => {
      seen.push(req);
      req.resume().on('end', () => res.end(JSON.stringify({ Code: 'OK', Response: { SendStatusSet: [{ Code: 'Ok' }] } })));
    });
    let url = '';
    beforeAll(async () => {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    afterAll(() => server.close());

    it('for aliyun', async () => {
      await pick({ ...ALIYUN, ALIYUN_SMS_ENDPOINT: url }).sendCode('13800138000', '123456');
      expect(seen.at(-1)!.url).toContain('PhoneNumbers=13800138000');
    });

    it('for tencent', async () => {
      await pick({ ...TENCENT, TENCENT_SMS_ENDPOINT: url, TENCENT_SMS_REGION: 'ap-beijing' }).sendCode('13800138000', '123456');
      expect(seen.at(-1)!.headers['x-tc-region']).toBe('ap-beijing');
    });
  });
});
