import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { OfficialWechat } from './official.ts';

const APP_ID = 'wx_test_app';
const APP_SECRET = 'test-secret';
const TOKEN = 'push-token';

/** A local stand-in for api.weixin.qq.com that speaks the endpoints the adapter uses. */
class FakeWechatApi {
  tokenRequests = 0;
  qrRequests: Array<{ token: string; body: unknown }> = [];
  /** Answer the next N qrcode/create calls with "access_token expired". */
  expireNext = 0;
  private issued = new Set<string>();
  private usedCodes = new Set<string>();
  private server?: Server;
  base = '';

  async start() {
    this.server = createServer((req, res) => {
      void this.handle(req).then(
        (body) => {
          res.setHeader('content-type', 'application/json');
          res.end(JSON.stringify(body));
        },
        () => {
          res.statusCode = 500;
          res.end();
        },
      );
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.base = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop() {
    await new Promise((resolve) => this.server!.close(resolve));
  }

  reset() {
    this.tokenRequests = 0;
    this.qrRequests = [];
    this.expireNext = 0;
    this.issued.clear();
    this.usedCodes.clear();
  }

  private async handle(req: IncomingMessage): Promise<object> {
    const url = new URL(req.url!, this.base);
    const q = url.searchParams;
    if (req.method === 'GET' && url.pathname === '/cgi-bin/token') {
      this.tokenRequests += 1;
      // Slow enough that concurrent callers overlap.
      await new Promise((r) => setTimeout(r, 20));
      if (q.get('grant_type') !== 'client_credential' || q.get('appid') !== APP_ID) {
        return { errcode: 40013, errmsg: 'invalid appid' };
      }
      if (q.get('secret') !== APP_SECRET) return { errcode: 40125, errmsg: 'invalid appsecret' };
      const token = `token-${this.tokenRequests}`;
      this.issued.add(token);
      return { access_token: token, expires_in: 7200 };
    }
    if (req.method === 'POST' && url.pathname === '/cgi-bin/qrcode/create') {
      const token = q.get('access_token') ?? '';
      const body: unknown = JSON.parse(await readBody(req));
      this.qrRequests.push({ token, body });
      if (this.expireNext > 0) {
        this.expireNext -= 1;
        this.issued.delete(token);
        return { errcode: 42001, errmsg: 'access_token expired' };
      }
      if (!this.issued.has(token)) return { errcode: 40001, errmsg: 'invalid credential' };
      const scene = (body as { action_info?: { scene?: { scene_str?: string } } }).action_info?.scene?.scene_str;
      if (!scene) return { errcode: 40097, errmsg: 'invalid args' };
      return { ticket: `gQ+ticket/${scene}==`, expire_seconds: 300, url: `http://weixin.qq.com/q/${scene}` };
    }
    if (req.method === 'GET' && url.pathname === '/sns/oauth2/access_token') {
      const code = q.get('code') ?? '';
      if (q.get('appid') !== APP_ID || q.get('secret') !== APP_SECRET || q.get('grant_type') !== 'authorization_code') {
        return { errcode: 40125, errmsg: 'invalid appsecret' };
      }
      if (this.usedCodes.has(code)) return { errcode: 40163, errmsg: 'code been used' };
      if (code !== 'good-code' && code !== 'snapshot-code') return { errcode: 40029, errmsg: 'invalid code' };
      this.usedCodes.add(code);
      return {
        access_token: 'web-token',
        expires_in: 7200,
        refresh_token: 'refresh',
        openid: 'oUser123',
        scope: 'snsapi_base',
        ...(code === 'snapshot-code' ? { is_snapshotuser: 1 } : { unionid: 'uUnion456' }),
      };
    }
    return { errcode: 404, errmsg: 'not found' };
  }
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let data = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (data += chunk));
    req.on('end', () => resolve(data));
    req.on('error', reject);
  });
}

const api = new FakeWechatApi();
let clock = 1_700_000_000_000;

function makeProvider(overrides: Partial<ConstructorParameters<typeof OfficialWechat>[0]> = {}) {
  return new OfficialWechat({
    appId: APP_ID,
    appSecret: APP_SECRET,
    token: TOKEN,
    apiBase: api.base,
    now: () => clock,
    ...overrides,
  });
}

beforeAll(() => api.start());
afterAll(() => api.stop());
beforeEach(() => {
  api.reset();
  clock = 1_700_000_000_000;
});

describe('access_token', () => {
  it('is fetched once for many concurrent calls', async () => {
    const wechat = makeProvider();
    await Promise.all(Array.from({ length: 10 }, (_, i) => wechat.createSceneQr(`scene${i}`, 300)));
    expect(api.tokenRequests).toBe(1);
    expect(api.qrRequests.map((r) => r.token)).toEqual(Array(10).fill('token-1'));
  });

  it('is refreshed 5 minutes before it expires', async () => {
    const wechat = makeProvider();
    await wechat.createSceneQr('a', 300);
    clock += (7200 - 300 - 1) * 1000;
    await wechat.createSceneQr('b', 300);
    expect(api.tokenRequests).toBe(1);
    clock += 2000;
    await wechat.createSceneQr('c', 300);
    expect(api.tokenRequests).toBe(2);
    expect(api.qrRequests.at(-1)?.token).toBe('token-2');
  });

  it('is dropped and the call retried once when WeChat says it expired', async () => {
    const wechat = makeProvider();
    await wechat.createSceneQr('a', 300);
    api.expireNext = 1;
    const qr = await wechat.createSceneQr('b', 300);
    expect(qr.content).toContain('ticket');
    expect(api.tokenRequests).toBe(2);
    expect(api.qrRequests.map((r) => r.token)).toEqual(['token-1', 'token-1', 'token-2']);
  });

  it('gives up after one retry', async () => {
    const wechat = makeProvider();
    api.expireNext = 2;
    await expect(wechat.createSceneQr('a', 300)).rejects.toThrow(/errcode 42001/);
    expect(api.qrRequests).toHaveLength(2);
  });

  it('reports a bad secret in Chinese without leaking it, and retries next time', async () => {
    const wechat = makeProvider({ appSecret: 'wrong' });
    const error = await wechat.createSceneQr('a', 300).catch((e: Error) => e);
    expect((error as Error).message).toMatch(/access_token 失败.*40125.*invalid appsecret/);
    expect((error as Error).message).not.toContain('wrong');
    await wechat.createSceneQr('a', 300).catch(() => undefined);
    expect(api.tokenRequests).toBe(2);
  });
});

describe('createSceneQr', () => {
  it('creates a temporary string-scene QR and points at its image', async () => {
    const qr = await makeProvider({ qrImageBase: 'https://mp.example.com/' }).createSceneQr('login_abc', 300);
    expect(api.qrRequests[0]?.body).toEqual({
      expire_seconds: 300,
      action_name: 'QR_STR_SCENE',
      action_info: { scene: { scene_str: 'login_abc' } },
    });
    expect(qr).toEqual({
      content: 'https://mp.example.com/cgi-bin/showqrcode?ticket=gQ%2Bticket%2Flogin_abc%3D%3D',
      isImage: true,
    });
  });

  it('uses mp.weixin.qq.com for the image by default', async () => {
    const qr = await makeProvider().createSceneQr('x', 60);
    expect(qr.content.startsWith('https://mp.weixin.qq.com/cgi-bin/showqrcode?ticket=')).toBe(true);
  });

  it('throws a Chinese error with errcode and errmsg', async () => {
    await expect(makeProvider().createSceneQr('', 60)).rejects.toThrow(/场景值/);
    const failing = makeProvider({
      fetch: async (input) =>
        String(input).includes('/cgi-bin/token')
          ? Response.json({ access_token: 't', expires_in: 7200 })
          : Response.json({ errcode: 45009, errmsg: 'reach max api daily quota limit' }),
    });
    await expect(failing.createSceneQr('a', 60)).rejects.toThrow(
      '生成登录二维码失败（errcode 45009: reach max api daily quota limit）',
    );
  });

  it('turns network failures and non-JSON answers into errors', async () => {
    const down = makeProvider({ apiBase: 'http://127.0.0.1:1' });
    await expect(down.createSceneQr('a', 60)).rejects.toThrow(/无法连接微信接口 \/cgi-bin\/token/);
    const html = makeProvider({ fetch: async () => new Response('<html>', { status: 200 }) });
    await expect(html.createSceneQr('a', 60)).rejects.toThrow(/无法解析/);
  });
});

describe('verifySignature', () => {
  const sign = (token: string, timestamp: string, nonce: string) =>
    createHash('sha1').update([token, timestamp, nonce].sort().join('')).digest('hex');
  const timestamp = String(1_700_000_000);

  it('accepts a correct signature', () => {
    const wechat = makeProvider();
    expect(wechat.verifySignature({ signature: sign(TOKEN, timestamp, '12345'), timestamp, nonce: '12345' })).toBe(true);
  });

  it('rejects a wrong token, a tampered nonce, and garbage', () => {
    const wechat = makeProvider();
    const good = sign(TOKEN, timestamp, '12345');
    expect(wechat.verifySignature({ signature: sign('other', timestamp, '12345'), timestamp, nonce: '12345' })).toBe(false);
    expect(wechat.verifySignature({ signature: good, timestamp, nonce: '12346' })).toBe(false);
    expect(wechat.verifySignature({ signature: 'abc', timestamp, nonce: '12345' })).toBe(false);
    expect(wechat.verifySignature({ signature: good, timestamp: 'x', nonce: '12345' })).toBe(false);
  });

  it('rejects timestamps more than 5 minutes away', () => {
    const wechat = makeProvider();
    for (const [offset, ok] of [[-300, true], [300, true], [-301, false], [301, false]] as const) {
      const ts = String(1_700_000_000 + offset);
      expect(wechat.verifySignature({ signature: sign(TOKEN, ts, 'n'), timestamp: ts, nonce: 'n' })).toBe(ok);
    }
  });
});

describe('parseScanEvent', () => {
  const push = (fields: Record<string, string>) =>
    `<xml>${Object.entries(fields)
      .map(([k, v]) => `<${k}><![CDATA[${v}]]></${k}>`)
      .join('')}<CreateTime>1700000000</CreateTime></xml>`;
  const base = { ToUserName: 'gh_account', FromUserName: 'oUser123', MsgType: 'event' };

  it('reads a subscribe through a scene QR', () => {
    const xml = push({ ...base, Event: 'subscribe', EventKey: 'qrscene_login_abc', Ticket: 'T' });
    expect(makeProvider().parseScanEvent(xml)).toEqual({
      openid: 'oUser123',
      sceneStr: 'login_abc',
      event: 'subscribe',
      accountId: 'gh_account',
    });
  });

  it('reads a SCAN by an existing follower', () => {
    const xml = push({ ...base, Event: 'SCAN', EventKey: 'login_abc', Ticket: 'T' });
    expect(makeProvider().parseScanEvent(xml)).toEqual({
      openid: 'oUser123',
      sceneStr: 'login_abc',
      event: 'SCAN',
      accountId: 'gh_account',
    });
  });

  it('ignores plain follows, other events, text messages and garbage', () => {
    const wechat = makeProvider();
    expect(wechat.parseScanEvent(push({ ...base, Event: 'subscribe', EventKey: '' }))).toBeNull();
    expect(wechat.parseScanEvent(push({ ...base, Event: 'subscribe', EventKey: 'qrscene_' }))).toBeNull();
    expect(wechat.parseScanEvent(push({ ...base, Event: 'unsubscribe', EventKey: '' }))).toBeNull();
    expect(wechat.parseScanEvent(push({ ...base, Event: 'SCAN', EventKey: '' }))).toBeNull();
    expect(wechat.parseScanEvent(push({ ...base, Event: 'CLICK', EventKey: 'menu' }))).toBeNull();
    expect(wechat.parseScanEvent(push({ ...base, MsgType: 'text', Content: 'hi', MsgId: '1' }))).toBeNull();
    expect(wechat.parseScanEvent(push({ MsgType: 'event', Event: 'SCAN', EventKey: 'x' }))).toBeNull();
    for (const junk of ['', 'not xml', '<xml><MsgType>event', '<<<>>>', '\u0000'.repeat(10)]) {
      expect(wechat.parseScanEvent(junk)).toBeNull();
    }
  });
});

describe('textReply', () => {
  const event = { openid: 'oUser123', sceneStr: 's', event: 'SCAN' as const, accountId: 'gh_account' };

  it('answers from the account to the user', () => {
    expect(makeProvider().textReply(event, '登录成功', 1_700_000_000.9)).toBe(
      '<xml><ToUserName><![CDATA[oUser123]]></ToUserName><FromUserName><![CDATA[gh_account]]></FromUserName>' +
        '<CreateTime>1700000000</CreateTime><MsgType><![CDATA[text]]></MsgType>' +
        '<Content><![CDATA[登录成功]]></Content></xml>',
    );
  });

  it('keeps ]]> in the text inside the Content', () => {
    const xml = makeProvider().textReply(event, 'x]]><MsgType>news</MsgType>', 1);
    expect(xml).toContain('<Content><![CDATA[x]]]]><![CDATA[><MsgType>news</MsgType>]]></Content>');
  });
});

describe('OAuth', () => {
  it('builds the silent authorize URL in the documented order', () => {
    const url = makeProvider().oauthAuthorizeUrl('https://ai.example.com/api/auth/wechat/callback?next=/chat', 'st4te');
    expect(url).toBe(
      'https://open.weixin.qq.com/connect/oauth2/authorize?appid=wx_test_app' +
        '&redirect_uri=https%3A%2F%2Fai.example.com%2Fapi%2Fauth%2Fwechat%2Fcallback%3Fnext%3D%2Fchat' +
        '&response_type=code&scope=snsapi_base&state=st4te#wechat_redirect',
    );
  });

  it('exchanges a code for the openid and unionid', async () => {
    const wechat = makeProvider();
    await expect(wechat.exchangeOauthCode('good-code')).resolves.toEqual({ openid: 'oUser123', unionid: 'uUnion456' });
    await expect(wechat.exchangeOauthCode('good-code')).rejects.toThrow('微信授权失败（errcode 40163: code been used）');
    expect(api.tokenRequests).toBe(0);
  });

  it('rejects invalid codes and snapshot-page visitors', async () => {
    const wechat = makeProvider();
    await expect(wechat.exchangeOauthCode('bad-code')).rejects.toThrow('微信授权失败（errcode 40029: invalid code）');
    await expect(wechat.exchangeOauthCode('')).rejects.toThrow(/授权码无效/);
    await expect(wechat.exchangeOauthCode('snapshot-code')).rejects.toThrow(/完整页面/);
  });
});
