import { randomToken } from '../../core/ids.ts';
import type { AppContext } from '../../core/context.ts';
import { TurnEngine } from './engine.ts';
import { JobRunner, type JobsOptions } from './jobs.ts';
import { LiveTurns, type LiveTurnsOptions } from './live.ts';

// Builds the turn engine (composition/ calls it); other modules reach turns through public.ts.
export type { TurnEngine } from './engine.ts';
/** Durable jobs: `engine.jobs`. */
export type Jobs = JobRunner;

export interface TurnEngineOptions extends LiveTurnsOptions {
  jobs?: JobsOptions;
}

/** The paid-turn engine of this instance (a random instance id owns its holds' leases). */
export function createTurnEngine(ctx: AppContext, opts: TurnEngineOptions = {}) {
  const instanceId = randomToken(9);
  const live = new LiveTurns(ctx.kv, ctx.db, ctx.clock, ctx.log, instanceId, opts);
  return new TurnEngine(ctx, live, new JobRunner(ctx, instanceId, { leaseMs: opts.leaseMs, ...opts.jobs }));
}
