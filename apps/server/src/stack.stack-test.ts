/**
 * `npm run test:stack`: the production shape end to end. scripts/stack.mjs starts two built server
 * instances (A, B) on PostgreSQL (a fresh schema), Redis (a fresh prefix) and the fake S3, behind
 * nginx running deploy/nginx.conf; everything below goes over real HTTP, through nginx or straight
 * to one instance where the scenario needs to know which one serves. Not part of `vitest run`
 * (vitest.stack.config.mjs runs it); skipped with a message when nginx, PostgreSQL or Redis is missing.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatStreamEvent, type ChatStreamEvent } from '@app/shared';
import { SandboxPay } from './providers/pay/sandbox.ts';
import { checkPrerequisites, startStack, StackMissing, type Stack } from '../../../scripts/stack.mjs';

const missing = await checkPrerequisites().then(
  () => null,
  (e: unknown) => {
    if (e instanceof StackMissing) return e.message;
    throw e;
  },
);
if (missing) console.warn(`test:stack skipped: ${missing}`);

const tag = randomBytes(4).toString('hex');
const schema = `stack_t_${tag}`;
const port = Number(process.env.STACK_TEST_PORT ?? 3310);
let dataDir = '';
let stack: Stack;

interface Envelope<T = any> {
  code: number;
  message: string;
  success: boolean;
  data: T;
}

async function call<T = any>(base: string, method: string, path: string, opts: { token?: string; body?: unknown; headers?: Record<string, string> } = {}) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
      ...opts.headers,
    },
    body: opts.body !== undefined ? JSON.stringify(opts.body) : undefined,
  });
  return { status: res.status, body: (await res.json()) as Envelope<T> };
}

async function register(base: string) {
  const r = await call<{ token: string }>(base, 'POST', '/api/login/register', { body: { userName: `st_${randomBytes(5).toString('hex')}`, password: 'stack-Passw0rd' } });
  expect(r.body.code, r.body.message).toBe(200);
  return r.body.data.token;
}

async function createTurn(base: string, token: string, input: string) {
  const r = await call<{ uuid: number; secret: string }>(base, 'POST', '/api/chat/create', { token, body: { input } });
  expect(r.body.code, r.body.message).toBe(200);
  return r.body.data;
}

interface StreamRead {
  status: number;
  headers: Headers;
  events: ChatStreamEvent[];
  /** The text of every delta (and a resume event's text), joined. */
  text: string;
  /** How many separate reads of the body carried at least one delta. */
  deltaReads: number;
  /** Set when the connection broke (the instance died). */
  broken: boolean;
}

/**
 * Reads an SSE stream (chat/stream or turns/resume) as the browser does, one network read at a
 * time; `onEvent` sees each event as it arrives.
 */
async function readStream(url: string, token: string, onEvent?: (e: ChatStreamEvent, r: StreamRead) => void | Promise<void>): Promise<StreamRead> {
  const res = await fetch(url, { headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' } });
  const out: StreamRead = { status: res.status, headers: res.headers, events: [], text: '', deltaReads: 0, broken: false };
  expect(res.headers.get('content-type') ?? '', `not a stream: ${res.status}`).toMatch(/^text\/event-stream/);
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buf = '';
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      buf += decoder.decode(value, { stream: true });
      let sawDelta = false;
      let at: number;
      while ((at = buf.indexOf('\n\n')) >= 0) {
        const block = buf.slice(0, at);
        buf = buf.slice(at + 2);
        if (!block.startsWith('data: ')) continue;
        const e = chatStreamEvent.parse(JSON.parse(block.slice(6)));
        out.events.push(e);
        if (e.type === 'delta' || e.type === 'resume') out.text += e.text;
        if (e.type === 'delta') sawDelta = true;
        await onEvent?.(e, out);
      }
      if (sawDelta) out.deltaReads++;
    }
  } catch (e) {
    // undici reports a connection cut mid-body as a TypeError ("terminated").
    if (!(e instanceof TypeError)) throw e;
    out.broken = true;
  }
  return out;
}

const deltas = (r: StreamRead) => r.events.filter((e) => e.type === 'delta').length;

async function waitFor<T>(what: string, probe: () => Promise<T | null | undefined | false>, ms = 15_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (v) return v;
    if (Date.now() > end) throw new Error(`${what}: not seen within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function history(base: string, token: string, uuid: number) {
  const r = await call<{ list: { role: string; text: string; status: string; error: boolean }[] }>(base, 'GET', `/api/chat/history?uuid=${uuid}`, { token });
  expect(r.body.code, r.body.message).toBe(200);
  return r.body.data.list;
}

describe.skipIf(!!missing)('two instances behind nginx (npm run stack)', () => {
  let A: Stack['instances'][number];
  let B: Stack['instances'][number];

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'ai-stack-test-'));
    stack = await startStack({
      port,
      schema,
      redisPrefix: `${schema}:`,
      dataDir,
      quiet: true,
      env: {
        // A reply of about 170 pieces, 40 ms apart: long enough to act on mid-stream.
        LLM_OFFLINE_DELAY_MS: '40',
        // A killed instance's turn lapses quickly and is settled by the other one.
        TURN_LEASE_MS: '3000',
        TURN_TICK_MS: '250',
        REGISTER_PER_IP_PER_HOUR: '1000',
        LOGIN_FAILS_PER_USERNAME: '3',
        SHUTDOWN_GRACE_MS: '2000',
        LOG_LEVEL: 'warn',
      },
    });
    [A, B] = stack.instances as [typeof A, typeof B];
  }, 180_000);

  afterAll(async () => {
    await stack?.stop();
    const client = new pg.Client({ connectionString: process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test' });
    await client.connect();
    await client.query(`drop schema if exists ${schema} cascade`);
    await client.end();
    const redis = new Redis(process.env.REDIS_URL || 'redis://127.0.0.1:6379');
    const keys = await redis.keys(`${schema}:*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('nginx runs the shipped config and both instances are ready behind it', async () => {
    const ready = await call(stack.url, 'GET', '/api/ready');
    expect(ready.status).toBe(200);
    expect(ready.body.data).toEqual({ db: 'ok', kv: 'ok', storage: 'ok' });
    for (const i of [A, B]) expect((await call(i.url, 'GET', '/api/ready')).body.data.storage).toBe('ok');
    // Requests are spread over both instances (round robin): both answer through nginx.
    const res = await fetch(`${stack.url}/api/health`);
    expect(res.headers.get('server') ?? '').toMatch(/nginx/);
    // The web app is served through nginx too (fetch asks for gzip/br as a browser does).
    const page = await fetch(`${stack.url}/`, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<html lang="zh-CN">');
  });

  it('an SSE chat stream arrives through nginx in many pieces as it is written, not as one buffered blob', async () => {
    const token = await register(stack.url);
    const turn = await createTurn(stack.url, token, '讲讲负载均衡');
    const r = await readStream(`${stack.url}/api/chat/stream?secret=${turn.secret}`, token);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-encoding')).toBeNull();
    expect(r.events.at(-1)).toMatchObject({ type: 'done', status: 'complete' });
    expect(deltas(r)).toBeGreaterThan(50);
    // A buffering proxy hands the whole reply over in one or two reads; unbuffered, the pieces
    // (40 ms apart at the source) come in reads of their own.
    expect(r.deltaReads).toBeGreaterThan(20);
  });

  it('a stream started on A is resumed and stopped through B; the partial reply is saved once, seen through nginx', async () => {
    const token = await register(stack.url);
    const turn = await createTurn(A.url, token, '一个长一点的回答');
    // Set from the stream callbacks.
    const later: { resumed?: Promise<StreamRead>; stopped?: Promise<void> } = {};
    const onB = async (e: ChatStreamEvent, r: StreamRead) => {
      // After a few pieces on B, stop the turn through B.
      if (e.type === 'delta' && deltas(r) === 3 && !later.stopped) {
        later.stopped = call(B.url, 'POST', '/api/chat/stop', { token, body: { secret: turn.secret } }).then((s) => expect(s.body.code, s.body.message).toBe(200));
      }
    };
    const onA = (e: ChatStreamEvent, r: StreamRead) => {
      if (e.type === 'delta' && deltas(r) === 5 && !later.resumed) later.resumed = readStream(`${B.url}/api/turns/resume?secret=${turn.secret}`, token, onB);
    };
    const a = await readStream(`${A.url}/api/chat/stream?secret=${turn.secret}`, token, onA);
    expect(later.resumed).toBeDefined();
    const b = await later.resumed!;
    await later.stopped;
    expect(a.events.at(-1)).toMatchObject({ type: 'done', status: 'stopped' });
    expect(b.events[0]?.type).toBe('resume');
    expect(b.events.at(-1)).toMatchObject({ type: 'done', status: 'stopped' });
    // B's view (what was written before it joined, then the pieces after) is A's stream.
    expect(b.text).toBe(a.text);
    // Stopped well before the end of the reply.
    expect(deltas(a)).toBeLessThan(100);

    const list = await history(stack.url, token, turn.uuid);
    const replies = list.filter((m) => m.role === 'assistant');
    expect(replies).toHaveLength(1);
    expect(replies[0]).toMatchObject({ status: 'stopped', text: a.text });
  });

  it('a sandbox payment notification delivered to B fulfils the order A created, exactly once', async () => {
    const token = await register(stack.url);
    const pkgs = await call<{ list: { id: number; price: string; days: number; model3_count: number }[] }>(stack.url, 'GET', '/api/package/index');
    const pkg = pkgs.body.data.list.find((p) => p.model3_count > 0) ?? pkgs.body.data.list[0]!;
    const before = await call<{ useModel3Token: number }>(stack.url, 'GET', '/balance/query', { token });
    const order = await call<{ orderId: string }>(A.url, 'POST', '/order/buy', { token, body: { goodsId: pkg.id, payType: 'alipay' } });
    expect(order.body.code, order.body.message).toBe(200);
    const orderNo = order.body.data.orderId;

    const sandbox = new SandboxPay({ publicUrl: stack.env.PUBLIC_URL!, secret: stack.secrets.PAY_SANDBOX_SECRET });
    const note = sandbox.buildNotification({ orderNo, amountFen: Math.round(Number(pkg.price) * 100), paid: true });
    const deliver = (base: string) =>
      fetch(`${base}/api/pay/notify/sandbox`, { method: 'POST', headers: { 'content-type': note.contentType }, body: note.body }).then(async (r) => ({ status: r.status, text: await r.text() }));
    // The gateway retries: the same notification reaches B twice at once, and A.
    const acks = await Promise.all([deliver(B.url), deliver(B.url), deliver(A.url)]);
    for (const ack of acks) expect(ack).toEqual({ status: 200, text: 'success' });

    const state = await call<{ status: number }>(A.url, 'POST', '/order/queryByOrderId', { token, body: { orderId: orderNo } });
    expect(state.body.data.status).toBe(1);
    const after = await call<{ useModel3Token: number }>(stack.url, 'GET', '/balance/query', { token });
    expect(after.body.data.useModel3Token - before.body.data.useModel3Token).toBe(pkg.model3_count);
    // A later retry through nginx changes nothing.
    expect(await deliver(stack.url)).toEqual({ status: 200, text: 'success' });
    const again = await call<{ useModel3Token: number }>(B.url, 'GET', '/balance/query', { token });
    expect(again.body.data.useModel3Token).toBe(after.body.data.useModel3Token);
  });

  it('the SMS-code limit of a phone counts across both instances', async () => {
    const mobile = `139${String(randomBytes(4).readUInt32BE() % 1e8).padStart(8, '0')}`;
    const first = await call(A.url, 'POST', '/api/sms-code/create', { body: { mobile } });
    expect(first.body.code, first.body.message).toBe(200);
    for (const base of [B.url, stack.url]) {
      const again = await call(base, 'POST', '/api/sms-code/create', { body: { mobile } });
      expect(again.body.code).toBe(429);
      expect(again.body.message).toMatch(/秒后再试/);
    }
  });

  it('password-login failures of an account count across both instances', async () => {
    const userName = `st_${randomBytes(5).toString('hex')}`;
    const reg = await call(stack.url, 'POST', '/api/login/register', { body: { userName, password: 'stack-Passw0rd' } });
    expect(reg.body.code, reg.body.message).toBe(200);
    // Three failures (the limit here), spread over A, B and A.
    for (const base of [A.url, B.url, A.url]) {
      const bad = await call(base, 'POST', '/api/login/account-login', { body: { userName, password: 'wrong-password' } });
      expect(bad.body.message).toBe('账号或密码错误');
    }
    // Locked on both, even with the right password.
    for (const base of [B.url, A.url]) {
      const locked = await call(base, 'POST', '/api/login/account-login', { body: { userName, password: 'stack-Passw0rd' } });
      expect(locked.body.code).toBe(429);
    }
  });

  it('password-login failures of one address spread over both instances add up to its limit (30), other addresses go on', async () => {
    // TRUST_PROXY=1: the instance takes the rightmost X-Forwarded-For entry; the leftmost is the client's own and changes nothing.
    const octet = 1 + (randomBytes(1)[0]! % 250);
    const from = (address: string, i: number) => ({ 'x-forwarded-for': `198.51.100.${i % 250}, ${address}` });
    const sprayer = `203.0.113.${octet}`;
    const tryLogin = (base: string, address: string, i: number) =>
      call(base, 'POST', '/api/login/account-login', { body: { userName: `st_sprayed_${tag}_${i}`, password: 'wrong-password' }, headers: from(address, i) });
    for (let i = 0; i < 30; i++) {
      const bad = await tryLogin(i % 2 ? B.url : A.url, sprayer, i);
      expect(bad.body.message, `attempt ${i + 1}`).toBe('账号或密码错误');
    }
    for (const base of [A.url, B.url]) {
      const refused = await tryLogin(base, sprayer, 99);
      expect(refused.status).toBe(429);
      expect(refused.body.message).toMatch(/失败次数过多/);
    }
    expect((await tryLogin(B.url, `203.0.113.${(octet % 250) + 1}`, 100)).body.message).toBe('账号或密码错误');
  });

  it('a WeChat QR login shown by A, scanned on B, is picked up through nginx once', async () => {
    const qr = await call<{ loginTicket: string }>(A.url, 'GET', '/api/login/wechat-qrcode');
    expect(qr.body.code, qr.body.message).toBe(200);
    const ticket = qr.body.data.loginTicket;
    expect((await call(B.url, 'GET', `/api/login/wechat?login_ticket=${ticket}`)).body.code).toBe(202);
    const scan = await call(B.url, 'POST', '/api/dev/wechat/scan', { body: { scene: ticket, openid: `dev_stack_${tag}` } });
    expect(scan.body.code, scan.body.message).toBe(200);
    const done = await call<{ token: string }>(stack.url, 'GET', `/api/login/wechat?login_ticket=${ticket}`);
    expect(done.body.code, done.body.message).toBe(200);
    const info = await call<{ wechat_bound: boolean }>(B.url, 'GET', '/api/user/info', { token: done.body.data.token });
    expect(info.body.data.wechat_bound).toBe(true);
    // The ticket is used up on every instance.
    for (const base of [A.url, B.url]) expect((await call(base, 'GET', `/api/login/wechat?login_ticket=${ticket}`)).body.code).toBe(400);
  });

  it('a WeChat bind QR made on A, scanned on B, binds once when polled through nginx', async () => {
    const token = await register(A.url);
    const qr = await call<{ sceneStr: string }>(A.url, 'GET', '/official/getQRSceneStrByBind', { token });
    expect(qr.body.code, qr.body.message).toBe(200);
    const sceneStr = qr.body.data.sceneStr;
    expect((await call(B.url, 'POST', '/official/bindWxBySceneStr', { token, body: { sceneStr } })).body.code).toBe(202);
    const scan = await call(B.url, 'POST', '/api/dev/wechat/scan', { body: { scene: sceneStr, openid: `dev_bind_${tag}` } });
    expect(scan.body.code, scan.body.message).toBe(200);
    const done = await call<{ bound: boolean }>(stack.url, 'POST', '/official/bindWxBySceneStr', { token, body: { sceneStr } });
    expect(done.body.code, done.body.message).toBe(200);
    expect(done.body.data.bound).toBe(true);
    expect((await call<{ wechat_bound: boolean }>(A.url, 'GET', '/api/user/info', { token })).body.data.wechat_bound).toBe(true);
    // The scene is used up on every instance.
    for (const base of [A.url, B.url]) expect((await call(base, 'POST', '/official/bindWxBySceneStr', { token, body: { sceneStr } })).body.code).toBe(400);
  });

  it('a site config change made on A (admin API) is seen by B without a restart', async () => {
    const login = await call<{ token: string }>(stack.url, 'POST', '/api/login/account-login', {
      body: { userName: stack.env.ADMIN_USERNAME ?? 'admin', password: stack.env.ADMIN_PASSWORD },
    });
    expect(login.body.code, login.body.message).toBe(200);
    const admin = login.body.data.token;
    // B has the old values in its cache.
    await call(B.url, 'GET', '/api/config/global');
    await call(B.url, 'GET', '/api/website/info');
    await call(B.url, 'GET', '/api/menu');

    const siteName = `双实例 ${tag}`;
    const copyright = `© 双实例测试 ${tag}`;
    const saved = await call(A.url, 'POST', '/api/admin/site/settings', { token: admin, body: { siteName, copyright } });
    expect(saved.body.code, saved.body.message).toBe(200);
    const site = await call<{ menu: { code: string; name: string }[] }>(A.url, 'GET', '/api/admin/site', { token: admin });
    const items = site.body.data.menu.map((m, i) => (i === 0 ? { ...m, name: `菜单${tag.slice(0, 4)}` } : m));
    const menu = await call(A.url, 'POST', '/api/admin/site/menu', { token: admin, body: { items } });
    expect(menu.body.code, menu.body.message).toBe(200);

    await waitFor('siteName on B', async () => (await call(B.url, 'GET', '/api/config/global')).body.data.list.siteName === siteName);
    await waitFor('copyright on B', async () => (await call(B.url, 'GET', '/api/website/info')).body.data.website.copyright === copyright);
    await waitFor('menu on B', async () => (await call<{ list: { name: string }[] }>(B.url, 'GET', '/api/menu')).body.data.list.some((m) => m.name === items[0]!.name));
  });

  it('A drained (SIGTERM) mid-stream: its open stream ends with the reply saved, nginx sends the rest to B, A rejoins', async () => {
    const token = await register(stack.url);
    const turn = await createTurn(A.url, token, '优雅退出');
    const later: { draining?: Promise<void> } = {};
    const r = await readStream(`${A.url}/api/chat/stream?secret=${turn.secret}`, token, (e, so) => {
      if (e.type === 'delta' && deltas(so) === 10 && !later.draining) later.draining = A.stop('SIGTERM');
    });
    // While A drains (SHUTDOWN_GRACE_MS 2 s here, the reply needs longer) nginx keeps answering.
    for (let i = 0; i < 4; i++) expect((await call(stack.url, 'GET', '/api/ready')).status).toBe(200);
    await later.draining;
    expect(r.broken).toBe(false);
    // The grace ran out before the reply's end (about 170 pieces, 40 ms apart): stopped, text kept.
    expect(r.events.at(-1)).toMatchObject({ type: 'done', status: 'stopped' });
    const reply = (await history(stack.url, token, turn.uuid)).find((m) => m.role === 'assistant');
    expect(reply).toMatchObject({ status: 'stopped', text: r.text });

    await A.start();
    const back = await call(A.url, 'GET', '/api/ready');
    expect(back.status).toBe(200);
  });

  it('A killed mid-stream: the page reloads through nginx (served by B) and finds the partial reply', async () => {
    const token = await register(stack.url);
    const turn = await createTurn(A.url, token, '讲到一半');
    const later: { killed?: Promise<void> } = {};
    const r = await readStream(`${A.url}/api/chat/stream?secret=${turn.secret}`, token, (e, so) => {
      // Past a few checkpoints (every 250 ms; pieces are 40 ms apart), kill -9.
      if (e.type === 'delta' && deltas(so) === 30 && !later.killed) later.killed = A.stop('SIGKILL');
    });
    await later.killed;
    expect(r.broken).toBe(true);
    expect(r.events.some((e) => e.type === 'done')).toBe(false);

    // Reload: nginx finds A gone and serves from B; once A's lease lapses, B settles the turn from its last checkpoint.
    const saved = await waitFor(
      'the settled partial reply',
      async () => {
        const reply = (await history(stack.url, token, turn.uuid)).find((m) => m.role === 'assistant');
        // Settled: not running any more, and not finished either (it was cut): an error reply with the text so far.
        return reply && reply.text.length > 0 && (reply.status === 'error' || reply.status === 'stopped') ? reply : null;
      },
      30_000,
    );
    expect(r.text.startsWith(saved.text)).toBe(true);
    expect(saved.text.length).toBeGreaterThan(20);
    // The rest of the site goes on through nginx.
    expect((await call(stack.url, 'GET', '/api/ready')).status).toBe(200);
    const next = await createTurn(stack.url, token, '继续');
    const done = await readStream(`${stack.url}/api/chat/stream?secret=${next.secret}`, token);
    expect(done.events.at(-1)).toMatchObject({ type: 'done', status: 'complete' });
  });
});
