import type { KvStore } from '../../core/kv.ts';
import { randomToken } from '../../core/ids.ts';

/** Long enough to open the stream right after create, short enough to be useless if leaked. */
export const TURN_TTL_SECONDS = 120;

/** What any prepared turn carries: whose it is (the engine checks the caller's session when it is opened). */
export interface OwnedTurn {
  userId: number;
}

/** Keeps `turn` under a new one-use secret (`prefix` keeps kinds of turns apart). */
export async function prepareTurn<T extends OwnedTurn>(kv: KvStore, turn: T, prefix: string): Promise<string> {
  const secret = randomToken(24);
  await kv.set(prefix + secret, JSON.stringify(turn), TURN_TTL_SECONDS);
  return secret;
}

/** The prepared turn under `secret`, taken (once: a second take finds nothing); null when unknown, used or expired. */
export async function takeTurn<T extends OwnedTurn>(kv: KvStore, secret: string, prefix: string): Promise<{ turn: T; raw: string } | null> {
  const raw = await kv.take(prefix + secret);
  return raw ? { turn: JSON.parse(raw) as T, raw } : null;
}

/** Puts a taken turn back (it was not the caller's), still usable by its owner. */
export async function putBackTurn(kv: KvStore, secret: string, prefix: string, raw: string) {
  await kv.set(prefix + secret, raw, TURN_TTL_SECONDS);
}
