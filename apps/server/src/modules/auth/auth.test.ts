import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { Code, SMS_CODE_TTL_SECONDS, TOKEN_TTL_SECONDS } from '@app/shared';
import { createTestApp, type TestApp } from '../../testing/harness.ts';
import { users } from '../../db/schema/index.ts';
import { ConfigService } from '../config/service.ts';
import { wechatSignature } from '../../providers/wechat/signature.ts';
import { DEV_WECHAT_TOKEN } from '../../providers/wechat/dev.ts';

let t: TestApp;
/** Same server with short-lived state on the manual clock (Redis TTLs run on real time). */
let tm: TestApp;
let seq = 0;
const phone = () => `139${String(10000000 + seq++).padStart(8, '0')}`;
const ipCounter = { n: 0 };
const freshIp = () => `10.1.${Math.floor(ipCounter.n / 200)}.${(ipCounter.n++ % 200) + 1}`;

async function sendCode(mobile: string, ip = freshIp(), app = t) {
  const res = await app.app.inject({ method: 'POST', url: '/api/sms-code/create', payload: { mobile }, remoteAddress: ip });
  return { status: res.statusCode, body: res.json(), code: app.sms.lastCodes.get(mobile) };
}

beforeAll(async () => {
  [t, tm] = await Promise.all([createTestApp(), createTestApp({ kv: 'memory' })]);
});
afterAll(async () => {
  await Promise.all([t.close(), tm.close()]);
});
beforeEach(() => {
  t.clock.advance(61_000);
  tm.clock.advance(61_000);
});

describe('SMS code', () => {
  it('rejects a malformed phone with a field-level 400 and sends nothing', async () => {
    for (const mobile of ['', '12345678901', '1391234567', 'abc', 13912345678]) {
      const r = await t.call('POST', '/api/sms-code/create', { body: { mobile } });
      expect(r.status).toBe(400);
      expect(r.body.success).toBe(false);
      expect(r.body.data.field).toBe('mobile');
    }
    const none = await t.call('POST', '/api/sms-code/create', { body: {} });
    expect(none.body.message).toBe('请输入手机号');
    const bad = await t.call('POST', '/api/sms-code/create', { body: { mobile: '12345678901' } });
    expect(bad.body.message).toBe('请输入正确格式的手机号');
  });

  it('answers malformed JSON with 400, not 500', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/sms-code/create', payload: '{bad', headers: { 'content-type': 'application/json' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(400);
  });

  it('sends a 6-digit code and refuses a resend within 60 s for the same phone', async () => {
    const m = phone();
    const first = await sendCode(m, freshIp(), tm);
    expect(first.body.code).toBe(200);
    expect(first.body.data.sms_id).toBeTruthy();
    expect(first.code).toMatch(/^\d{6}$/);
    const again = await sendCode(m, freshIp(), tm);
    expect(again.status).toBe(429);
    expect(again.body.code).toBe(Code.RATE_LIMITED);
    tm.clock.advance(61_000);
    expect((await sendCode(m, freshIp(), tm)).body.code).toBe(200);
  });

  it('limits sends per IP per hour', async () => {
    const ip = '10.200.0.1';
    const codes = [];
    for (let i = 0; i < 21; i++) codes.push((await sendCode(phone(), ip)).body.code);
    expect(codes.slice(0, 20).every((c) => c === 200)).toBe(true);
    expect(codes[20]).toBe(Code.RATE_LIMITED);
  });

  it('limits a phone to 10 codes a day', async () => {
    const m = phone();
    const results = [];
    for (let i = 0; i < 11; i++) {
      results.push((await sendCode(m, freshIp(), tm)).body.code);
      tm.clock.advance(61_000);
    }
    expect(results.slice(0, 10).every((c) => c === 200)).toBe(true);
    expect(results[10]).toBe(Code.RATE_LIMITED);
  });
});

describe('phone login', () => {
  it('registers on first login with the register gift, logs in afterwards without it', async () => {
    const m = phone();
    const s = await sendCode(m, freshIp(), tm);
    const r = await tm.call('POST', '/api/login/mobile', { body: { mobile: m, sms_code: s.code, sms_id: s.body.data.sms_id } });
    expect(r.body.code).toBe(200);
    expect(r.body.data.is_new).toBe(true);
    expect(r.body.data.gift).toEqual({ model3: 20, model4: 5, draw: 5 });
    const bal = await tm.call('GET', '/balance/query', { token: r.body.data.token });
    expect(bal.body.data).toMatchObject({ useModel3Token: 20, useModel4Token: 5, useDrawMjToken: 5 });

    tm.clock.advance(61_000);
    const s2 = await sendCode(m, freshIp(), tm);
    const r2 = await tm.call('POST', '/api/login/mobile', { body: { mobile: m, sms_code: s2.code, sms_id: s2.body.data.sms_id } });
    expect(r2.body.data.is_new).toBe(false);
    expect(r2.body.data.gift).toBeNull();
    const bal2 = await tm.call('GET', '/balance/query', { token: r2.body.data.token });
    expect(bal2.body.data.useModel3Token).toBe(20);
  });

  it('validates the form fields', async () => {
    const r = await t.call('POST', '/api/login/mobile', { body: { mobile: phone(), sms_id: 'x' } });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('请输入验证码');
    const r2 = await t.call('POST', '/api/login/mobile', { body: { mobile: phone(), sms_code: '12ab56', sms_id: 'x' } });
    expect(r2.body.data.field).toBe('sms_code');
  });

  it('allows 5 tries, then the code is dead even when right', async () => {
    const m = phone();
    const s = await sendCode(m);
    const wrong = s.code === '000000' ? '111111' : '000000';
    const messages = [];
    for (let i = 0; i < 5; i++) {
      const r = await t.call('POST', '/api/login/mobile', { body: { mobile: m, sms_code: wrong, sms_id: s.body.data.sms_id } });
      messages.push(r.body.message);
    }
    expect(messages[0]).toBe('验证码错误，还可尝试4次');
    expect(messages[4]).toBe('验证码错误次数过多，请重新获取');
    const right = await t.call('POST', '/api/login/mobile', { body: { mobile: m, sms_code: s.code, sms_id: s.body.data.sms_id } });
    expect(right.body.code).not.toBe(200);
    const [u] = await t.ctx.db.select().from(users).where(eq(users.mobile, m));
    expect(u).toBeUndefined();
  });

  it('expires codes after 5 minutes and refuses a code for another phone', async () => {
    const m = phone();
    const s = await sendCode(m, freshIp(), tm);
    const other = await tm.call('POST', '/api/login/mobile', { body: { mobile: phone(), sms_code: s.code, sms_id: s.body.data.sms_id } });
    expect(other.body.code).not.toBe(200);
    tm.clock.advance((SMS_CODE_TTL_SECONDS + 1) * 1000);
    const late = await tm.call('POST', '/api/login/mobile', { body: { mobile: m, sms_code: s.code, sms_id: s.body.data.sms_id } });
    expect(late.body.message).toBe('验证码已过期，请重新获取');
  });

  it('lets a correct code log in exactly once, even when sent 20 times at once', async () => {
    const m = phone();
    const s = await sendCode(m);
    const results = await Promise.all(
      Array.from({ length: 20 }, () => t.call('POST', '/api/login/mobile', { body: { mobile: m, sms_code: s.code, sms_id: s.body.data.sms_id } })),
    );
    expect(results.filter((r) => r.body.code === 200)).toHaveLength(1);
    const rows = await t.ctx.db.select().from(users).where(eq(users.mobile, m));
    expect(rows).toHaveLength(1);
  });

  it('records the inviter from an invite code', async () => {
    const inviterToken = await t.loginByPhone(phone());
    const inviter = await t.call('GET', '/api/user/info', { token: inviterToken });
    const m = phone();
    const s = await sendCode(m);
    const r = await t.call('POST', '/api/login/mobile', {
      body: { mobile: m, sms_code: s.code, sms_id: s.body.data.sms_id, invitedBy: inviter.body.data.invite_code.toLowerCase() },
    });
    expect(r.body.code).toBe(200);
    const [u] = await t.ctx.db.select().from(users).where(eq(users.mobile, m));
    expect(u!.invitedBy).toBe(inviter.body.data.id);
  });
});

describe('account login and registration', () => {
  it('registers, refuses a duplicate, logs in, refuses a wrong password', async () => {
    const reg = await t.call('POST', '/api/login/register', { body: { userName: 'alice_01', password: 'secret12' } });
    expect(reg.body.code).toBe(200);
    expect(reg.body.data.is_new).toBe(true);
    expect(reg.body.data.gift).not.toBeNull();
    const dup = await t.call('POST', '/api/login/register', { body: { userName: 'alice_01', password: 'secret12' } });
    expect(dup.body.code).toBe(409);
    expect(dup.body.message).toBe('账号已存在');
    const ok = await t.call('POST', '/api/login/account-login', { body: { userName: 'alice_01', password: 'secret12' } });
    expect(ok.body.code).toBe(200);
    const bad = await t.call('POST', '/api/login/account-login', { body: { userName: 'alice_01', password: 'nope-nope' } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('账号或密码错误');
    const unknown = await t.call('POST', '/api/login/account-login', { body: { userName: 'nobody_here', password: 'whatever' } });
    expect(unknown.body.message).toBe('账号或密码错误');
  });

  it('limits registrations per IP', async () => {
    const results = [];
    for (let i = 0; i < 11; i++) {
      const res = await tm.app.inject({ method: 'POST', url: '/api/login/register', payload: { userName: `flood_${i}_x`, password: 'secret12' }, remoteAddress: '10.77.0.1' });
      results.push(res.json().code);
    }
    expect(results.slice(0, 10).every((c) => c === 200)).toBe(true);
    expect(results[10]).toBe(Code.RATE_LIMITED);
  });

  it('validates account fields with the spec messages', async () => {
    const a = await t.call('POST', '/api/login/account-login', { body: { password: 'x' } });
    expect(a.body.message).toBe('请输入账号');
    const b = await t.call('POST', '/api/login/account-login', { body: { userName: 'x' } });
    expect(b.body.message).toBe('请输入密码');
    const c = await t.call('POST', '/api/login/register', { body: { userName: 'ab', password: 'secret12' } });
    expect(c.body.data.field).toBe('userName');
    const d = await t.call('POST', '/api/login/register', { body: { userName: 'bob_01', password: '123' } });
    expect(d.body.message).toBe('密码至少6位');
  });

  it('locks out repeated wrong passwords for a while', async () => {
    await t.call('POST', '/api/login/register', { body: { userName: 'carol_01', password: 'secret12' } });
    const codes = [];
    for (let i = 0; i < 11; i++) codes.push((await t.call('POST', '/api/login/account-login', { body: { userName: 'carol_01', password: 'wrong-pass' } })).body.code);
    expect(codes[10]).toBe(Code.RATE_LIMITED);
    const right = await t.call('POST', '/api/login/account-login', { body: { userName: 'carol_01', password: 'secret12' } });
    expect(right.body.code).toBe(Code.RATE_LIMITED);
  });

  it('follows login_way and the register switches', async () => {
    const config = new ConfigService(t.ctx);
    await config.set('loginWay', 'wechat');
    t.clock.advance(6000);
    const m = phone();
    const s = await sendCode(m);
    const r = await t.call('POST', '/api/login/mobile', { body: { mobile: m, sms_code: s.code, sms_id: s.body.data.sms_id } });
    expect(r.body.code).toBe(403);
    expect(r.body.message).toBe('当前不支持该登录方式');
    await config.set('loginWay', 'all');
    await config.set('emailRegisterStatus', 0);
    t.clock.advance(6000);
    const reg = await t.call('POST', '/api/login/register', { body: { userName: 'dave_001', password: 'secret12' } });
    expect(reg.body.message).toBe('当前未开放账号注册');
    await config.set('emailRegisterStatus', 1);
    await config.set('registerSendStatus', 0);
    t.clock.advance(6000);
    const noGift = await t.call('POST', '/api/login/register', { body: { userName: 'dave_001', password: 'secret12' } });
    expect(noGift.body.data.gift).toBeNull();
    const bal = await t.call('GET', '/balance/query', { token: noGift.body.data.token });
    expect(bal.body.data.useModel3Token).toBe(0);
    await config.set('registerSendStatus', 1);
    t.clock.advance(6000);
  });
});

describe('tokens', () => {
  it('401 without a token, 403000 with a bad one, revoked on logout, expired after the TTL', async () => {
    const none = await t.call('GET', '/api/user/info');
    expect(none.status).toBe(401);
    expect(none.body.code).toBe(401);
    const bad = await t.call('GET', '/api/user/info', { token: 'not-a-token' });
    expect(bad.body.code).toBe(Code.TOKEN_INVALID);

    const token = await t.loginByPhone(phone());
    expect((await t.call('GET', '/api/user/info', { token })).body.code).toBe(200);
    const out = await t.call('POST', '/api/logout', { token });
    expect(out.body.code).toBe(200);
    expect((await t.call('GET', '/api/user/info', { token })).body.code).toBe(Code.TOKEN_INVALID);

    const token2 = await t.loginByPhone(phone());
    t.clock.advance(TOKEN_TTL_SECONDS * 1000 + 1000);
    expect((await t.call('GET', '/balance/query', { token: token2 })).body.code).toBe(Code.TOKEN_INVALID);
  });

  it('requests arriving together are each answered for their own token (the session lookups share one query)', async () => {
    const tokens = await Promise.all([t.loginByPhone(phone()), t.loginByPhone(phone()), t.loginByPhone(phone())]);
    const revoked = await t.loginByPhone(phone());
    await t.call('POST', '/api/logout', { token: revoked });
    const banned = await t.loginByPhone(phone());
    const bannedId = (await t.call('GET', '/api/user/info', { token: banned })).body.data.id as number;
    await t.ctx.db.update(users).set({ status: 0 }).where(eq(users.id, bannedId));
    const ids = await Promise.all(tokens.map(async (token) => (await t.call('GET', '/api/user/info', { token })).body.data.id as number));
    // All at once, the same token twice among them.
    const asked = [...tokens, tokens[0], revoked, banned, 'not-a-token', undefined];
    const replies = await Promise.all(asked.map((token) => t.call('GET', '/api/user/info', token ? { token } : {})));
    expect(replies.slice(0, 4).map((r) => r.body.data.id)).toEqual([...ids, ids[0]]);
    expect(new Set(ids).size).toBe(3);
    expect(replies[4]!.body.code).toBe(Code.TOKEN_INVALID);
    expect(replies[5]!.body.code).toBe(Code.TOKEN_INVALID);
    expect(replies[5]!.body.message).toBe('账号已被停用，请联系客服');
    expect(replies[6]!.body.code).toBe(Code.TOKEN_INVALID);
    expect(replies[7]!.status).toBe(401);
  });

  it('stores only a hash of the token', async () => {
    const token = await t.loginByPhone(phone());
    const rows = await t.ctx.database.db.query.authTokens.findMany();
    expect(rows.some((r) => r.tokenHash === token)).toBe(false);
  });
});

describe('WeChat QR login (dev adapter)', () => {
  it('waits, is scanned on the simulator, logs in once, then the ticket is gone', async () => {
    const qr = await t.call('GET', '/api/login/wechat-qrcode');
    expect(qr.body.code).toBe(200);
    const { loginTicket, wxUrl } = qr.body.data;
    expect(wxUrl).toContain('/api/dev/wechat/scan?scene=');
    const waiting = await t.call('GET', '/api/login/wechat', { query: { login_ticket: loginTicket } });
    expect(waiting.body.code).toBe(Code.PENDING);

    const page = await t.app.inject({ method: 'GET', url: new URL(wxUrl).pathname + new URL(wxUrl).search });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('确认登录');
    const scan = await t.call('POST', '/api/dev/wechat/scan', { body: { scene: loginTicket, openid: 'dev_tester_1' } });
    expect(scan.body.code).toBe(200);

    const done = await t.call('GET', '/api/login/wechat', { query: { login_ticket: loginTicket } });
    expect(done.body.code).toBe(200);
    expect(done.body.data.is_new).toBe(true);
    const info = await t.call('GET', '/api/user/info', { token: done.body.data.token });
    expect(info.body.data.wechat_bound).toBe(true);
    const again = await t.call('GET', '/api/login/wechat', { query: { login_ticket: loginTicket } });
    expect(again.body.code).toBe(400);
  });

  it('the same openid logs into the same account', async () => {
    const ids = [];
    for (let i = 0; i < 2; i++) {
      const qr = await t.call('GET', '/api/login/wechat-qrcode');
      await t.call('POST', '/api/dev/wechat/scan', { body: { scene: qr.body.data.loginTicket, openid: 'dev_same_user' } });
      const done = await t.call('GET', '/api/login/wechat', { query: { login_ticket: qr.body.data.loginTicket } });
      ids.push((await t.call('GET', '/api/user/info', { token: done.body.data.token })).body.data.id);
    }
    expect(ids[0]).toBe(ids[1]);
  });

  it('expires tickets and refuses a scan of an expired one', async () => {
    const qr = await tm.call('GET', '/api/login/wechat-qrcode');
    tm.clock.advance(301_000);
    const scan = await tm.call('POST', '/api/dev/wechat/scan', { body: { scene: qr.body.data.loginTicket, openid: 'dev_late_user' } });
    expect(scan.body.code).toBe(400);
    const poll = await tm.call('GET', '/api/login/wechat', { query: { login_ticket: qr.body.data.loginTicket } });
    expect(poll.body.message).toBe('二维码已过期，请刷新后重试');
  });

  it('rejects a bad poll query and a forged push', async () => {
    const bad = await t.call('GET', '/api/login/wechat', { query: { login_ticket: 'x' } });
    expect(bad.status).toBe(400);
    const qr = await t.call('GET', '/api/login/wechat-qrcode');
    const xml = `<xml><ToUserName><![CDATA[gh]]></ToUserName><FromUserName><![CDATA[forged_openid]]></FromUserName><CreateTime>1</CreateTime><MsgType><![CDATA[event]]></MsgType><Event><![CDATA[SCAN]]></Event><EventKey><![CDATA[${qr.body.data.loginTicket}]]></EventKey></xml>`;
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/wechat/event?signature=deadbeef&timestamp=1&nonce=n',
      payload: xml,
      headers: { 'content-type': 'text/xml' },
    });
    expect(forged.statusCode).toBe(403);
    const poll = await t.call('GET', '/api/login/wechat', { query: { login_ticket: qr.body.data.loginTicket } });
    expect(poll.body.code).toBe(Code.PENDING);
  });

  it('accepts a correctly signed push and answers the URL check', async () => {
    const ts = String(Math.floor(t.clock.now() / 1000));
    const sig = wechatSignature(DEV_WECHAT_TOKEN, ts, 'abc');
    const check = await t.app.inject({ method: 'GET', url: `/api/wechat/event?signature=${sig}&timestamp=${ts}&nonce=abc&echostr=hello` });
    expect(check.body).toBe('hello');
    const qr = await t.call('GET', '/api/login/wechat-qrcode');
    const xml = `<xml><ToUserName><![CDATA[gh]]></ToUserName><FromUserName><![CDATA[pushed_openid]]></FromUserName><CreateTime>${ts}</CreateTime><MsgType><![CDATA[event]]></MsgType><Event><![CDATA[subscribe]]></Event><EventKey><![CDATA[qrscene_${qr.body.data.loginTicket}]]></EventKey></xml>`;
    const push = await t.app.inject({
      method: 'POST',
      url: `/api/wechat/event?signature=${sig}&timestamp=${ts}&nonce=abc`,
      payload: xml,
      headers: { 'content-type': 'text/xml' },
    });
    expect(push.statusCode).toBe(200);
    expect(push.body).toContain('扫码成功');
    const done = await t.call('GET', '/api/login/wechat', { query: { login_ticket: qr.body.data.loginTicket } });
    expect(done.body.code).toBe(200);
  });
});

describe('WeChat OAuth silent login (dev adapter)', () => {
  it('builds the authorize URL only for this site and exchanges the code once', async () => {
    const foreign = await t.call('GET', '/api/login/wechat/oauth-url', { query: { redirect_uri: 'https://evil.example/x' } });
    expect(foreign.body.code).toBe(400);
    const bad = await t.call('GET', '/api/login/wechat/oauth-url', { query: { redirect_uri: 'not a url' } });
    expect(bad.status).toBe(400);
    const good = await t.call('GET', '/api/login/wechat/oauth-url', { query: { redirect_uri: 'http://localhost:3000/talk' } });
    expect(good.body.code).toBe(200);
    expect(good.body.data.url).toContain('/api/dev/wechat/oauth?redirect_uri=');
    const ticket = good.body.data.login_ticket;
    const info = await t.call('GET', '/api/login/wechat/info', { query: { code: 'dev_oauth_user1', login_ticket: ticket } });
    expect(info.body.code).toBe(200);
    const reuse = await t.call('GET', '/api/login/wechat/info', { query: { code: 'dev_oauth_user1', login_ticket: ticket } });
    expect(reuse.body.code).toBe(400);
    const good2 = await t.call('GET', '/api/login/wechat/oauth-url', { query: { redirect_uri: 'http://localhost:3000/talk' } });
    const badCode = await t.call('GET', '/api/login/wechat/info', { query: { code: 'garbage', login_ticket: good2.body.data.login_ticket } });
    expect(badCode.body.message).toBe('微信授权失败，请重试');
  });
});

describe('browser-test code lookup', () => {
  it('does not exist unless DEV_EXPOSE_SMS_CODES is set', async () => {
    const r = await t.call('GET', '/api/dev/sms/last-code', { query: { mobile: '13900000000' } });
    expect(r.status).toBe(404);
  });

  it('returns the last console code when enabled, and validates the phone', async () => {
    const e = await createTestApp({ env: { DEV_EXPOSE_SMS_CODES: '1' }, kv: 'memory' });
    try {
      const m = '13911112222';
      await sendCode(m, freshIp(), e);
      const r = await e.call('GET', '/api/dev/sms/last-code', { query: { mobile: m } });
      expect(r.body.data.code).toBe(e.sms.lastCodes.get(m));
      expect((await e.call('GET', '/api/dev/sms/last-code', { query: { mobile: '1' } })).status).toBe(400);
    } finally {
      await e.close();
    }
  });
});
