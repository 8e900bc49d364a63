import { createHash, createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signTc3, TencentSms } from './tencent.ts';
import { SmsSendError } from './types.ts';

describe('TC3-HMAC-SHA256 signing', () => {
  // The worked example of Tencent Cloud's "签名方法 v3 / Signature v3" guide (CVM DescribeInstances).
  // 1551113065 is 2019-02-26 00:44:25 in UTC+8, so it also pins the UTC scope date.
  it('matches the documented DescribeInstances vector', () => {
    const payload = String.raw`{"Limit": 1, "Filters": [{"Values": ["\u672a\u547d\u540d"], "Name": "instance-name"}]}`;
    const signed = signTc3({
      secretKey: 'Gu5t9xGARNpq86cd98joQYCN3EXAMPLE',
      service: 'cvm',
      host: 'cvm.tencentcloudapi.com',
      contentType: 'application/json; charset=utf-8',
      payload,
      timestamp: 1551113065,
    });
    expect(signed.scope).toBe('2019-02-25/cvm/tc3_request');
    expect(signed.signature).toBe('72e494ea809ad7a8c8f7a4507b9bddcbaa8e581f516e8da2f66e2c5a96525168');
  });
});

// ---- a local stand-in for sms.tencentcloudapi.com that checks signatures as Tencent does ----

const SECRETS: Record<string, string> = { AKIDtest: 'the-real-key' };
const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, msg: string) => createHmac('sha256', key).update(msg).digest();

type Reply = 'ok' | 'daily-limit';
const gateway = { reply: 'ok' as Reply, accepted: [] as { headers: IncomingMessage['headers']; body: Record<string, unknown> }[] };

function authError(code: string, message: string) {
  return { Response: { Error: { Code: code, Message: message }, RequestId: 'a3c8e2f0-0000-4000-8000-000000000001' } };
}

/** Recomputes the signature from what actually arrived: the received headers and raw body bytes. */
function answer(req: IncomingMessage, raw: Buffer): object {
  const m = /^TC3-HMAC-SHA256 Credential=([^/]+)\/(\d{4}-\d\d-\d\d)\/([a-z]+)\/tc3_request, SignedHeaders=([a-z;-]+), Signature=([0-9a-f]{64})$/.exec(
    req.headers.authorization ?? '',
  );
  if (!m) return authError('AuthFailure.InvalidAuthorization', 'Authorization header format error.');
  const [, secretId, date, service, signedHeaders, signature] = m as unknown as string[];
  const secretKey = SECRETS[secretId!];
  if (!secretKey) return authError('AuthFailure.SecretIdNotFound', 'The SecretId is not found.');
  const timestamp = Number(req.headers['x-tc-timestamp']);
  if (!(Math.abs(Date.now() / 1000 - timestamp) < 300)) return authError('AuthFailure.SignatureExpire', 'Signature expired.');
  const names = signedHeaders!.split(';');
  if (!names.includes('content-type') || !names.includes('host')) return authError('AuthFailure.SignatureFailure', 'content-type and host must be signed.');

  const canonicalHeaders = names.map((h) => `${h}:${String(req.headers[h] ?? '').trim().toLowerCase()}\n`).join('');
  const canonicalRequest = [req.method, '/', '', canonicalHeaders, signedHeaders, sha256(raw)].join('\n');
  const utcDate = new Date(timestamp * 1000).toISOString().slice(0, 10);
  const stringToSign = ['TC3-HMAC-SHA256', String(timestamp), `${utcDate}/${service}/tc3_request`, sha256(canonicalRequest)].join('\n');
  const key = hmac(hmac(hmac(`TC3${secretKey}`, utcDate), service!), 'tc3_request');
  const expected = createHmac('sha256', key).update(stringToSign).digest('hex');
  if (date !== utcDate || signature !== expected) {
    return authError('AuthFailure.SignatureFailure', 'The provided credentials could not be validated. Please check your signature is correct.');
  }
  if (service !== 'sms' || req.headers['x-tc-action'] !== 'SendSms' || req.headers['x-tc-version'] !== '2021-01-11') {
    return authError('InvalidAction', 'The action or version is not valid.');
  }

  const body = JSON.parse(raw.toString('utf8')) as Record<string, unknown>;
  gateway.accepted.push({ headers: req.headers, body });
  const phone = (body.PhoneNumberSet as string[])[0];
  const status =
    gateway.reply === 'daily-limit'
      ? { Code: 'LimitExceeded.PhoneNumberDailyLimit', Message: 'the number of sms messages sent from a single mobile number every day exceeds the upper limit' }
      : { Code: 'Ok', Message: 'send success' };
  return {
    Response: {
      SendStatusSet: [{ SerialNo: '5000:1045710669157053657849499619', PhoneNumber: phone, Fee: 1, SessionContext: '', IsoCode: 'CN', ...status }],
      RequestId: 'a0aabda6-cf91-4f3e-a81f-9198114a2279',
    },
  };
}

const fake: Server = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const body = req.method === 'POST' ? answer(req, Buffer.concat(chunks)) : authError('InvalidParameter', 'POST only');
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  });
});
const hanging: Server = createServer(() => {});

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

let endpoint = '';
let hangingEndpoint = '';
beforeAll(async () => {
  endpoint = await listen(fake);
  hangingEndpoint = await listen(hanging);
});
afterAll(() => {
  hanging.closeAllConnections();
  hanging.close();
  fake.close();
});
beforeEach(() => {
  gateway.reply = 'ok';
  gateway.accepted = [];
});

const sms = (over: Partial<ConstructorParameters<typeof TencentSms>[0]> = {}) =>
  new TencentSms({ secretId: 'AKIDtest', secretKey: 'the-real-key', sdkAppId: '1400006666', signName: '智答助手', templateId: '1234567', endpoint, ...over });

async function failure(p: Promise<unknown>): Promise<SmsSendError> {
  const err = await p.then(() => null, (e: unknown) => e);
  expect(err).toBeInstanceOf(SmsSendError);
  return err as SmsSendError;
}

describe('TencentSms against a verifying fake gateway', () => {
  it('sends the code; the gateway accepts the signature and sees phone, template and code', async () => {
    await sms().sendCode('13800138000', '123456');
    expect(gateway.accepted).toHaveLength(1);
    const { headers, body } = gateway.accepted[0]!;
    expect(body).toEqual({
      PhoneNumberSet: ['+8613800138000'],
      SmsSdkAppId: '1400006666',
      SignName: '智答助手',
      TemplateId: '1234567',
      TemplateParamSet: ['123456'],
    });
    expect(headers['x-tc-region']).toBe('ap-guangzhou');
  });

  it('sends the configured region', async () => {
    await sms({ region: 'ap-nanjing' }).sendCode('13800138000', '123456');
    expect(gateway.accepted[0]!.headers['x-tc-region']).toBe('ap-nanjing');
  });

  it('a wrong secret key is rejected by the gateway and surfaces as SmsSendError', async () => {
    const err = await failure(sms({ secretKey: 'wrong' }).sendCode('13800138000', '123456'));
    expect(err.providerCode).toBe('AuthFailure.SignatureFailure');
    expect(err.message).toMatch(/^短信发送失败：/);
    expect(gateway.accepted).toHaveLength(0);
  });

  it('a clock far off is refused as an expired signature', async () => {
    const err = await failure(sms({ now: () => new Date(Date.now() - 3600_000) }).sendCode('13800138000', '123456'));
    expect(err.providerCode).toBe('AuthFailure.SignatureExpire');
  });

  it('a per-number vendor error carries the vendor code', async () => {
    gateway.reply = 'daily-limit';
    const err = await failure(sms().sendCode('13800138000', '123456'));
    expect(err.providerCode).toBe('LimitExceeded.PhoneNumberDailyLimit');
    expect(err.message).toBe('短信发送失败：该手机号今日接收短信已达上限');
  });

  it('a refused connection is an SmsSendError', async () => {
    const closed = createServer();
    const url = await listen(closed);
    await new Promise((resolve) => closed.close(resolve));
    const err = await failure(sms({ endpoint: url }).sendCode('13800138000', '123456'));
    expect(err.message).toContain('无法连接短信服务');
    expect(err.providerCode).toBeUndefined();
  });

  it('a gateway that never answers times out as SmsSendError', async () => {
    const err = await failure(sms({ endpoint: hangingEndpoint, timeoutMs: 200 }).sendCode('13800138000', '123456'));
    expect(err.message).toContain('超时');
  });
});
