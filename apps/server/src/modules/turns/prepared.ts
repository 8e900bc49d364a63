import type { KvStore } from '../../core/kv.ts';
import { randomToken } from '../../core/ids.ts';

/** Long enough to open the stream right after create, short enough to be useless if leaked. */
export const TURN_TTL_SECONDS = 120;

/** What any prepared turn carries: whose it is and which token prepared it. */
export interface OwnedTurn {
  userId: number;
  tokenHash: string;
}

/** Keeps `turn` under a new one-use secret (`prefix` keeps kinds of turns apart). */
export async function prepareTurn<T extends OwnedTurn>(kv: KvStore, turn: T, prefix: string): Promise<string> {
  const secret = randomToken(24);
  await kv.set(prefix + secret, JSON.stringify(turn), TURN_TTL_SECONDS);
  return secret;
}

/**
 * Takes the turn (once) when `owns` accepts it: null when unknown, expired, already used, or
 * not the caller's — in that last case it is put back, still usable by its owner.
 */
export async function claimTurn<T extends OwnedTurn>(
  kv: KvStore,
  secret: string,
  owns: (turn: T) => Promise<boolean>,
  prefix: string,
): Promise<T | null> {
  const key = prefix + secret;
  const taken = await kv.take(key);
  if (!taken) return null;
  const turn = JSON.parse(taken) as T;
  let mine = false;
  try {
    mine = await owns(turn);
  } finally {
    if (!mine) await kv.set(key, taken, TURN_TTL_SECONDS);
  }
  return mine ? turn : null;
}
