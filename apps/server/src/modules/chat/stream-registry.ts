import type { FastifyBaseLogger } from 'fastify';
import type { KvStore } from '../../core/kv.ts';

export type StopReason = 'stop' | 'disconnect' | 'shutdown';

interface LiveStream {
  controller: AbortController;
  /** Writes an SSE comment when the stream has been quiet, so proxies keep it open. */
  ping: () => void;
}

const STOP_CHANNEL = 'chat:stop';
const LIVE_TTL_SECONDS = 3 * 3600;
const PING_EVERY_MS = 15_000;
const SHUTDOWN_WAIT_MS = 10_000;
const liveKey = (secret: string) => `chat:live:${secret}`;

/**
 * Streams running on this instance, and the way to stop one from any instance: the owner of
 * each live stream is kept in the KvStore, and a stop is published to every instance, where
 * the one holding the stream aborts it.
 */
export class StreamRegistry {
  private live = new Map<string, LiveStream>();
  private running = new Set<Promise<unknown>>();
  private unsubscribe: (() => Promise<void>) | null = null;
  private pinger: NodeJS.Timeout | null = null;

  constructor(
    private kv: KvStore,
    private log: FastifyBaseLogger,
  ) {}

  async start() {
    this.unsubscribe = await this.kv.subscribe(STOP_CHANNEL, (secret) => this.abort(secret, 'stop'));
    this.pinger = setInterval(() => {
      for (const s of this.live.values()) s.ping();
    }, PING_EVERY_MS);
    this.pinger.unref();
  }

  get size() {
    return this.live.size;
  }

  async add(secret: string, userId: number, stream: LiveStream) {
    this.live.set(secret, stream);
    await this.kv.set(liveKey(secret), String(userId), LIVE_TTL_SECONDS);
  }

  async remove(secret: string) {
    this.live.delete(secret);
    await this.kv.del(liveKey(secret));
  }

  /** Keeps shutdown waiting for `turn` (so a stopped reply is saved before the database closes). */
  track<T>(turn: Promise<T>): Promise<T> {
    this.running.add(turn);
    void turn.finally(() => this.running.delete(turn)).catch(() => {});
    return turn;
  }

  /** False when no live stream with this secret belongs to `userId`. */
  async stop(secret: string, userId: number): Promise<boolean> {
    const owner = await this.kv.get(liveKey(secret));
    if (owner !== String(userId)) return false;
    if (this.live.has(secret)) this.abort(secret, 'stop');
    else await this.kv.publish(STOP_CHANNEL, secret);
    return true;
  }

  private abort(secret: string, reason: StopReason) {
    const s = this.live.get(secret);
    if (s && !s.controller.signal.aborted) s.controller.abort(reason);
  }

  /** Stops every stream here (their partial replies are saved), waits for them, unsubscribes. */
  async close() {
    if (this.pinger) clearInterval(this.pinger);
    for (const secret of this.live.keys()) this.abort(secret, 'shutdown');
    const timeout = new Promise((r) => setTimeout(r, SHUTDOWN_WAIT_MS).unref());
    await Promise.race([Promise.allSettled([...this.running]), timeout]);
    try {
      await this.unsubscribe?.();
    } catch (e) {
      this.log.warn({ err: e }, 'chat stop channel unsubscribe failed');
    }
  }
}
