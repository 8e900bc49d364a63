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
 * SIGTERM on a real server process: new requests are refused with 503 at once, an open stream runs
 * to its end within the grace period (saved and charged), one outlasting the grace period is
 * stopped with its partial reply saved, and the process exits 0.
 */
const here = dirname(fileURLToPath(import.meta.url));
const main = join(here, '../../main.ts');
const dataDir = mkdtempSync(join(tmpdir(), 'ai-shutdown-'));
const schema = `t_shutdown_${randomBytes(4).toString('hex')}`;
let child: ChildProcess | null = null;

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });

async function startServer(port: number, env: Record<string, string>) {
  const proc = spawn(process.execPath, ['--import', 'tsx', main], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'error',
      ...(process.env.DATABASE_URL ? { DATABASE_SCHEMA: schema } : {}),
      REDIS_PREFIX: `${schema}:`,
      ...env,
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
  return { proc, base, exited: new Promise<number | null>((r) => proc.once('exit', (code) => r(code))) };
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

/** Opens a turn's stream and sends SIGTERM after its fifth event; returns what the stream delivered. */
async function streamThenTerm(server: Awaited<ReturnType<typeof startServer>>, token: string, input: string, onTerm?: () => Promise<void>) {
  const created = await json(server.base, '/api/chat/create', token, { input });
  expect(created.code).toBe(200);
  const res = await fetch(`${server.base}/api/chat/stream?secret=${created.data.secret}`, { headers: { authorization: `Bearer ${token}` } });
  let termed = null as Promise<void> | null;
  const events = await readSseEvents(res, chatStreamEvent, (_e, all) => {
    if (all.length === 5) {
      server.proc.kill('SIGTERM');
      termed = new Promise((r) => setTimeout(r, 150)).then(() => onTerm?.());
    }
  });
  await termed;
  return { uuid: created.data.uuid as string, events };
}

describe('SIGTERM', () => {
  it('refuses new requests, lets an open stream finish within the grace period, stops one that outlasts it with its partial reply saved', async () => {
    const port = await freePort();
    let server = await startServer(port, { SHUTDOWN_GRACE_MS: '30000', LLM_OFFLINE_DELAY_MS: '15' });
    child = server.proc;
    const reg = await json(server.base, '/api/login/register', null, { userName: `term_${randomBytes(3).toString('hex')}`, password: 'Passw0rd!' });
    expect(reg.code).toBe(200);
    const token = reg.data.token as string;
    const before = (await json(server.base, '/balance/query', token)).data.useModel3Token as number;

    let duringDrain = 0;
    const first = await streamThenTerm(server, token, '关机前的问题', async () => {
      duringDrain = (await fetch(`${server.base}/api/ready`)).status;
    });
    expect(duringDrain).toBe(503);
    expect(first.events.last).toMatchObject({ type: 'done', status: 'complete', charged: 1 });
    expect(await server.exited).toBe(0);

    // The grace period is shorter than the reply: the turn is stopped, its partial reply kept, not charged.
    server = await startServer(port, { SHUTDOWN_GRACE_MS: '300', LLM_OFFLINE_DELAY_MS: '80' });
    child = server.proc;
    const second = await streamThenTerm(server, token, '关机时还没答完的问题');
    expect(second.events.last).toMatchObject({ type: 'done', status: 'stopped' });
    expect(second.events.text.length).toBeGreaterThan(0);
    expect(await server.exited).toBe(0);

    server = await startServer(port, {});
    child = server.proc;
    for (const [turn, status] of [[first, 'complete'], [second, 'stopped']] as const) {
      const h = await json(server.base, `/api/chat/history?uuid=${turn.uuid}`, token);
      const list = chatHistoryReply.parse(h.data).list;
      expect(list).toHaveLength(2);
      expect(list[1]).toMatchObject({ role: 'assistant', status, text: turn.events.text });
    }
    // Each reply that reached the user is charged once, as its closing event said (a stopped one too).
    const charged = [first, second].reduce((n, turn) => n + ((turn.events.last as { charged?: number }).charged ?? 0), 0);
    expect(charged).toBeGreaterThanOrEqual(1);
    expect((await json(server.base, '/balance/query', token)).data.useModel3Token).toBe(before - charged);
  }, 180_000);
});
