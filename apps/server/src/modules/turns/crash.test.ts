import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { chatHistoryReply, chatStreamEvent } from '@app/shared';
import { waitFor } from '../../testing/chat.ts';
import { readSseEvents } from '../../testing/sse.ts';

/**
 * kill -9 during a turn, on a real server process: the question and the partial reply survive,
 * the hold of the dead process lapses with its lease, and the retry is admitted and charged once.
 */
const here = dirname(fileURLToPath(import.meta.url));
const main = join(here, '../../main.ts');
const dataDir = mkdtempSync(join(tmpdir(), 'ai-crash-'));
const schema = `t_crash_${randomBytes(4).toString('hex')}`;
let child: ChildProcess | null = null;

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });

async function startServer(port: number) {
  const proc = spawn(process.execPath, ['--import', 'tsx', main], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'error',
      LLM_OFFLINE_DELAY_MS: '60',
      TURN_LEASE_MS: '1000',
      TURN_TICK_MS: '150',
      ...(process.env.DATABASE_URL ? { DATABASE_SCHEMA: schema } : {}),
      // Its own Redis keys: per-IP counters of other runs on the same Redis must not refuse the sign-up.
      REDIS_PREFIX: `${schema}:`,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const base = `http://127.0.0.1:${port}`;
  await waitFor(async () => {
    try {
      return (await fetch(`${base}/api/health`)).ok;
    } catch {
      return false;
    }
  }, 60_000);
  return { proc, base };
}

const json = async (base: string, path: string, token: string | null, body?: unknown) => {
  const res = await fetch(`${base}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return res.json() as Promise<{ code: number; data: any }>;
};

afterAll(async () => {
  child?.kill('SIGKILL');
  if (process.env.DATABASE_URL) {
    const { openDatabase } = await import('../../db/client.ts');
    const db = await openDatabase({ url: process.env.DATABASE_URL });
    await db.execScript(`drop schema if exists "${schema}" cascade`);
    await db.close();
  }
  rmSync(dataDir, { recursive: true, force: true });
});

describe('kill -9 during a turn', () => {
  it('keeps the question and the partial reply, lets go of the hold, and the retry is charged once', async () => {
    const port = await freePort();
    let server = await startServer(port);
    child = server.proc;
    const reg = await json(server.base, '/api/login/register', null, { userName: `crash_${randomBytes(3).toString('hex')}`, password: 'Passw0rd!' });
    expect(reg.code).toBe(200);
    const token = reg.data.token as string;
    const before = (await json(server.base, '/balance/query', token)).data.useModel3Token as number;
    expect(before).toBeGreaterThan(0);

    const created = await json(server.base, '/api/chat/create', token, { input: '一个会被中断的问题' });
    expect(created.code).toBe(200);
    const ctrl = new AbortController();
    const res = await fetch(`${server.base}/api/chat/stream?secret=${created.data.secret}`, { headers: { authorization: `Bearer ${token}` }, signal: ctrl.signal });
    let received = '';
    await readSseEvents(res, chatStreamEvent, async (e, all) => {
      if (e.type === 'delta') received += e.text;
      if (all.length === 6) {
        await new Promise((r) => setTimeout(r, 400)); // a few checkpoints
        server.proc.kill('SIGKILL');
        ctrl.abort();
      }
    });
    await new Promise((r) => server.proc.once('exit', r));

    server = await startServer(port);
    child = server.proc;
    // The restarted server settles the dead turn once its lease has lapsed (at start, then every 30 s).
    let list: ReturnType<typeof chatHistoryReply.parse>['list'] = [];
    await waitFor(async () => {
      const h = await json(server.base, `/api/chat/history?uuid=${created.data.uuid}`, token);
      list = h.code === 200 ? chatHistoryReply.parse(h.data).list : [];
      return list.length === 2;
    }, 45_000);
    expect(list[0]).toMatchObject({ role: 'user', text: '一个会被中断的问题' });
    expect(list[1]).toMatchObject({ role: 'assistant', status: 'error', charged: false });
    expect(list[1]!.text.length).toBeGreaterThan(0);
    expect(received.startsWith(list[1]!.text) || list[1]!.text.startsWith(received)).toBe(true);
    expect((await json(server.base, '/balance/query', token)).data.useModel3Token).toBe(before);

    const retry = await json(server.base, '/api/chat/create', token, { uuid: created.data.uuid, retry: true });
    expect(retry.code).toBe(200);
    const again = await fetch(`${server.base}/api/chat/stream?secret=${retry.data.secret}`, { headers: { authorization: `Bearer ${token}` } });
    const events = await readSseEvents(again, chatStreamEvent);
    expect(events.last).toMatchObject({ type: 'done', status: 'complete', charged: 1 });
    expect((await json(server.base, '/balance/query', token)).data.useModel3Token).toBe(before - 1);
  }, 150_000);
});
