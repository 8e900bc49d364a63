import type { KvStore } from './kv.ts';
import { tooMany } from './errors.ts';

/** Counts one hit in a fixed window; throws 429 with `message` when over `limit`. */
export async function limitOrThrow(kv: KvStore, key: string, limit: number, windowSeconds: number, message?: string) {
  const n = await kv.incr(`rl:${key}`, windowSeconds);
  if (n > limit) throw tooMany(message);
}
