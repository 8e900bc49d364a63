// The durable-jobs API as /work/jobs-api.md documents it, until it lands on main (then this file
// re-exports it from turns/service.ts).
import type { Db } from '../../db/client.ts';
import { Code } from '@app/shared';
import { AppError } from '../../core/errors.ts';
import type { TurnEngine, TurnPrice } from '../turns/service.ts';

export type JobStatus = 'running' | 'done' | 'failed' | 'cancelled';

export interface JobHandler<S extends Record<string, unknown>> {
  kind: string;
  concurrency?: number;
  timeoutMs?: number;
  retries?: number;
  step(run: JobRun<S>): Promise<JobStep<S>>;
  onEnd?(tx: Db, job: { id: number; userId: number; state: S; status: JobStatus; error: string | null; charged: number }): Promise<void>;
}

export type JobStep<S> =
  | { state: S; next: 'continue' }
  | { state: S; next: 'wait'; delayMs: number }
  | { state: S; next: 'done'; charge?: number }
  | { state: S; next: 'failed'; error: string; charge?: number };

export interface JobRun<S> {
  id: number;
  userId: number;
  kind: string;
  state: S;
  attempt: number;
  signal: AbortSignal;
  publish(event: Record<string, unknown>): void;
  save(state: S): Promise<void>;
}

export interface SubmitJob<S> {
  userId: number;
  kind: string;
  state: S;
  price?: TurnPrice | null;
  begin?(tx: Db, jobId: number): Promise<S | void>;
}

export interface Jobs {
  register<S extends Record<string, unknown>>(handler: JobHandler<S>): void;
  submit<S>(job: SubmitJob<S>): Promise<number>;
  cancel(id: number, userId: number): Promise<boolean>;
  watch(id: number, listener: (event: Record<string, unknown>) => void): () => void;
}

/** The engine's jobs; until they land, a stand-in that refuses to start (nothing is held). */
export function jobsOf(engine: TurnEngine): Jobs {
  const real = (engine as unknown as { jobs?: Jobs }).jobs;
  if (real) return real;
  return {
    register: () => {},
    submit: () => Promise.reject(new AppError(Code.BAD_REQUEST, 'PPT 生成服务即将上线', 503)),
    cancel: () => Promise.resolve(false),
    watch: () => () => {},
  };
}
