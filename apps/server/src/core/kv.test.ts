import { afterAll, describe, expect, it } from 'vitest';
import { ManualClock } from './clock.ts';
import { MemoryKv, RedisKv, type KvStore } from './kv.ts';

const redisUrl = process.env.REDIS_URL;
const stores: KvStore[] = [];
afterAll(async () => {
  await Promise.all(stores.map((s) => s.close()));
});

const impls: [string, () => KvStore][] = [['memory', () => new MemoryKv(new ManualClock())]];
if (redisUrl) impls.push(['redis', () => new RedisKv(redisUrl, `kvtest:${Date.now()}:${Math.random()}:`)]);

describe.each(impls)('%s kv store', (_name, make) => {
  const kv = make();
  stores.push(kv);

  it('sets, gets, deletes', async () => {
    await kv.set('a', '1', 60);
    expect(await kv.get('a')).toBe('1');
    await kv.del('a');
    expect(await kv.get('a')).toBeNull();
  });

  it('setIfAbsent succeeds exactly once under concurrency', async () => {
    const results = await Promise.all(Array.from({ length: 50 }, (_, i) => kv.setIfAbsent('once', String(i), 60)));
    expect(results.filter(Boolean)).toHaveLength(1);
  });

  it('incr counts concurrent hits exactly', async () => {
    const values = await Promise.all(Array.from({ length: 100 }, () => kv.incr('counter', 60)));
    expect(new Set(values).size).toBe(100);
    expect(Math.max(...values)).toBe(100);
  });

  it('take hands a value to exactly one caller', async () => {
    await kv.set('token', 'v', 60);
    const got = await Promise.all(Array.from({ length: 20 }, () => kv.take('token')));
    expect(got.filter((v) => v === 'v')).toHaveLength(1);
    expect(await kv.get('token')).toBeNull();
  });

  it('delivers published messages to subscribers until they unsubscribe', async () => {
    const seen: string[] = [];
    const off = await kv.subscribe('ch', (m) => seen.push(m));
    await kv.publish('ch', 'hello');
    await new Promise((r) => setTimeout(r, 50));
    await off();
    await kv.publish('ch', 'late');
    await new Promise((r) => setTimeout(r, 50));
    expect(seen).toEqual(['hello']);
  });
});

describe('memory kv expiry follows the clock', () => {
  it('expires entries and counter windows', async () => {
    const clock = new ManualClock();
    const kv = new MemoryKv(clock);
    stores.push(kv);
    await kv.set('x', '1', 10);
    expect(await kv.incr('c', 10)).toBe(1);
    expect(await kv.incr('c', 10)).toBe(2);
    clock.advance(10_001);
    expect(await kv.get('x')).toBeNull();
    expect(await kv.incr('c', 10)).toBe(1);
  });
});

describe.skipIf(!redisUrl)('redis kv expiry', () => {
  it('expires entries on real time', async () => {
    const kv = new RedisKv(redisUrl!, `kvtest:exp:${Date.now()}:`);
    stores.push(kv);
    await kv.set('x', '1', 1);
    expect(await kv.get('x')).toBe('1');
    await new Promise((r) => setTimeout(r, 1100));
    expect(await kv.get('x')).toBeNull();
  });

  it('a counter window starts with the first increment and is not extended by later ones; add renews it', async () => {
    const kv = new RedisKv(redisUrl!, `kvtest:win:${Date.now()}:`);
    stores.push(kv);
    expect(await kv.incr('w', 1)).toBe(1);
    await new Promise((r) => setTimeout(r, 600));
    expect(await kv.incr('w', 1)).toBe(2);
    await new Promise((r) => setTimeout(r, 600));
    expect(await kv.incr('w', 1)).toBe(1);
    expect(await kv.add('s', 5, 1)).toBe(5);
    await new Promise((r) => setTimeout(r, 600));
    expect(await kv.add('s', -2, 1)).toBe(3);
    await new Promise((r) => setTimeout(r, 600));
    expect(await kv.add('s', 1, 1)).toBe(4);
  });
});
