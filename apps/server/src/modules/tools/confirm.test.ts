import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatHistoryReply, chatStreamEvent, type ChatStreamEvent, type ToolStep } from '@app/shared';
import { addModel, createTurn, getBalance, readStream, setBalance, userIdOf } from '../../testing/chat.ts';
import { createTestApp, type TestApp } from '../../testing/harness.ts';
import { readSseEvents } from '../../testing/sse.ts';
import { adminToken } from '../admin/test-kit.ts';
import { startToolUpstream, type FakeAnswer } from './fake-tool-upstream.ts';

// The real filesystem server from npm: write_file says destructiveHint, so each call waits for the user's yes.
const require = createRequire(import.meta.url);
const filesystem = join(dirname(require.resolve('@modelcontextprotocol/server-filesystem/package.json')), 'dist/index.js');
const dir = mkdtempSync(join(tmpdir(), 'mcp-confirm-'));
const WAIT_S = 20;
const WRITE_PRICE = 4;

let t: TestApp;
let alice: string;
let aliceId: number;
let bob: string;
let script: (body: any) => FakeAnswer = () => ({ text: ['好'] });
let up: Awaited<ReturnType<typeof startToolUpstream>>;

beforeAll(async () => {
  t = await createTestApp({ env: { MCP_SERVERS: JSON.stringify({ fs: { command: process.execPath, args: [filesystem, dir] } }), TOOL_CONFIRM_SECONDS: String(WAIT_S) } });
  up = await startToolUpstream((b) => script(b));
  const admin = await adminToken(t);
  for (const [tool, price] of [
    ['write_file', WRITE_PRICE],
    ['list_directory', 1],
  ] as const)
    expect((await t.call('POST', `/api/admin/tools/fs/${tool}`, { token: admin.token, body: { enabled: true, price } })).body.code).toBe(200);
  const model = await addModel(t, { code: 'writer', baseUrl: up.url, keys: ['k-1'], cost: 1 });
  expect((await t.call('POST', '/api/admin/tools/models', { token: admin.token, body: { modelIds: [model] } })).body.code).toBe(200);
  alice = await t.loginByPhone('13900000231');
  aliceId = await userIdOf(t, alice);
  bob = await t.loginByPhone('13900000232');
}, 60_000);
afterAll(async () => {
  await up.close();
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

const toolMessages = (body: any) => body.messages.filter((m: { role: string }) => m.role === 'tool');
const steps = (events: ChatStreamEvent[]) => events.filter((e): e is Extract<ChatStreamEvent, { type: 'tool' }> => e.type === 'tool').map((e) => e.step);
const history = async (uuid: number) => chatHistoryReply.parse((await t.call('GET', '/api/chat/history', { token: alice, query: { uuid: String(uuid) } })).body.data).list;
const answer = (app: TestApp, token: string, body: unknown) => app.call('POST', '/api/chat/tools/confirm', { token, body });
/** The model writes `file`, then answers with what it read back (the tool's result or its refusal). */
const writeThenAnswer = (file: string) => (b: any) => {
  const done = toolMessages(b);
  if (done.length) return { text: [`结果：${done[0].content}`] };
  return { calls: [{ id: 'w1', name: 'fs__write_file', args: [`{"path":${JSON.stringify(join(dir, file))},`, '"content":"你好"}'] }] };
};

/** Opens a turn that writes `file`; `onConfirm` runs when the step waits for the answer. */
async function turnWaiting(file: string, onConfirm: (step: ToolStep, secret: string) => Promise<void>) {
  await setBalance(t, aliceId, { base3: 1000 });
  script = writeThenAnswer(file);
  const { body } = await createTurn(t, alice, { input: '写个文件', feature: 'writer', tools: ['fs__write_file'] });
  const secret = body.data.secret;
  const s = await readStream(t, secret, alice, { onEvent: async (e) => void (e.type === 'tool' && e.step.status === 'confirm' && (await onConfirm(e.step, secret))) });
  return { ...s, secret, uuid: body.data.uuid };
}

describe('a tool that changes things waits for the user’s yes (real server-filesystem, fake upstream)', () => {
  it('yes: the step shows confirm until confirmBy, then runs as usual and is charged; a second answer is 409', async () => {
    let confirmBy = '';
    let again: { status: number; body: any } | null = null;
    const s = await turnWaiting('yes.txt', async (step, secret) => {
      confirmBy = step.confirmBy!;
      expect(step.confirmBy).toBe(new Date(t.clock.now() + WAIT_S * 1000).toISOString());
      expect(existsSync(join(dir, 'yes.txt'))).toBe(false);
      const r = await answer(t, alice, { secret, id: step.id, allow: true });
      expect(r).toMatchObject({ status: 200, body: { code: 200, data: null } });
      again = await answer(t, alice, { secret, id: step.id, allow: false });
    });
    expect(again).toMatchObject({ status: 409, body: { code: 409, success: false } });
    expect(confirmBy).not.toBe('');
    expect(steps(s.events).map((x) => x.status)).toEqual(['running', 'confirm', 'running', 'ok']);
    expect(steps(s.events)[3]).toMatchObject({ id: '0:w1', tool: 'write_file', price: WRITE_PRICE });
    expect(steps(s.events)[3]!.confirmBy).toBeUndefined();
    expect(readFileSync(join(dir, 'yes.txt'), 'utf8')).toBe('你好');
    expect(s.last).toMatchObject({ type: 'done', status: 'complete', charged: 1 + WRITE_PRICE });
    expect((await getBalance(t, aliceId)).baseModel3).toBe(1000 - 1 - WRITE_PRICE);
    expect((await history(s.uuid)).at(-1)!.tools!.map((x) => [x.status, x.price])).toEqual([['ok', WRITE_PRICE]]);
  }, 60_000);

  it('no: refused with 用户拒绝了此次调用。, which the model reads; nothing written, the call not charged', async () => {
    const s = await turnWaiting('no.txt', async (step, secret) => {
      expect((await answer(t, alice, { secret, id: step.id, allow: false })).status).toBe(200);
    });
    expect(steps(s.events).map((x) => x.status)).toEqual(['running', 'confirm', 'refused']);
    expect(steps(s.events)[2]).toMatchObject({ result: '用户拒绝了此次调用。', price: 0 });
    expect(s.text).toBe('结果：错误：用户拒绝了此次调用。');
    expect(existsSync(join(dir, 'no.txt'))).toBe(false);
    expect(s.last).toMatchObject({ type: 'done', status: 'complete', charged: 1 });
    expect((await history(s.uuid)).at(-1)!.tools!.map((x) => [x.status, x.result])).toEqual([['refused', '用户拒绝了此次调用。']]);
  }, 60_000);

  it('no answer by confirmBy: refused with 等待确认超时，未调用。; an answer after the turn ended is 404', async () => {
    let late = { id: '', secret: '' };
    const s = await turnWaiting('late.txt', async (step, secret) => {
      late = { id: step.id, secret };
      // The deadline is read on the app's clock.
      t.clock.advance(WAIT_S * 1000 + 1);
    });
    expect(steps(s.events).map((x) => x.status)).toEqual(['running', 'confirm', 'refused']);
    expect(steps(s.events)[2]!.result).toBe('等待确认超时，未调用。');
    expect(s.text).toBe('结果：错误：等待确认超时，未调用。');
    expect(existsSync(join(dir, 'late.txt'))).toBe(false);
    expect(s.last).toMatchObject({ type: 'done', status: 'complete', charged: 1 });
    expect((await answer(t, alice, { ...late, allow: true })).status).toBe(404);
  }, 60_000);

  it('refuses: another user’s secret and an unknown step alike (404), a step that does not wait (409), a bad body (400)', async () => {
    await setBalance(t, aliceId, { base3: 1000 });
    // A read-only call first (no confirmation), then the write.
    script = (b) => {
      const n = toolMessages(b).length;
      if (n === 0) return { calls: [{ id: 'l1', name: 'fs__list_directory', args: [JSON.stringify({ path: dir })] }] };
      if (n === 1) return { calls: [{ id: 'w1', name: 'fs__write_file', args: [JSON.stringify({ path: join(dir, 'checked.txt'), content: 'x' })] }] };
      return { text: ['好'] };
    };
    const { body } = await createTurn(t, alice, { input: '先看再写', feature: 'writer', tools: ['fs__write_file', 'fs__list_directory'] });
    const secret = body.data.secret;
    const s = await readStream(t, secret, alice, {
      onEvent: async (e) => {
        if (e.type !== 'tool' || e.step.status !== 'confirm') return;
        const id = e.step.id;
        const bobs = await answer(t, bob, { secret, id, allow: true });
        const unknown = await answer(t, alice, { secret, id: '9:nope', allow: true });
        expect(bobs).toMatchObject({ status: 404, body: { code: 404, success: false } });
        expect({ ...unknown, body: { ...unknown.body, requestId: null } }).toEqual({ ...bobs, body: { ...bobs.body, requestId: null } });
        const notWaiting = await answer(t, alice, { secret, id: '0:l1', allow: true });
        expect(notWaiting).toMatchObject({ status: 409, body: { code: 409 } });
        expect(notWaiting.body.message).toContain('不在等待确认');
        for (const bad of [{ secret, id }, { secret, id, allow: 'yes' }, { secret, id: '', allow: true }, { secret, id: 'x'.repeat(129), allow: true }, { secret: 'short', id, allow: true }, {}])
          expect((await answer(t, alice, bad)).status).toBe(400);
        expect((await t.call('POST', '/api/chat/tools/confirm', { body: { secret, id, allow: true } })).status).toBe(401);
        // Still waiting after all that: the owner's answer goes through.
        expect((await answer(t, alice, { secret, id, allow: false })).status).toBe(200);
      },
    });
    expect(steps(s.events).map((x) => [x.tool, x.status])).toEqual([
      ['list_directory', 'running'],
      ['list_directory', 'ok'],
      ['write_file', 'running'],
      ['write_file', 'confirm'],
      ['write_file', 'refused'],
    ]);
    expect(existsSync(join(dir, 'checked.txt'))).toBe(false);
    expect(s.last).toMatchObject({ type: 'done', status: 'complete', charged: 1 + 1 });
  }, 60_000);

  it('the answer through a second instance sharing the KvStore reaches the turn on the first', async () => {
    const other = await createTestApp({ shareWith: t });
    try {
      const s = await turnWaiting('other.txt', async (step, secret) => {
        expect((await answer(other, alice, { secret, id: step.id, allow: true })).status).toBe(200);
      });
      expect(steps(s.events).map((x) => x.status)).toEqual(['running', 'confirm', 'running', 'ok']);
      expect(readFileSync(join(dir, 'other.txt'), 'utf8')).toBe('你好');
      expect(s.last).toMatchObject({ type: 'done', status: 'complete', charged: 1 + WRITE_PRICE });
    } finally {
      await other.close();
    }
  }, 60_000);

  it('while it waits: a reload resumes with the step in confirm, the lease is renewed; a stop then ends the turn as stopped, the call refused, nothing charged', async () => {
    const base = await t.listen();
    let resumed: ChatStreamEvent[] = [];
    let leaseAhead = false;
    const s = await turnWaiting('stopped.txt', async (step, secret) => {
      const res = await fetch(`${base}/api/turns/resume?secret=${encodeURIComponent(secret)}`, { headers: { authorization: `Bearer ${alice}` } });
      const reading = readSseEvents(res, chatStreamEvent, async (ev) => {
        if (ev.type !== 'resume') return;
        // Time passes while the user thinks (less than the wait): the next tick renews the hold's lease.
        t.clock.advance((WAIT_S - 5) * 1000);
        // (Twice: a tick already under way read the clock before it moved.)
        await t.turns.live.tick();
        await t.turns.live.tick();
        const rows = (await t.ctx.db.execute(sql`select lease_until from turns where status = 'running' and user_id = ${aliceId}`)) as { rows: { lease_until: string | Date }[] };
        leaseAhead = rows.rows.length === 1 && new Date(rows.rows[0]!.lease_until).getTime() > t.clock.now();
        await t.call('POST', '/api/chat/stop', { token: alice, body: { secret } });
      });
      resumed = (await reading).events;
      expect(step.status).toBe('confirm');
    });
    const resume = resumed[0] as Extract<ChatStreamEvent, { type: 'resume' }>;
    expect(resume.tools!.map((x) => [x.tool, x.status])).toEqual([['write_file', 'confirm']]);
    expect(resume.tools![0]!.confirmBy).toEqual(expect.any(String));
    expect(leaseAhead).toBe(true);
    for (const last of [s.last, resumed.at(-1)]) expect(last).toMatchObject({ type: 'done', status: 'stopped', charged: 0 });
    expect(steps(s.events).map((x) => x.status)).toEqual(['running', 'confirm', 'refused']);
    expect(steps(s.events)[2]!.result).toBe('回复已停止，未调用。');
    expect(existsSync(join(dir, 'stopped.txt'))).toBe(false);
    expect((await getBalance(t, aliceId)).baseModel3).toBe(1000);
    expect((await history(s.uuid)).at(-1)!).toMatchObject({ status: 'stopped', tools: [{ status: 'refused', result: '回复已停止，未调用。' }] });
  }, 60_000);
});
