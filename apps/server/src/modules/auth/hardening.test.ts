import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trustProxyOf } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { checkNotifyUrl } from '../../core/startup-report.ts';
import { argonPeak, verifyPasswordLimited } from './password-guard.ts';
import { AuthService } from './service.ts';
import { users } from '../../db/schema/index.ts';
import { DEV_WECHAT_TOKEN, wechatSignatureForTest } from './hardening.test-kit.ts';
import { createTestApp, type TestApp } from '../../testing/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { REGISTER_PER_IP_PER_HOUR: '3', LOGIN_FAILS_PER_USERNAME: '3', LOGIN_FAILS_GLOBAL_PER_MIN: '8' }, kv: 'memory' });
});
afterAll(() => t.close());

const inject = (url: string, remoteAddress = '10.1.1.1') => t.app.inject({ method: 'GET', url, remoteAddress });

describe('WeChat simulator pages (demo mode)', () => {
  it('escapes the scene it echoes and runs only its own nonce script (reflected XSS)', async () => {
    const evil = `"</script><script>alert(document.cookie)</script><img src=x onerror=alert(1)>`;
    const res = await inject(`/api/dev/wechat/scan?scene=${encodeURIComponent(evil)}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('<script>alert');
    expect(res.body).not.toContain('<img src=x');
    expect(res.body).toContain('&#60;/script&#62;');
    const csp = String(res.headers['content-security-policy']);
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(csp).toContain("frame-ancestors 'none'");
    // Every script on the page carries the nonce.
    const scripts = [...res.body.matchAll(/<script([^>]*)>/g)].map((m) => m[1]);
    expect(scripts).toEqual([` nonce="${nonce}"`]);
  });

  it('refuses javascript: and foreign redirect_uri, in the simulator and in oauth-url', async () => {
    for (const uri of ['javascript://localhost:3000/%0aalert(document.cookie)', 'data://localhost:3000/x', 'https://evil.example/x', 'http://user:pw@localhost:3000/x']) {
      const page = await inject(`/api/dev/wechat/oauth?redirect_uri=${encodeURIComponent(uri)}`);
      expect(page.statusCode, uri).toBe(400);
      expect(page.body).not.toContain('javascript:');
      const api = await t.call('GET', '/api/login/wechat/oauth-url', { query: { redirect_uri: uri } });
      expect(api.status, uri).toBe(400);
    }
    const ok = await inject(`/api/dev/wechat/oauth?redirect_uri=${encodeURIComponent('http://localhost:3000/talk?a=1')}&openid=demo_user1`);
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toContain('href="http://localhost:3000/talk?a=1&#38;code=dev_demo_user1');
  });

  it('never logs into an account it did not create', async () => {
    const [victim] = await t.ctx.db.insert(users).values({ nickname: 'victim', wechatOpenid: 'dev_victim01', inviteCode: 'VICTIM01', registerWay: 'wechat' }).returning();
    const url = await t.call('GET', '/api/login/wechat/oauth-url', { query: { redirect_uri: 'http://localhost:3000/talk' } });
    const info = await t.call('GET', '/api/login/wechat/info', { query: { code: 'dev_dev_victim01', login_ticket: url.body.data.login_ticket } });
    expect(info.body.code).toBe(200);
    const me = await t.call('GET', '/api/user/info', { token: info.body.data.token });
    expect(me.body.data.id).not.toBe(victim!.id);
    expect(info.body.data.is_new).toBe(true);
  });

  it('rate-limits simulator sign-ups per client address', async () => {
    const signUp = async (openid: string, ip: string) => {
      const url = await t.app.inject({ method: 'GET', url: '/api/login/wechat/oauth-url?redirect_uri=http://localhost:3000/talk', remoteAddress: ip });
      const ticket = url.json().data.login_ticket;
      const res = await t.app.inject({ method: 'GET', url: `/api/login/wechat/info?code=dev_${openid}&login_ticket=${ticket}`, remoteAddress: ip });
      return res.json<{ code: number; message: string }>();
    };
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await signUp(`spam_user_${i}`, '10.7.7.7'));
    expect(results.slice(0, 3).map((r) => r.code)).toEqual([200, 200, 200]);
    expect(results[3]!.code).toBe(429);
    // Another address still signs up; logging in again as an existing simulated user is not a sign-up.
    expect((await signUp('spam_user_9', '10.7.7.8')).code).toBe(200);
    expect((await signUp('spam_user_0', '10.7.7.7')).code).toBe(200);
  });
});

describe('demo mode switch', () => {
  it('DEMO_MODE=0: no simulator, no sandbox, no forged dev pushes; the dialogs offer only what works', async () => {
    const off = await createTestApp({ env: { DEMO_MODE: '0' } });
    try {
      expect((await off.app.inject({ method: 'GET', url: '/api/dev/wechat/scan?scene=x' })).statusCode).toBe(404);
      expect((await off.app.inject({ method: 'GET', url: '/api/dev/wechat/oauth?redirect_uri=http://localhost:3000/' })).statusCode).toBe(404);
      expect((await off.app.inject({ method: 'GET', url: '/api/pay/sandbox/checkout' })).statusCode).toBe(404);
      const info = (await off.call('GET', '/api/website/info')).body.data;
      expect(info.demo).toMatchObject({ mode: false, wechat: false, pay: false });
      expect(info.website.config.login_way).toBe('mobile');
      expect(info.website.pay_way).toBe('');
      expect((await off.call('GET', '/api/login/wechat-qrcode')).body.code).toBe(403);
      expect((await off.call('GET', '/api/trade/payments')).body.data).toEqual({ list: [], sandbox: false });
      // A push signed with the simulator's public token is refused.
      const ts = String(Math.floor(off.clock.now() / 1000));
      const push = await off.app.inject({
        method: 'POST',
        url: `/api/wechat/event?signature=${wechatSignatureForTest(DEV_WECHAT_TOKEN, ts, 'n1')}&timestamp=${ts}&nonce=n1`,
        payload: '<xml><MsgType>event</MsgType></xml>',
        headers: { 'content-type': 'text/xml' },
      });
      expect(push.statusCode).toBe(403);
    } finally {
      await off.close();
    }
  });

  it('is on by default with nothing configured, off once a real gateway is, on again with DEMO_MODE=1', () => {
    expect(loadConfig({}).demo).toBe(true);
    const epay = { EPAY_API_URL: 'https://pay.example.com/', EPAY_PID: '1', EPAY_KEY: 'k' };
    expect(loadConfig(epay).demo).toBe(false);
    expect(loadConfig({ WECHAT_APP_ID: 'wx1', WECHAT_APP_SECRET: 's', WECHAT_TOKEN: 't' }).demo).toBe(false);
    expect(loadConfig({ ...epay, DEMO_MODE: '1' }).demo).toBe(true);
    expect(loadConfig({ DEMO_MODE: '0' }).demo).toBe(false);
  });

  it('the website info carries the demo flag for the banner', async () => {
    expect((await t.call('GET', '/api/website/info')).body.data.demo.mode).toBe(true);
  });
});

describe('security headers', () => {
  it('every API reply, 404s and the sandbox cashier carry CSP, nosniff, Referrer-Policy and frame-ancestors', async () => {
    for (const url of ['/api/health', '/api/website/info', '/api/nope', '/api/pay/sandbox/checkout?x=1']) {
      const res = await inject(url);
      expect(String(res.headers['content-security-policy']), url).toMatch(/frame-ancestors '(none|self)'/);
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
    }
  });
});

describe('TRUST_PROXY', () => {
  const ipOf = async (setting: string, xff: string, remoteAddress: string) => {
    const app = Fastify({ trustProxy: trustProxyOf(loadConfig({ TRUST_PROXY: setting }).env.TRUST_PROXY) });
    app.get('/', async (req) => req.ip);
    const res = await app.inject({ method: 'GET', url: '/', headers: { 'x-forwarded-for': xff }, remoteAddress });
    await app.close();
    return res.body;
  };

  it('trusts exactly the configured hops: a client cannot choose its own address', async () => {
    expect(await ipOf('1', '6.6.6.6, 203.0.113.9', '127.0.0.1')).toBe('203.0.113.9');
    expect(await ipOf('2', '6.6.6.6, 203.0.113.9, 10.0.0.2', '127.0.0.1')).toBe('203.0.113.9');
  });

  it('with a proxy list, trusts X-Forwarded-For only from those proxies', async () => {
    expect(await ipOf('10.0.0.0/8, 127.0.0.1', '6.6.6.6, 203.0.113.9', '127.0.0.1')).toBe('203.0.113.9');
    expect(await ipOf('10.0.0.0/8', '6.6.6.6', '198.51.100.7')).toBe('198.51.100.7');
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY/);
    expect(loadConfig({ TRUST_PROXY: '0' }).env.TRUST_PROXY).toBeUndefined();
  });
});

describe('password spraying', () => {
  it('locks a username after its failure limit, from any address, with the lock-out message', async () => {
    await t.call('POST', '/api/login/register', { body: { userName: 'spray_me1', password: 'correct-horse' } });
    for (let i = 0; i < 3; i++) {
      const bad = await t.app.inject({ method: 'POST', url: '/api/login/account-login', payload: { userName: 'spray_me1', password: `wrong-${i}` }, remoteAddress: `10.3.0.${i + 1}` });
      expect(bad.json().message).toBe('账号或密码错误');
    }
    const locked = await t.app.inject({ method: 'POST', url: '/api/login/account-login', payload: { userName: 'spray_me1', password: 'correct-horse' }, remoteAddress: '10.3.0.99' });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toMatch(/已临时锁定/);
    t.clock.advance(16 * 60_000);
    const after = await t.app.inject({ method: 'POST', url: '/api/login/account-login', payload: { userName: 'spray_me1', password: 'correct-horse' }, remoteAddress: '10.3.0.99' });
    expect(after.json().code).toBe(200);
  });
  // Per address and site-wide: password-limits.test.ts.
});

describe('argon2 work is spread', () => {
  it('runs at most two verifications at once and refuses a flood beyond its queue', async () => {
    const hashed = await AuthService.hashPassword('pw-123456');
    argonPeak(true);
    const results = await Promise.allSettled(Array.from({ length: 80 }, () => verifyPasswordLimited(hashed, 'wrong-pass')));
    expect(argonPeak()).toBe(2);
    const refused = results.filter((r) => r.status === 'rejected');
    expect(refused.length).toBeGreaterThan(0);
    expect(String((refused[0] as PromiseRejectedResult).reason?.message)).toMatch(/频繁/);
    expect(results.filter((r) => r.status === 'fulfilled').every((r) => r.value === false)).toBe(true);
  }, 60_000);
});

describe('notify URL of real gateways', () => {
  const epay = { EPAY_API_URL: 'https://pay.example.com/', EPAY_PID: '1', EPAY_KEY: 'k' };
  it('refuses to start in production with a real gateway and no public https PUBLIC_URL, unless forced', () => {
    const warnings: string[] = [];
    const log = { warn: (m: string) => void warnings.push(m) };
    expect(() => checkNotifyUrl(loadConfig({ ...epay, NODE_ENV: 'production' }), log)).toThrow(/ALLOW_INSECURE_NOTIFY_URL/);
    expect(() => checkNotifyUrl(loadConfig({ ...epay, NODE_ENV: 'production', PUBLIC_URL: 'https://10.0.0.5' }), log)).toThrow();
    checkNotifyUrl(loadConfig({ ...epay, NODE_ENV: 'production', ALLOW_INSECURE_NOTIFY_URL: '1' }), log);
    checkNotifyUrl(loadConfig({ ...epay }), log);
    expect(warnings).toHaveLength(2);
    checkNotifyUrl(loadConfig({ ...epay, NODE_ENV: 'production', PUBLIC_URL: 'https://ai.example.com' }), log);
    checkNotifyUrl(loadConfig({ NODE_ENV: 'production' }), log);
    expect(warnings).toHaveLength(2);
  });
});
