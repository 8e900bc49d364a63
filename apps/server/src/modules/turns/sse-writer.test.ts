import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { loopLoad, PACE_MS, SseWriter } from './sse-writer.ts';

const tick = () => new Promise((r) => setImmediate(r));

/**
 * A real server whose one response is handed to `start` (which makes the SseWriter), and a
 * client reading it raw; `writes` records each write on the response.
 */
async function open<T>(start: (res: ServerResponse) => T) {
  let writer!: T;
  const writes: string[] = [];
  let handled!: () => void;
  const ready = new Promise<void>((r) => (handled = r));
  let res!: ServerResponse;
  const server = createServer((_req, response) => {
    res = response;
    const write = res.write.bind(res) as (chunk: string) => boolean;
    res.write = ((chunk: string) => {
      writes.push(chunk);
      return write(chunk);
    }) as typeof res.write;
    writer = start(res);
    handled();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  cleanups.push(() => new Promise<void>((r) => server.close(() => r())));
  const client = await new Promise<IncomingMessage>((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: (server.address() as AddressInfo).port, path: '/' }, resolve);
    req.on('error', reject);
    req.end();
  });
  await ready;
  let body = '';
  client.setEncoding('utf8');
  client.on('data', (d: string) => (body += d));
  const ended = new Promise<void>((r) => client.on('end', r));
  return { sse: writer, res, client, writes, ended, body: () => body };
}

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c();
});

describe('SseWriter', () => {
  it('sends the SSE headers at once', async () => {
    const { sse, client } = await open((res) => new SseWriter(res, () => {}));
    expect(client.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(client.headers['cache-control']).toBe('no-cache');
    expect(client.headers['x-accel-buffering']).toBe('no');
    sse.end();
  });

  it('writes the deltas of one tick in one write, in order, and other events after them', async () => {
    const { sse, writes, ended, body } = await open((res) => new SseWriter(res, () => {}));
    expect(sse.delta('你')).toBeUndefined();
    void sse.delta('好"\n');
    void sse.delta('！');
    expect(writes).toHaveLength(0);
    await tick();
    expect(writes).toHaveLength(1);
    void sse.delta('再');
    await sse.send({ type: 'error', code: 500, message: 'x', uuid: 1, messageId: null });
    void sse.delta('尾');
    sse.end();
    await ended;
    const events = body()
      .split('\n\n')
      .filter(Boolean)
      .map((e) => {
        expect(e.startsWith('data: ')).toBe(true);
        return JSON.parse(e.slice(6));
      });
    expect(events).toEqual([
      { type: 'delta', text: '你' },
      { type: 'delta', text: '好"\n' },
      { type: 'delta', text: '！' },
      { type: 'delta', text: '再' },
      { type: 'error', code: 500, message: 'x', uuid: 1, messageId: null },
      { type: 'delta', text: '尾' },
    ]);
    expect(writes).toHaveLength(2); // the first tick's batch; the second batch went with the error event; the last with end
  });

  it('while the event loop is saturated, the pieces of one stream leave at most every PACE_MS, none lost nor reordered', async () => {
    const { sse, writes, ended, body } = await open((res) => new SseWriter(res, () => {}));
    Object.assign(loopLoad, { fixed: true, saturated: true });
    try {
      void sse.delta('first');
      await tick();
      expect(writes).toHaveLength(1);
      // The first piece leaves at once; then a piece every 10 ms for 300 ms leaves about every PACE_MS.
      for (let i = 0; i < 30; i++) {
        void sse.delta(String(i));
        await new Promise((r) => setTimeout(r, 10));
      }
    } finally {
      Object.assign(loopLoad, { fixed: false, saturated: false });
    }
    sse.end();
    await ended;
    expect(writes.length).toBeGreaterThanOrEqual(3);
    expect(writes.length).toBeLessThanOrEqual(Math.ceil(300 / PACE_MS) + 3);
    const texts = body()
      .split('\n\n')
      .filter(Boolean)
      .map((e) => JSON.parse(e.slice(6)).text);
    expect(texts).toEqual(['first', ...Array.from({ length: 30 }, (_, i) => String(i))]);
  });

  it('pings only after a quiet spell', async () => {
    const { sse, writes } = await open((res) => new SseWriter(res, () => {}));
    sse.ping(10_000);
    expect(writes).toHaveLength(0);
    sse.ping(0);
    expect(writes).toEqual([': ping\n\n']);
    sse.end();
  });

  it('tells when the client went away, and drops what follows', async () => {
    let gone = 0;
    const { sse, res, client, writes } = await open((res) => new SseWriter(res, () => gone++));
    void sse.delta('a');
    client.destroy();
    await new Promise((r) => res.on('close', r));
    await tick();
    expect(gone).toBe(1);
    expect(sse.gone).toBe(true);
    const before = writes.length;
    expect(sse.delta('b')).toBeUndefined();
    await sse.send({ type: 'error', code: 500, message: 'x', uuid: 1, messageId: null });
    await tick();
    sse.end();
    expect(writes.length).toBe(before);
    expect(gone).toBe(1);
  });

  it('while the socket buffer is full, a delta returns a promise that settles when it drains', async () => {
    const { sse, client } = await open((res) => new SseWriter(res, () => {}));
    client.pause();
    const big = 'x'.repeat(64 * 1024);
    let wait: Promise<void> | undefined;
    for (let i = 0; i < 1000 && !wait; i++) {
      void sse.delta(big);
      await tick();
      wait = sse.delta('');
    }
    expect(wait).toBeInstanceOf(Promise);
    let drained = false;
    void wait!.then(() => (drained = true));
    await tick();
    expect(drained).toBe(false);
    client.resume();
    await wait;
    expect(drained).toBe(true);
    sse.end();
  });
});
