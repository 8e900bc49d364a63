import { createRequire } from 'node:module';
import type { Redis } from 'ioredis';
import type { Clock } from './clock.ts';

/**
 * Short-lived shared state: SMS codes, login tickets, rate-limit counters, stop signals.
 * In process by default; Redis when REDIS_URL is set, so several instances act as one.
 */
export interface KvStore {
  readonly kind: 'memory' | 'redis';
  get(key: string): Promise<string | null>;
  set(key: string, value: string, ttlSeconds: number): Promise<void>;
  /** Sets only when absent; true when this call set it. */
  setIfAbsent(key: string, value: string, ttlSeconds: number): Promise<boolean>;
  del(key: string): Promise<void>;
  /** Increments a counter; the first increment starts its window of `ttlSeconds`. */
  incr(key: string, ttlSeconds: number): Promise<number>;
  /** Adds `delta` (may be negative) to a counter and (re)starts its expiry; returns the new value. */
  add(key: string, delta: number, ttlSeconds: number): Promise<number>;
  /** Returns the value and deletes it, atomically. */
  take(key: string): Promise<string | null>;
  publish(channel: string, message: string): Promise<void>;
  subscribe(channel: string, onMessage: (message: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export class MemoryKv implements KvStore {
  readonly kind = 'memory' as const;
  private data = new Map<string, { value: string; expiresAt: number }>();
  private listeners = new Map<string, Set<(m: string) => void>>();
  private sweeper: NodeJS.Timeout;

  constructor(private clock: Clock) {
    this.sweeper = setInterval(() => this.sweep(), 60_000);
    this.sweeper.unref();
  }

  private live(key: string) {
    const entry = this.data.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.clock.now()) {
      this.data.delete(key);
      return undefined;
    }
    return entry;
  }

  private sweep() {
    const now = this.clock.now();
    for (const [k, v] of this.data) if (v.expiresAt <= now) this.data.delete(k);
  }

  async get(key: string) {
    return this.live(key)?.value ?? null;
  }
  async set(key: string, value: string, ttlSeconds: number) {
    this.data.set(key, { value, expiresAt: this.clock.now() + ttlSeconds * 1000 });
  }
  async setIfAbsent(key: string, value: string, ttlSeconds: number) {
    if (this.live(key)) return false;
    await this.set(key, value, ttlSeconds);
    return true;
  }
  async del(key: string) {
    this.data.delete(key);
  }
  async incr(key: string, ttlSeconds: number) {
    const entry = this.live(key);
    if (!entry) {
      await this.set(key, '1', ttlSeconds);
      return 1;
    }
    entry.value = String(Number(entry.value) + 1);
    return Number(entry.value);
  }
  async add(key: string, delta: number, ttlSeconds: number) {
    const n = Number(this.live(key)?.value ?? 0) + delta;
    await this.set(key, String(n), ttlSeconds);
    return n;
  }
  async take(key: string) {
    const v = this.live(key)?.value ?? null;
    this.data.delete(key);
    return v;
  }
  async publish(channel: string, message: string) {
    for (const fn of this.listeners.get(channel) ?? []) queueMicrotask(() => fn(message));
  }
  async subscribe(channel: string, onMessage: (m: string) => void) {
    let set = this.listeners.get(channel);
    if (!set) this.listeners.set(channel, (set = new Set()));
    set.add(onMessage);
    return async () => {
      set.delete(onMessage);
      if (set.size === 0) this.listeners.delete(channel);
    };
  }
  async close() {
    clearInterval(this.sweeper);
    this.data.clear();
    this.listeners.clear();
  }
}

export class RedisKv implements KvStore {
  readonly kind = 'redis' as const;
  private client: Redis;
  private subscriber: Redis | null = null;
  private handlers = new Map<string, Set<(m: string) => void>>();

  constructor(url: string, private prefix = 'ai:') {
    // Loaded here, not at start: a server without REDIS_URL never pays for the client (a few MB resident).
    const { Redis: RedisClient } = createRequire(import.meta.url)('ioredis') as typeof import('ioredis');
    // Auto-pipelining writes every command issued in one turn of the event loop at once: under a burst
    // of requests, one socket write for many commands instead of one each.
    this.client = new RedisClient(url, { maxRetriesPerRequest: 2, lazyConnect: false, enableAutoPipelining: true });
    // A counter and its window in one command (a MULTI is never auto-pipelined).
    this.client.defineCommand('incrWindow', {
      numberOfKeys: 1,
      lua: "local n = redis.call('INCRBY', KEYS[1], ARGV[1]) if ARGV[3] == '1' or redis.call('TTL', KEYS[1]) < 0 then redis.call('EXPIRE', KEYS[1], ARGV[2]) end return n",
    });
  }

  private incrWindow(key: string, delta: number, ttlSeconds: number, renew: boolean): Promise<number> {
    const client = this.client as unknown as { incrWindow(key: string, delta: number, ttl: number, renew: string): Promise<number> };
    return client.incrWindow(this.k(key), delta, Math.max(1, Math.ceil(ttlSeconds)), renew ? '1' : '0').then(Number);
  }

  private k(key: string) {
    return this.prefix + key;
  }

  async get(key: string) {
    return this.client.get(this.k(key));
  }
  async set(key: string, value: string, ttlSeconds: number) {
    await this.client.set(this.k(key), value, 'EX', Math.max(1, Math.ceil(ttlSeconds)));
  }
  async setIfAbsent(key: string, value: string, ttlSeconds: number) {
    const r = await this.client.set(this.k(key), value, 'EX', Math.max(1, Math.ceil(ttlSeconds)), 'NX');
    return r === 'OK';
  }
  async del(key: string) {
    await this.client.del(this.k(key));
  }
  async incr(key: string, ttlSeconds: number) {
    return this.incrWindow(key, 1, ttlSeconds, false);
  }
  async add(key: string, delta: number, ttlSeconds: number) {
    return this.incrWindow(key, delta, ttlSeconds, true);
  }
  async take(key: string) {
    return this.client.getdel(this.k(key));
  }
  async publish(channel: string, message: string) {
    await this.client.publish(this.k(channel), message);
  }
  async subscribe(channel: string, onMessage: (m: string) => void) {
    if (!this.subscriber) {
      this.subscriber = this.client.duplicate({ enableAutoPipelining: false });
      this.subscriber.on('message', (ch: string, msg: string) => {
        for (const fn of this.handlers.get(ch) ?? []) fn(msg);
      });
    }
    const ch = this.k(channel);
    let set = this.handlers.get(ch);
    if (!set) {
      this.handlers.set(ch, (set = new Set()));
      await this.subscriber.subscribe(ch);
    }
    set.add(onMessage);
    return async () => {
      set.delete(onMessage);
      if (set.size === 0) {
        this.handlers.delete(ch);
        await this.subscriber?.unsubscribe(ch);
      }
    };
  }
  async close() {
    await this.subscriber?.quit();
    await this.client.quit();
  }
}
