import type { KvStore } from '../../core/kv.ts';
import { randomToken } from '../../core/ids.ts';

/** What chat/create prepared and chat/stream runs; bound to the user, the group and this turn. */
export interface PreparedTurn {
  userId: number;
  /** SHA-256 of the bearer token that prepared it: the same token opens the stream without a lookup. */
  tokenHash: string;
  groupId: number;
  /** The group is new: it has no history to read, and is created only when the turn runs (so an abandoned prepare leaves no empty group). */
  newGroup: boolean;
  /** The row of a new group, inserted under the reserved `groupId` when the turn runs. */
  group?: { type: number; title: string; appId: number | null; templateId: number | null; identityId: number | null; variable: Record<string, string> | null };
  model: string;
  input: string;
  images: string[];
  /** Retry: the id of the user message sent again (no new user message is stored). */
  retryOf: number | null;
  usingContext: boolean;
  temperature?: number;
  systemMessage?: string;
  /** Expert chat: the expert's system prompt, sent with every turn of the group. */
  appPrompt?: string;
}

/** Long enough to open the stream right after create, short enough to be useless if leaked. */
export const TURN_TTL_SECONDS = 120;
const CHAT_TURNS = 'chat:turn:';

/** What any prepared turn carries: whose it is and which token prepared it. */
export interface OwnedTurn {
  userId: number;
  tokenHash: string;
}

/** Keeps `turn` under a new one-use secret (`prefix` keeps kinds of turns apart). */
export async function prepareTurn<T extends OwnedTurn = PreparedTurn>(kv: KvStore, turn: T, prefix = CHAT_TURNS): Promise<string> {
  const secret = randomToken(24);
  await kv.set(prefix + secret, JSON.stringify(turn), TURN_TTL_SECONDS);
  return secret;
}

/**
 * Takes the turn (once) when `owns` accepts it: null when unknown, expired, already used, or
 * not the caller's — in that last case it is put back, still usable by its owner.
 */
export async function claimTurn<T extends OwnedTurn = PreparedTurn>(
  kv: KvStore,
  secret: string,
  owns: (turn: T) => Promise<boolean>,
  prefix = CHAT_TURNS,
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
