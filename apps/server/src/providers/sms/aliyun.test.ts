import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AliyunSms, aliyunPercentEncode, aliyunStringToSign, signAliyunRpc } from './aliyun.ts';
import { SmsSendError } from './types.ts';

describe('Aliyun RPC signing', () => {
  // The SendSms example of Aliyun's SMS "HTTP协议及签名" guide (AccessKeySecret "testSecret").
  it('matches the documented SendSms vector', () => {
    const params = {
      AccessKeyId: 'testId',
      Action: 'SendSms',
      Format: 'XML',
      OutId: '123',
      PhoneNumbers: '15300000001',
      RegionId: 'cn-hangzhou',
      SignName: '阿里云短信测试专用',
      SignatureMethod: 'HMAC-SHA1',
      SignatureNonce: '45e25e9b-0a6f-4070-8c85-2956eda1b466',
      SignatureVersion: '1.0',
      TemplateCode: 'SMS_71390007',
      TemplateParam: '{"customer":"test"}',
      Timestamp: '2017-07-12T02:42:19Z',
      Version: '2017-05-25',
    };
    expect(aliyunStringToSign(params, 'GET')).toBe(
      'GET&%2F&AccessKeyId%3DtestId%26Action%3DSendSms%26Format%3DXML%26OutId%3D123' +
        '%26PhoneNumbers%3D15300000001%26RegionId%3Dcn-hangzhou' +
        '%26SignName%3D%25E9%2598%25BF%25E9%2587%258C%25E4%25BA%2591%25E7%259F%25AD%25E4%25BF%25A1%25E6%25B5%258B%25E8%25AF%2595%25E4%25B8%2593%25E7%2594%25A8' +
        '%26SignatureMethod%3DHMAC-SHA1%26SignatureNonce%3D45e25e9b-0a6f-4070-8c85-2956eda1b466' +
        '%26SignatureVersion%3D1.0%26TemplateCode%3DSMS_71390007' +
        '%26TemplateParam%3D%257B%2522customer%2522%253A%2522test%2522%257D' +
        '%26Timestamp%3D2017-07-12T02%253A42%253A19Z%26Version%3D2017-05-25',
    );
    expect(signAliyunRpc(params, 'testSecret', 'GET')).toBe('zJDF+Lrzhj/ThnlvIToysFRq6t4=');
    // A stale Signature in the map must not take part.
    expect(signAliyunRpc({ ...params, Signature: 'x' }, 'testSecret', 'GET')).toBe('zJDF+Lrzhj/ThnlvIToysFRq6t4=');
  });

  // The ECS DescribeRegions example of Aliyun's RPC signature guide (AccessKeySecret "testsecret").
  it('matches the documented DescribeRegions vector', () => {
    const params = {
      Version: '2014-05-26',
      Timestamp: '2016-02-23T12:46:24Z',
      SignatureVersion: '1.0',
      SignatureNonce: '3ee8c1b8-83d3-44af-a94f-4e0ad82fd6cf',
      SignatureMethod: 'HMAC-SHA1',
      Format: 'XML',
      Action: 'DescribeRegions',
      AccessKeyId: 'testid',
    };
    expect(aliyunStringToSign(params)).toBe(
      'GET&%2F&AccessKeyId%3Dtestid%26Action%3DDescribeRegions%26Format%3DXML%26SignatureMethod%3DHMAC-SHA1' +
        '%26SignatureNonce%3D3ee8c1b8-83d3-44af-a94f-4e0ad82fd6cf%26SignatureVersion%3D1.0' +
        '%26Timestamp%3D2016-02-23T12%253A46%253A24Z%26Version%3D2014-05-26',
    );
    expect(signAliyunRpc(params, 'testsecret')).toBe('OLeaidS1JvxuMvnyHOwuJ+uX5qY=');
  });

  it('percent-encodes by the POP rules', () => {
    expect(aliyunPercentEncode('a b*c~d')).toBe('a%20b%2Ac~d');
    expect(aliyunPercentEncode("!'()")).toBe('%21%27%28%29');
    expect(aliyunPercentEncode('-_.')).toBe('-_.');
    expect(aliyunPercentEncode('/=&+')).toBe('%2F%3D%26%2B');
  });
});

// ---- a local stand-in for dysmsapi.aliyuncs.com that checks signatures as Aliyun does ----

const SECRETS: Record<string, string> = { LTAI_test: 'the-real-secret' };

/** Written from the documented rule, byte by byte, independently of the code under test. */
function popEncode(s: string): string {
  return [...Buffer.from(s, 'utf8')]
    .map((b) => (/[A-Za-z0-9\-_.~]/.test(String.fromCharCode(b)) ? String.fromCharCode(b) : `%${b.toString(16).toUpperCase().padStart(2, '0')}`))
    .join('');
}

function expectedSignature(query: URLSearchParams, secret: string): string {
  const pairs = [...query].filter(([k]) => k !== 'Signature').map(([k, v]) => `${popEncode(k)}=${popEncode(v)}`);
  const stringToSign = `GET&${popEncode('/')}&${popEncode(pairs.sort().join('&'))}`;
  return createHmac('sha1', `${secret}&`).update(stringToSign).digest('base64');
}

type Reply = 'ok' | 'limit' | 'html';
const gateway = { reply: 'ok' as Reply, accepted: [] as Record<string, string>[], nonces: new Set<string>() };

function answer(query: URLSearchParams): { status: number; body: object } {
  const requestId = 'F655A8D5-B967-440B-8683-DAD6FF8DE990';
  const secret = SECRETS[query.get('AccessKeyId') ?? ''];
  if (!secret) return { status: 404, body: { RequestId: requestId, Code: 'InvalidAccessKeyId.NotFound', Message: 'Specified access key is not found.' } };
  if (query.get('SignatureMethod') !== 'HMAC-SHA1' || query.get('SignatureVersion') !== '1.0') {
    return { status: 400, body: { RequestId: requestId, Code: 'InvalidSignatureMethod', Message: 'Specified signature method is not valid.' } };
  }
  if (query.get('Signature') !== expectedSignature(query, secret)) {
    return { status: 400, body: { RequestId: requestId, Code: 'SignatureDoesNotMatch', Message: 'Specified signature is not matched with our calculation.' } };
  }
  const nonce = query.get('SignatureNonce') ?? '';
  if (!nonce || gateway.nonces.has(nonce)) {
    return { status: 400, body: { RequestId: requestId, Code: 'SignatureNonceUsed', Message: 'Specified signature nonce was used already.' } };
  }
  gateway.nonces.add(nonce);
  const skew = Math.abs(Date.now() - Date.parse(query.get('Timestamp') ?? ''));
  if (!(skew < 15 * 60_000)) return { status: 400, body: { RequestId: requestId, Code: 'InvalidTimeStamp.Expired', Message: 'Specified time stamp or date value is expired.' } };

  gateway.accepted.push(Object.fromEntries(query));
  if (gateway.reply === 'limit') return { status: 200, body: { RequestId: requestId, Code: 'isv.BUSINESS_LIMIT_CONTROL', Message: '触发小时级流控Permits:5' } };
  return { status: 200, body: { RequestId: requestId, Code: 'OK', Message: 'OK', BizId: '900619746936498440^0' } };
}

const fake: Server = createServer((req, res) => {
  if (gateway.reply === 'html') {
    res.writeHead(502, { 'content-type': 'text/html' }).end('<html>Bad Gateway</html>');
    return;
  }
  const url = new URL(req.url ?? '/', 'http://fake');
  const { status, body } = req.method === 'GET' && url.pathname === '/' ? answer(url.searchParams) : { status: 404, body: {} };
  res.writeHead(status, { 'content-type': 'application/json;charset=utf-8' }).end(JSON.stringify(body));
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

const sms = (over: Partial<ConstructorParameters<typeof AliyunSms>[0]> = {}) =>
  new AliyunSms({ accessKeyId: 'LTAI_test', accessKeySecret: 'the-real-secret', signName: '智答助手', templateCode: 'SMS_123456789', endpoint, ...over });

async function failure(p: Promise<unknown>): Promise<SmsSendError> {
  const err = await p.then(() => null, (e: unknown) => e);
  expect(err).toBeInstanceOf(SmsSendError);
  return err as SmsSendError;
}

describe('AliyunSms against a verifying fake gateway', () => {
  it('sends the code; the gateway accepts the signature and sees phone, template and code', async () => {
    await sms().sendCode('13800138000', '123456');
    expect(gateway.accepted).toHaveLength(1);
    expect(gateway.accepted[0]).toMatchObject({
      Action: 'SendSms',
      Version: '2017-05-25',
      RegionId: 'cn-hangzhou',
      Format: 'JSON',
      PhoneNumbers: '13800138000',
      SignName: '智答助手',
      TemplateCode: 'SMS_123456789',
      TemplateParam: '{"code":"123456"}',
    });
    expect(gateway.accepted[0]!.Timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
  });

  it('signs characters that encodeURIComponent leaves alone the way the gateway does', async () => {
    await sms({ signName: "Ask*Me (it's) ~ok!" }).sendCode('13800138000', '654321');
    expect(gateway.accepted[0]!.SignName).toBe("Ask*Me (it's) ~ok!");
  });

  it('uses a fresh nonce per request, and a replayed nonce is refused', async () => {
    const client = sms();
    await client.sendCode('13800138000', '111111');
    await client.sendCode('13800138000', '222222');
    expect(gateway.accepted).toHaveLength(2);

    const fixed = sms({ nonce: () => 'same-nonce' });
    await fixed.sendCode('13800138000', '333333');
    expect((await failure(fixed.sendCode('13800138000', '444444'))).providerCode).toBe('SignatureNonceUsed');
  });

  it('a wrong secret is rejected by the gateway and surfaces as SmsSendError', async () => {
    const err = await failure(sms({ accessKeySecret: 'wrong' }).sendCode('13800138000', '123456'));
    expect(err.providerCode).toBe('SignatureDoesNotMatch');
    expect(err.message).toMatch(/^短信发送失败：/);
    expect(gateway.accepted).toHaveLength(0);
  });

  it('a vendor error carries the vendor code', async () => {
    gateway.reply = 'limit';
    const err = await failure(sms().sendCode('13800138000', '123456'));
    expect(err.providerCode).toBe('isv.BUSINESS_LIMIT_CONTROL');
    expect(err.message).toBe('短信发送失败：发送过于频繁，请稍后再试');
  });

  it('a non-JSON answer is an SmsSendError', async () => {
    gateway.reply = 'html';
    const err = await failure(sms().sendCode('13800138000', '123456'));
    expect(err.message).toContain('HTTP 502');
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
