import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { createServer as createNetServer, type AddressInfo, type Server as NetServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminIntegrationsReply, integrationTestReply } from '@app/shared';
import { resolveWithDns } from '../../core/safe-fetch.ts';
import { adminAudit, integrationSettings } from '../../db/schema/index.ts';
import { FakeAlipay } from '../../providers/pay/fakes/alipay.ts';
import { FakeEpay } from '../../providers/pay/fakes/epay.ts';
import { FakeHupi } from '../../providers/pay/fakes/hupi.ts';
import { FakeWechatPay } from '../../providers/pay/fakes/wechat.ts';
import { FakeS3 } from '../../providers/storage/fakes/s3.ts';
import { signAliyunRpc } from '../../providers/sms/aliyun.ts';
import { createTestApp, type TestApp } from '../../testing/harness.ts';
import { deliver, orderRow } from '../billing/test-kit.ts';
import { adminToken, auditRows, phone } from './test-kit.ts';

/** A local Aliyun SendSms: checks the RPC signature with its secret and answers as Dysmsapi does. */
function fakeAliyun(secret: string) {
  const sent: string[] = [];
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const params = Object.fromEntries(url.searchParams);
    const good = params.Signature === signAliyunRpc(params, secret, 'GET');
    res.writeHead(good ? 200 : 400, { 'content-type': 'application/json' });
    if (good) sent.push(params.PhoneNumbers!);
    res.end(
      JSON.stringify(
        good
          ? { Code: 'OK', Message: 'OK', BizId: '900619746936498440^0', RequestId: 'F655A8D5-B967-440B-8683-DAD6FF8DE990' }
          : { Code: 'SignatureDoesNotMatch', Message: 'Specified signature is not matched with our calculation.', RequestId: 'B1F1E4D0' },
      ),
    );
  });
  return {
    sent,
    start: () => new Promise<string>((r) => server.listen(0, '127.0.0.1', () => r(`http://127.0.0.1:${(server.address() as AddressInfo).port}`))),
    stop: () => new Promise((r) => server.close(r)),
  };
}

/** A local WeChat /cgi-bin/token. */
function fakeWechatToken(appSecret: string) {
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify(
        url.searchParams.get('secret') === appSecret
          ? { access_token: 'ACCESS_TOKEN_VALUE_THAT_IS_SECRET_123', expires_in: 7200 }
          : { errcode: 40125, errmsg: 'invalid appsecret, rid: 6543' },
      ),
    );
  });
  return {
    start: () => new Promise<string>((r) => server.listen(0, '127.0.0.1', () => r(`http://127.0.0.1:${(server.address() as AddressInfo).port}`))),
    stop: () => new Promise((r) => server.close(r)),
  };
}

const ALIYUN_SECRET = 'aliyun-secret-value-0123456789';
const WX_SECRET = 'wx-app-secret-abcdef0123456789';
const EPAY_OLD = 'epay-old-key-0000000000';
const EPAY_NEW = 'epay-new-key-1111111111';
const CLEAR = [ALIYUN_SECRET, WX_SECRET, EPAY_OLD, EPAY_NEW, 'ACCESS_TOKEN_VALUE_THAT_IS_SECRET_123'];

let t: TestApp;
let other: TestApp;
let admin: { token: string; id: number };
let userToken: string;
const aliyun = fakeAliyun(ALIYUN_SECRET);
const wx = fakeWechatToken(WX_SECRET);
const epay = new FakeEpay('1001', EPAY_NEW);
let aliyunUrl = '';
let wxUrl = '';

/** Nothing answered or audited holds a clear secret (nor its middle). */
const expectNoClear = (value: unknown) => {
  const text = JSON.stringify(value);
  for (const s of CLEAR) {
    expect(text).not.toContain(s);
    expect(text).not.toContain(s.slice(3, -4));
  }
};
const A = () => ({ token: admin.token });
const save = (group: string, body: unknown) => t.call('POST', `/api/admin/integrations/${group}`, { ...A(), body });
const test = (group: string, body: unknown = {}) => t.call('POST', `/api/admin/integrations/${group}/test`, { ...A(), body });
const fieldOf = (reply: unknown, group: string, key: string) => adminIntegrationsReply.parse(reply).groups.find((g) => g.id === group)!.fields.find((f) => f.key === key)!;

beforeAll(async () => {
  aliyunUrl = await aliyun.start();
  wxUrl = await wx.start();
  await epay.start();
  // An https PUBLIC_URL: WeChat Pay (and its fake) take only https notify URLs.
  t = await createTestApp({ env: { PUBLIC_URL: 'https://ai.example.test', SAFE_FETCH_ALLOW_HOSTS: '127.0.0.1', EPAY_API_URL: epay.base, EPAY_PID: '1001', EPAY_KEY: EPAY_OLD }, kv: 'memory' });
  other = await createTestApp({ shareWith: t, env: { SAFE_FETCH_ALLOW_HOSTS: '127.0.0.1', EPAY_API_URL: epay.base, EPAY_PID: '1001', EPAY_KEY: EPAY_OLD } });
  admin = await adminToken(t);
  userToken = await t.loginByPhone(phone());
});
afterAll(async () => {
  await other.close();
  await t.close();
  await aliyun.stop();
  await wx.stop();
  await epay.stop();
});

describe('admin integrations: the page', () => {
  it('lists every integration with where each value comes from; secrets masked', async () => {
    const r = await t.call('GET', '/api/admin/integrations', A());
    expect(r.status).toBe(200);
    const view = adminIntegrationsReply.parse(r.body.data);
    expect(view.groups.map((g) => g.id)).toEqual(['sms', 'wechat', 'storage', 'pay_wechat', 'pay_alipay', 'pay_epay', 'pay_mpay', 'pay_hupi', 'pay_sandbox']);
    expect(view.groups.find((g) => g.id === 'sms')).toMatchObject({ active: 'console', overridden: false });
    expect(view.groups.find((g) => g.id === 'pay_epay')!.active).toBe('on');
    expect(fieldOf(r.body.data, 'pay_epay', 'EPAY_PID')).toMatchObject({ value: '1001', source: 'env' });
    expect(fieldOf(r.body.data, 'pay_epay', 'EPAY_KEY')).toMatchObject({ value: 'epa…0000', source: 'env', hasValue: true, kind: 'secret' });
    expect(fieldOf(r.body.data, 'sms', 'ALIYUN_SMS_ACCESS_KEY_SECRET')).toMatchObject({ value: '', source: 'unset' });
    // a real gateway in the environment: demo mode is off, automatically
    expect(view.demo).toEqual({ on: false, source: 'auto' });
    expectNoClear(r.body);
  });
});

describe('admin integrations: SMS', () => {
  const aliyunValues = () => ({
    SMS_PROVIDER: 'aliyun',
    ALIYUN_SMS_ACCESS_KEY_ID: 'LTAI-test-id',
    ALIYUN_SMS_ACCESS_KEY_SECRET: ALIYUN_SECRET,
    ALIYUN_SMS_SIGN_NAME: '知行AI',
    ALIYUN_SMS_TEMPLATE_CODE: 'SMS_100001',
    ALIYUN_SMS_ENDPOINT: aliyunUrl,
  });

  it('refuses bad input with a clear error and changes nothing', async () => {
    const rowsBefore = await t.ctx.db.select().from(integrationSettings);
    const auditBefore = (await t.ctx.db.select().from(adminAudit)).length;
    const cases: [unknown, RegExp][] = [
      [{ values: { NOT_A_SETTING: 'x' } }, /未知的设置/],
      [{ values: { EPAY_KEY: 'x' } }, /未知的设置/], // another group's setting
      [{ values: { SMS_PROVIDER: 'smtp' } }, /只能是 console/],
      [{ values: { ...aliyunValues(), ALIYUN_SMS_ENDPOINT: 'http://10.0.0.8/' } }, /内网/],
      [{ values: { ...aliyunValues(), ALIYUN_SMS_ENDPOINT: 'file:///etc/passwd' } }, /http\(s\)/],
      [{ values: { ...aliyunValues(), ALIYUN_SMS_SIGN_NAME: 'a\u0007b' } }, /控制字符/],
      // half a setup: the provider cannot be built from it
      [{ values: { SMS_PROVIDER: 'aliyun', ALIYUN_SMS_ACCESS_KEY_ID: 'LTAI-only' } }, /^设置无效，未保存：缺少必填项 ALIYUN_SMS_ACCESS_KEY_SECRET、ALIYUN_SMS_SIGN_NAME、ALIYUN_SMS_TEMPLATE_CODE$/],
    ];
    for (const [body, message] of cases) {
      const r = await save('sms', body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.message).toMatch(message);
    }
    expect((await save('unknown-group', { values: {} })).status).toBe(400);
    expect(await t.ctx.db.select().from(integrationSettings)).toEqual(rowsBefore);
    expect((await t.ctx.db.select().from(adminAudit)).length).toBe(auditBefore);
    expect(t.ctx.sms.name).toBe('console');
  });

  it('saves Aliyun: the secret sealed at rest, masked in the reply and the audit row; in force at once on every instance', async () => {
    const r = await save('sms', { values: aliyunValues() });
    expect(r.status).toBe(200);
    expect(fieldOf(r.body.data, 'sms', 'ALIYUN_SMS_ACCESS_KEY_SECRET')).toMatchObject({ value: 'ali…6789', source: 'db', hasValue: true });
    expect(fieldOf(r.body.data, 'sms', 'ALIYUN_SMS_SIGN_NAME')).toMatchObject({ value: '知行AI', source: 'db' });
    expect(adminIntegrationsReply.parse(r.body.data).groups.find((g) => g.id === 'sms')).toMatchObject({ active: 'aliyun', overridden: true });
    expectNoClear(r.body);

    const rows = await t.ctx.db.select().from(integrationSettings);
    const secretRow = rows.find((x) => x.name === 'ALIYUN_SMS_ACCESS_KEY_SECRET')!;
    expect(secretRow.sealed).toBe(true);
    expect(secretRow.value).toMatch(/^sb1\./);
    expectNoClear(rows);

    const [audit] = await auditRows(t, 'integration', 'sms');
    expect(audit).toMatchObject({ adminId: admin.id, action: 'integration.update' });
    expect(audit!.before).toMatchObject({ ALIYUN_SMS_ACCESS_KEY_SECRET: null, SMS_PROVIDER: null });
    expect(audit!.after).toMatchObject({ ALIYUN_SMS_ACCESS_KEY_SECRET: 'ali…6789', SMS_PROVIDER: 'aliyun', ALIYUN_SMS_SIGN_NAME: '知行AI' });
    expectNoClear(await t.ctx.db.select().from(adminAudit));

    // An instance started later reads the stored settings at start.
    const late = await createTestApp({ shareWith: t, env: { SAFE_FETCH_ALLOW_HOSTS: '127.0.0.1', EPAY_API_URL: epay.base, EPAY_PID: '1001', EPAY_KEY: EPAY_OLD } });
    expect(late.ctx.sms.name).toBe('aliyun');
    // One started with another SECRETS_KEY cannot open the secret: that group falls back to the environment, and says so.
    const otherKey = await createTestApp({ shareWith: t, env: { SECRETS_KEY: 'b'.repeat(64), EPAY_API_URL: epay.base, EPAY_PID: '1001', EPAY_KEY: EPAY_OLD } });
    expect(otherKey.ctx.sms.name).toBe('console');
    const seen = adminIntegrationsReply.parse(
      (await otherKey.call('GET', '/api/admin/integrations', A())).body.data,
    ).groups.find((g) => g.id === 'sms')!;
    expect(seen.error).toMatch(/无法解密/);
    await late.close();
    await otherKey.close();

    // No restart: this instance sends through Aliyun now, and so does the other one (told through the KvStore).
    expect(t.ctx.sms.name).toBe('aliyun');
    await expect.poll(() => other.ctx.sms.name).toBe('aliyun');
    const viaOther = await other.call('POST', '/api/sms-code/create', { body: { mobile: '13912340001' } });
    expect(viaOther.body.code).toBe(200);
    expect(aliyun.sent).toContain('13912340001');
  });

  it('send a test: reports what Aliyun answered, secrets masked; audited', async () => {
    const r = await test('sms', { phone: '13800138000' });
    expect(r.status).toBe(200);
    const reply = integrationTestReply.parse(r.body.data);
    expect(reply).toMatchObject({ ok: true, provider: 'aliyun', status: 200, code: 'OK' });
    expect(reply.message).toContain('138****8000');
    expect(reply.body).toContain('F655A8D5-B967-440B-8683-DAD6FF8DE990');
    expect(aliyun.sent).toContain('13800138000');
    expectNoClear(r.body);
    const rows = await auditRows(t, 'integration', 'sms');
    expect(rows.at(-1)).toMatchObject({ action: 'integration.test' });
    expect(rows.at(-1)!.after).toMatchObject({ ok: true, code: 'OK', phone: '138****8000' });

    expect((await test('sms', { phone: '12' })).status).toBe(400);
    expect((await test('sms', {})).body.message).toMatch(/手机号/);
  });

  it('a blank secret keeps the stored one; a wrong one is reported as the provider answered it', async () => {
    const kept = await save('sms', { values: { ALIYUN_SMS_ACCESS_KEY_SECRET: '', ALIYUN_SMS_SIGN_NAME: '知行' } });
    expect(kept.status).toBe(200);
    expect(fieldOf(kept.body.data, 'sms', 'ALIYUN_SMS_ACCESS_KEY_SECRET').value).toBe('ali…6789');
    expect((integrationTestReply.parse((await test('sms', { phone: '13800138001' })).body.data)).ok).toBe(true);

    expect((await save('sms', { values: { ALIYUN_SMS_ACCESS_KEY_SECRET: 'a-wrong-secret-999999999' } })).status).toBe(200);
    const bad = integrationTestReply.parse((await test('sms', { phone: '13800138002' })).body.data);
    expect(bad).toMatchObject({ ok: false, status: 400, code: 'SignatureDoesNotMatch' });
    expect(bad.message).toMatch(/短信发送失败/);
    expect(bad.body).toContain('Specified signature is not matched');
    expect(JSON.stringify(bad)).not.toMatch(/\n\s+at /);
    expect(JSON.stringify(bad)).not.toContain('a-wrong-secret-999999999');
  });

  it('clearing goes back to the environment (console SMS) on every instance', async () => {
    const keys = Object.keys(aliyunValues());
    const r = await save('sms', { clear: keys });
    expect(r.status).toBe(200);
    expect(fieldOf(r.body.data, 'sms', 'SMS_PROVIDER')).toMatchObject({ source: 'unset', value: '' });
    expect(t.ctx.sms).toBe(t.sms);
    await expect.poll(() => other.ctx.sms.name).toBe('console');
    expect((await t.ctx.db.select().from(integrationSettings)).filter((x) => keys.includes(x.name))).toEqual([]);
    const audit = (await auditRows(t, 'integration', 'sms')).at(-1)!;
    expect(audit.before).toMatchObject({ ALIYUN_SMS_ACCESS_KEY_SECRET: 'a-w…9999', SMS_PROVIDER: 'aliyun' });
    expect(audit.after).toMatchObject({ ALIYUN_SMS_ACCESS_KEY_SECRET: null, SMS_PROVIDER: null });
    // and the harness's own login by SMS works again
    expect(await t.loginByPhone(phone())).toBeTruthy();
  });
});

describe('admin integrations: WeChat official account and storage', () => {
  it('the WeChat test fetches an access token and reports it masked; a wrong secret gets WeChat\'s errcode', async () => {
    expect((await save('wechat', { values: { WECHAT_APP_ID: 'wx1234567890abcdef', WECHAT_APP_SECRET: WX_SECRET, WECHAT_TOKEN: 'push-token-123456', WECHAT_API_BASE: wxUrl } })).status).toBe(200);
    expect(t.ctx.wechat.name).toBe('official');
    const good = integrationTestReply.parse((await test('wechat')).body.data);
    expect(good).toMatchObject({ ok: true, provider: 'official', status: 200 });
    expect(good.body).toContain('"access_token":"***"');
    expectNoClear(good);

    expect((await save('wechat', { values: { WECHAT_APP_SECRET: 'wx-wrong-secret-000000' } })).status).toBe(200);
    const bad = integrationTestReply.parse((await test('wechat')).body.data);
    expect(bad).toMatchObject({ ok: false, status: 200, code: '40125' });
    expect(bad.message).toContain('invalid appsecret');
    expect((await save('wechat', { clear: ['WECHAT_APP_ID', 'WECHAT_APP_SECRET', 'WECHAT_TOKEN', 'WECHAT_API_BASE'] })).status).toBe(200);
    expect(t.ctx.wechat.name).toBe('none');
  });

  it('the storage test writes, reads back and deletes an object', async () => {
    const r = integrationTestReply.parse((await test('storage')).body.data);
    expect(r).toMatchObject({ ok: true, provider: 'local', status: null });
    expect(r.message).toMatch(/已写入、读回并删除 admin-test\/probe-[0-9a-f]{12}\.txt/);
  });

  it('S3: switched to at once; the test writes, reads back and deletes at the store; a wrong secret gets the store\'s answer', async () => {
    const fake = new FakeS3({ accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 's3-secret-key-abcdefghijkl', region: 'us-east-1', bucket: 'uploads' });
    const endpoint = await fake.start();
    try {
      const values = { S3_BUCKET: 'uploads', S3_ENDPOINT: endpoint, S3_REGION: 'us-east-1', S3_ACCESS_KEY_ID: 'AKIDEXAMPLE', S3_SECRET_ACCESS_KEY: 's3-secret-key-abcdefghijkl', S3_FORCE_PATH_STYLE: '1' };
      const r = await save('storage', { values });
      expect(r.status).toBe(200);
      expect(JSON.stringify(r.body)).not.toContain('s3-secret-key-abcdefghijkl');
      expect(t.ctx.storage.name).toBe('s3');
      const ok = integrationTestReply.parse((await test('storage')).body.data);
      expect(ok).toMatchObject({ ok: true, provider: 's3' });
      expect(ok.message).toMatch(/已写入、读回并删除/);
      expect(fake.objects.size).toBe(0);

      expect((await save('storage', { values: { S3_SECRET_ACCESS_KEY: 'a-wrong-s3-secret-0000000' } })).status).toBe(200);
      const bad = integrationTestReply.parse((await test('storage')).body.data);
      expect(bad).toMatchObject({ ok: false, status: 403, code: 'SignatureDoesNotMatch' });
      expect(JSON.stringify(bad)).not.toContain('a-wrong-s3-secret-0000000');
    } finally {
      await save('storage', { clear: ['S3_BUCKET', 'S3_ENDPOINT', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_FORCE_PATH_STYLE'] });
      await fake.stop();
    }
    expect(t.ctx.storage.name).toBe('local');
  });

  it('S3 settings without their keys are refused, nothing stored', async () => {
    const r = await save('storage', { values: { S3_BUCKET: 'bucket-a' } });
    expect(r.status).toBe(400);
    expect(r.body.message).toMatch(/S3_ACCESS_KEY_ID/);
    expect(t.ctx.storage.name).toBe('local');
  });
});

describe('admin integrations: payment channels', () => {
  const buy = async () => {
    const list = (await t.call('GET', '/api/package/index')).body.data.list as { id: number; name: string }[];
    return t.call('POST', '/order/buy', { token: userToken, body: { goodsId: list[0]!.id, payType: 'alipay' } });
  };

  it('an order made after the key changes is signed with the new key (checked by the fake gateway), and its notification too', async () => {
    const before = await buy();
    expect(before.body.code).not.toBe(200); // the gateway refuses the old key's signature
    expect(epay.rejections.length).toBeGreaterThan(0);

    const r = await save('pay_epay', { values: { EPAY_KEY: EPAY_NEW } });
    expect(r.status).toBe(200);
    expect(fieldOf(r.body.data, 'pay_epay', 'EPAY_KEY')).toMatchObject({ source: 'db', value: 'epa…1111', envHasValue: true });
    const audit = (await auditRows(t, 'integration', 'pay_epay')).at(-1)!;
    expect(audit.before).toEqual({ EPAY_KEY: null });
    expect(audit.after).toEqual({ EPAY_KEY: 'epa…1111' });
    expectNoClear(r.body);

    const after = await buy();
    expect(after.body.code).toBe(200);
    const orderNo = after.body.data.orderId as string;
    expect(epay.orders.get(orderNo)).toMatchObject({ status: 0 });
    // the gateway's notification, signed with the new key, fulfils it
    const paid = await deliver(t, 'epay', epay.notification(orderNo));
    expect(paid.body).toContain('success');
    expect((await orderRow(t, orderNo)).status).toBe(1);
  });

  it('the payment test makes a 0.01 order at the gateway and reports its answer', async () => {
    const r = integrationTestReply.parse((await test('pay_epay')).body.data);
    expect(r).toMatchObject({ ok: true, provider: 'epay', status: 200, code: '1' });
    expect(r.message).toMatch(/0\.01 元测试单/);
    expect([...epay.orders.values()].some((o) => o.money === '0.01')).toBe(true);
    expectNoClear(r);

    const off = await test('pay_hupi');
    expect(off.status).toBe(400);
    expect(off.body.message).toMatch(/未配置/);
  });

  it('WeChat Pay, Alipay and 虎皮椒 set in the console (keys pasted as PEM): each test reaches its gateway with a 0.01 order', async () => {
    const pem = (k: KeyObject, type: 'pkcs8' | 'spki') => k.export({ type, format: 'pem' }).toString();
    const merchant = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const wxp = new FakeWechatPay({ mchid: '1900000109', appid: 'wx8888888888888888', merchantSerial: '3775B6A45ACD588826D15E583A95F5DD00000000', apiV3Key: 'a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6', merchantPublicKey: merchant.publicKey });
    const app = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const ali = new FakeAlipay({ appId: '2021000123456789', appPublicKey: app.publicKey });
    const hupi = new FakeHupi('201906123456', 'f3a1c9e07b2d48d6a5e4c3b2a1908f7e');
    await Promise.all([wxp.start(), ali.start(), hupi.start()]);
    const privatePem = pem(merchant.privateKey, 'pkcs8');
    try {
      const groups: [string, Record<string, string>][] = [
        ['pay_wechat', { WECHAT_PAY_MCHID: '1900000109', WECHAT_PAY_APPID: 'wx8888888888888888', WECHAT_PAY_SERIAL_NO: '3775B6A45ACD588826D15E583A95F5DD00000000', WECHAT_PAY_PRIVATE_KEY: privatePem, WECHAT_PAY_API_V3_KEY: 'a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6', WECHAT_PAY_PLATFORM_CERT: pem(wxp.platformPublicKey, 'spki'), WECHAT_PAY_PLATFORM_SERIAL: wxp.platformSerial, WECHAT_PAY_API_BASE: wxp.base }],
        ['pay_alipay', { ALIPAY_APP_ID: '2021000123456789', ALIPAY_PRIVATE_KEY: pem(app.privateKey, 'pkcs8'), ALIPAY_PUBLIC_KEY: pem(ali.alipayPublicKey, 'spki'), ALIPAY_GATEWAY: ali.gateway }],
        ['pay_hupi', { HUPI_APP_ID: '201906123456', HUPI_APP_SECRET: 'f3a1c9e07b2d48d6a5e4c3b2a1908f7e', HUPI_API_URL: hupi.apiUrl }],
      ];
      for (const [group, values] of groups) {
        const saved = await save(group, { values });
        expect(saved.status, group).toBe(200);
        const text = JSON.stringify(saved.body);
        expect(text).not.toContain('PRIVATE KEY');
        expect(text).not.toContain('a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6');
        expect(text).not.toContain('f3a1c9e07b2d48d6a5e4c3b2a1908f7e');
        const r = integrationTestReply.parse((await test(group)).body.data);
        expect(r, `${group}: ${r.message} ${r.body}`).toMatchObject({ ok: true, provider: group.slice(4), status: 200 });
        expect(JSON.stringify(r)).not.toContain('PRIVATE KEY');
      }
      expect([...wxp.orders.values()].some((o) => o.body.amount.total === 1)).toBe(true);
      expect([...ali.orders.values()].some((o) => o.totalAmount === '0.01')).toBe(true);
      expect(hupi.orders.size).toBeGreaterThan(0);
      expect(fieldOf((await t.call('GET', '/api/admin/integrations', A())).body.data, 'pay_wechat', 'WECHAT_PAY_PRIVATE_KEY')).toMatchObject({ value: `PEM ·${privatePem.trim().length}`, source: 'db', secret: true });
      const audits = JSON.stringify(await t.ctx.db.select().from(adminAudit));
      expect(audits).not.toContain('PRIVATE KEY');
      expect(audits).not.toContain('a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6');
    } finally {
      for (const [group, keys] of [['pay_wechat', 'WECHAT_PAY_MCHID,WECHAT_PAY_APPID,WECHAT_PAY_SERIAL_NO,WECHAT_PAY_PRIVATE_KEY,WECHAT_PAY_API_V3_KEY,WECHAT_PAY_PLATFORM_CERT,WECHAT_PAY_PLATFORM_SERIAL,WECHAT_PAY_API_BASE'], ['pay_alipay', 'ALIPAY_APP_ID,ALIPAY_PRIVATE_KEY,ALIPAY_PUBLIC_KEY,ALIPAY_GATEWAY'], ['pay_hupi', 'HUPI_APP_ID,HUPI_APP_SECRET,HUPI_API_URL']] as const) {
        await save(group, { clear: keys.split(',') });
      }
      await Promise.all([wxp.stop(), ali.stop(), hupi.stop()]);
    }
  });

  it('a link-only gateway (码支付): the test signs the 0.01 link without calling anyone; 易支付 in its link variant adds a signed query', async () => {
    expect((await save('pay_mpay', { values: { MPAY_API_URL: 'https://codepay.example.test/', MPAY_ID: '28921', MPAY_KEY: 'codepay-key-abcdef' } })).status).toBe(200);
    const r = integrationTestReply.parse((await test('pay_mpay')).body.data);
    expect(r).toMatchObject({ ok: true, provider: 'mpay', status: null, body: null });
    expect(r.message).toMatch(/^0\.01 元测试单：已生成签名支付链接：https:\/\/codepay\.example\.test\//);
    expect(JSON.stringify(r)).not.toContain('codepay-key-abcdef');
    await save('pay_mpay', { clear: ['MPAY_API_URL', 'MPAY_ID', 'MPAY_KEY'] });

    expect((await save('pay_epay', { values: { EPAY_API_URL: `${epay.base}submit.php` } })).status).toBe(200);
    const q = integrationTestReply.parse((await test('pay_epay')).body.data);
    expect(q).toMatchObject({ ok: true, provider: 'epay', status: 200, code: '-1' });
    expect(q.message).toMatch(/签名查询：网关不认识这笔测试单/);
    await save('pay_epay', { clear: ['EPAY_API_URL'] });
  });

  it('a key that is not a key, or a file path, is refused', async () => {
    const path = await save('pay_alipay', { values: { ALIPAY_APP_ID: '2021000000000000', ALIPAY_PRIVATE_KEY: '/etc/passwd', ALIPAY_PUBLIC_KEY: '/etc/hostname' } });
    expect(path.status).toBe(400);
    expect(path.body.message).toMatch(/PEM/);
    const junk = await save('pay_alipay', { values: { ALIPAY_APP_ID: '2021000000000000', ALIPAY_PRIVATE_KEY: 'A'.repeat(100), ALIPAY_PUBLIC_KEY: 'B'.repeat(100) } });
    expect(junk.status).toBe(400);
    expect(junk.body.message).toMatch(/设置无效，未保存/);
    expect(t.ctx.pay.alipay).toBeUndefined();
  });
});

describe('admin integrations: demo mode follows what the console configures', () => {
  let d: TestApp;
  let dAdmin: { token: string; id: number };
  const epay2 = new FakeEpay('2002', 'epay-demo-key-22222222');
  beforeAll(async () => {
    await epay2.start();
    d = await createTestApp({ env: { SAFE_FETCH_ALLOW_HOSTS: '127.0.0.1' } });
    dAdmin = await adminToken(d);
  });
  afterAll(async () => {
    await d.close();
    await epay2.stop();
  });

  it('a real gateway saved in the console turns automatic demo mode off at once (sandbox and simulator off); clearing it turns it back on', async () => {
    const info = async () => (await d.call('GET', '/api/website/info')).body.data.demo as { mode: boolean; pay: boolean; wechat: boolean };
    expect(await info()).toMatchObject({ mode: true, pay: true, wechat: true });
    const view = async () => adminIntegrationsReply.parse((await d.call('GET', '/api/admin/integrations', { token: dAdmin.token })).body.data);
    expect((await view()).demo).toEqual({ on: true, source: 'auto' });

    const r = await d.call('POST', '/api/admin/integrations/pay_epay', { token: dAdmin.token, body: { values: { EPAY_API_URL: epay2.base, EPAY_PID: '2002', EPAY_KEY: 'epay-demo-key-22222222' } } });
    expect(r.status).toBe(200);
    expect(await info()).toMatchObject({ mode: false, pay: false, wechat: false });
    expect((await view()).demo.on).toBe(false);
    expect((await view()).groups.find((g) => g.id === 'pay_sandbox')!.active).toBe('off');
    expect(d.ctx.wechat.name).toBe('none');
    const payments = (await d.call('GET', '/api/trade/payments')).body.data;
    expect(payments.sandbox).toBe(false);
    const notify = await d.app.inject({ method: 'POST', url: '/api/pay/notify/sandbox', payload: 'out_trade_no=1&sign=00', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(notify.statusCode).toBe(404);

    await d.call('POST', '/api/admin/integrations/pay_epay', { token: dAdmin.token, body: { clear: ['EPAY_API_URL', 'EPAY_PID', 'EPAY_KEY'] } });
    expect(await info()).toMatchObject({ mode: true, pay: true, wechat: true });
    expect(d.ctx.wechat.name).toBe('dev');
  });

  it('in production a gateway is refused while PUBLIC_URL is not public https (its notifications could not arrive)', async () => {
    const prod = await createTestApp({ env: { NODE_ENV: 'production', SHUTDOWN_GRACE_MS: '0', SAFE_FETCH_ALLOW_HOSTS: '127.0.0.1' } });
    try {
      const admin2 = await adminToken(prod);
      const r = await prod.call('POST', '/api/admin/integrations/pay_epay', { token: admin2.token, body: { values: { EPAY_API_URL: epay2.base, EPAY_PID: '2002', EPAY_KEY: 'epay-demo-key-22222222' } } });
      expect(r.status).toBe(400);
      expect(r.body.message).toMatch(/PUBLIC_URL.*https/);
      expect(prod.ctx.pay.epay).toBeUndefined();
    } finally {
      await prod.close();
    }
  });

  it('DEMO_MODE decides when set: the console has no switch for it', async () => {
    const fixed = await createTestApp({ env: { DEMO_MODE: '0' } });
    try {
      const admin2 = await adminToken(fixed);
      const v = adminIntegrationsReply.parse((await fixed.call('GET', '/api/admin/integrations', { token: admin2.token })).body.data);
      expect(v.demo).toEqual({ on: false, source: 'env' });
      const r = await fixed.call('POST', '/api/admin/integrations/pay_sandbox', { token: admin2.token, body: { values: {} } });
      expect(r.status).toBe(400);
    } finally {
      await fixed.close();
    }
  });
});

describe('admin integrations: console URLs do not reach the inside', () => {
  let g: TestApp;
  let gAdmin: { token: string; id: number };
  /** What these names resolve to, as a DNS would answer now (other names resolve for real). */
  const dns = new Map<string, string>();
  /** A local server that must never be reached: it counts the connections it accepts. */
  let witness: NetServer;
  let witnessPort = 0;
  let connections = 0;
  const gSave = (group: string, body: unknown) => g.call('POST', `/api/admin/integrations/${group}`, { token: gAdmin.token, body });
  const gTest = (group: string) => g.call('POST', `/api/admin/integrations/${group}/test`, { token: gAdmin.token, body: {} });
  const s3Values = (endpoint: string) => ({ S3_BUCKET: 'uploads', S3_ENDPOINT: endpoint, S3_REGION: 'us-east-1', S3_ACCESS_KEY_ID: 'AKIDEXAMPLE', S3_SECRET_ACCESS_KEY: 's3-secret-key-abcdefghijkl', S3_FORCE_PATH_STYLE: '1' });
  const S3_KEYS = ['S3_BUCKET', 'S3_ENDPOINT', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_FORCE_PATH_STYLE'];

  beforeAll(async () => {
    witness = createNetServer((socket) => {
      connections++;
      socket.destroy();
    });
    await new Promise<void>((r) => witness.listen(0, '127.0.0.1', r));
    witnessPort = (witness.address() as AddressInfo).port;
    // The operator trusts one intranet name; the gateway the environment names (on 127.0.0.1) is trusted as before.
    g = await createTestApp({ env: { SAFE_FETCH_ALLOW_HOSTS: 'minio.intranet', EPAY_API_URL: epay.base, EPAY_PID: '1001', EPAY_KEY: EPAY_OLD } });
    gAdmin = await adminToken(g);
    g.ctx.integrations.resolveHost = async (host, options) => {
      const address = dns.get(host);
      return address ? [{ address, family: 4 }] : resolveWithDns(host, options);
    };
  });
  afterAll(async () => {
    await g.close();
    await new Promise((r) => witness.close(r));
  });

  it('a URL whose name resolves inside is refused at save with a 400 naming the field; a literal private address too; nothing changes', async () => {
    dns.set('s3.inside.example', '127.0.0.1');
    dns.set('gw.inside.example', '10.20.30.40');
    const rowsBefore = await g.ctx.db.select().from(integrationSettings);
    const auditBefore = (await g.ctx.db.select().from(adminAudit)).length;
    const cases: [string, unknown, string][] = [
      ['storage', { values: s3Values('https://s3.inside.example:39911/') }, '「S3 地址」指向内网地址，已拒绝；如确需使用，请在 SAFE_FETCH_ALLOW_HOSTS 中允许该主机'],
      ['storage', { values: s3Values('https://10.0.0.8/') }, '「S3 地址」指向内网地址，已拒绝；如确需使用，请在 SAFE_FETCH_ALLOW_HOSTS 中允许该主机'],
      ['storage', { values: s3Values('https://[::ffff:7f00:1]:9000/') }, '「S3 地址」指向内网地址，已拒绝；如确需使用，请在 SAFE_FETCH_ALLOW_HOSTS 中允许该主机'],
      ['pay_alipay', { values: { ALIPAY_GATEWAY: 'https://gw.inside.example/gateway.do' } }, '「支付宝网关地址」指向内网地址，已拒绝；如确需使用，请在 SAFE_FETCH_ALLOW_HOSTS 中允许该主机'],
      ['wechat', { values: { WECHAT_API_BASE: 'https://gw.inside.example' } }, '「公众号接口地址」指向内网地址，已拒绝；如确需使用，请在 SAFE_FETCH_ALLOW_HOSTS 中允许该主机'],
    ];
    for (const [group, body, message] of cases) {
      const r = await gSave(group, body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.message).toBe(message);
    }
    expect(await g.ctx.db.select().from(integrationSettings)).toEqual(rowsBefore);
    expect((await g.ctx.db.select().from(adminAudit)).length).toBe(auditBefore);
    expect(g.ctx.storage.name).toBe('local');
  });

  it('a host the operator allows (SAFE_FETCH_ALLOW_HOSTS) is saved although it resolves inside', async () => {
    dns.set('minio.intranet', '10.0.0.5');
    const r = await gSave('storage', { values: s3Values('https://minio.intranet:9000') });
    expect(r.status).toBe(200);
    expect(g.ctx.storage.name).toBe('s3');
    expect((await gSave('storage', { clear: S3_KEYS })).status).toBe(200);
    expect(g.ctx.storage.name).toBe('local');
  });

  it('a name re-pointed inside after it was saved is refused at connect time: the storage test and an upload fail, the local server hears nothing', async () => {
    dns.set('s3.rebind.example', '93.184.216.34');
    const saved = await gSave('storage', { values: s3Values(`https://s3.rebind.example:${witnessPort}`) });
    expect(saved.status).toBe(200);
    expect(g.ctx.storage.name).toBe('s3');
    dns.set('s3.rebind.example', '127.0.0.1');
    try {
      const r = integrationTestReply.parse((await gTest('storage')).body.data);
      expect(r).toMatchObject({ ok: false, status: null });
      expect(r.message).toContain('不允许访问内网地址（127.0.0.1）');
      await expect(g.ctx.storage.put('uploads/probe.txt', Buffer.from('x'), 'text/plain')).rejects.toThrow('不允许访问内网地址（127.0.0.1）');
      expect(connections).toBe(0);
      expect((await g.call('GET', '/api/health')).status).toBe(200);
    } finally {
      await gSave('storage', { clear: S3_KEYS });
    }
  });

  it('a gateway the environment names (a local fake) is still reached when the console changes its group', async () => {
    expect((await gSave('pay_epay', { values: { EPAY_KEY: EPAY_NEW } })).status).toBe(200);
    const r = integrationTestReply.parse((await gTest('pay_epay')).body.data);
    expect(r).toMatchObject({ ok: true, provider: 'epay', status: 200, code: '1' });
    await gSave('pay_epay', { clear: ['EPAY_KEY'] });
  });
});
