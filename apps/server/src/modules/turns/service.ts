import { randomToken } from '../../core/ids.ts';
import type { AppContext } from '../../core/context.ts';
import { TurnEngine } from './engine.ts';
import { LiveTurns, type LiveTurnsOptions } from './live.ts';

export type { DeltaSink, Outcome, ReplyStatus, TurnAdapter, TurnPrice } from './engine.ts';
export type { TurnEngine } from './engine.ts';
export { describeFailure } from './failures.ts';
export { usageView } from './engine.ts';
export { prepareTurn, type OwnedTurn } from './prepared.ts';

/** The paid-turn engine of this instance (a random instance id owns its holds' leases). */
export function createTurnEngine(ctx: AppContext, opts: LiveTurnsOptions = {}) {
  const live = new LiveTurns(ctx.kv, ctx.db, ctx.clock, ctx.log, randomToken(9), opts);
  return new TurnEngine(ctx, live);
}
