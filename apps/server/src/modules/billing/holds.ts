import type { KvStore } from '../../core/kv.ts';
import type { Db } from '../../db/client.ts';
import { readBalance } from './balance.ts';
import type { CreditPool } from './spend.ts';

/** A hold outlives any turn; it only lingers this long if an instance dies mid-turn. */
const HOLD_TTL_SECONDS = 1800;

export interface Hold {
  release(): Promise<void>;
}

/**
 * Reserves `cost` for a turn in flight, so that N concurrent turns on a balance that pays for
 * fewer than N are not all admitted (spending happens only once a reply exists). The hold is
 * counted before the balance is read: a turn finishing meanwhile either has committed its spend
 * (seen in the balance) or still holds its credits (seen in the count). Returns null when the
 * balance minus other holds cannot pay.
 */
export async function reserve(kv: KvStore, db: Db, userId: number, pool: CreditPool, cost: number, nowMs: number): Promise<Hold | null> {
  const key = `hold:${userId}:${pool}`;
  const held = await kv.add(key, cost, HOLD_TTL_SECONDS);
  let admitted = false;
  try {
    const balance = await readBalance(db, userId, nowMs);
    const spendable = pool === 'model4' ? balance.useModel4Token : balance.useModel3Token;
    admitted = held <= spendable;
  } finally {
    if (!admitted) await kv.add(key, -cost, HOLD_TTL_SECONDS);
  }
  if (!admitted) return null;
  let released = false;
  return {
    release: async () => {
      if (released) return;
      released = true;
      await kv.add(key, -cost, HOLD_TTL_SECONDS);
    },
  };
}
