import { Code } from '@app/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../core/clock.ts';
import { AppError, notFound } from '../../core/errors.ts';
import type { KvStore } from '../../core/kv.ts';

/** How a wait for the user's answer ended. */
export type ConfirmAnswer = 'yes' | 'no' | 'timeout' | 'stopped';

/** What the model reads instead of a result when the call was not made. */
export const CONFIRM_REFUSALS: Record<Exclude<ConfirmAnswer, 'yes'>, string> = {
  no: '用户拒绝了此次调用。',
  timeout: '等待确认超时，未调用。',
  stopped: '回复已停止，未调用。',
};

/** The same answer for a turn that is not the caller's and a step it does not have. */
export const NO_SUCH_STEP = '没有找到这次工具调用';
const NOT_WAITING = '这次工具调用不在等待确认（无需确认，或已确认、已拒绝、已超时）';

const stepKey = (secret: string, id: string) => `tool:step:${secret}:${id}`;
const answerKey = (secret: string, id: string) => `tool:answer:${secret}:${id}`;
const channel = (secret: string, id: string) => `tool:confirm:${secret}:${id}`;
/** As long as a live turn's owner key: a step outlives no turn. */
const STEP_TTL_SECONDS = 3 * 3600;

export interface ConfirmOptions {
  /** How long a call waits for the user's answer. */
  waitMs: number;
  /** How often a wait looks at the clock (and at the answer, should a published one be lost). */
  pollMs?: number;
}

/**
 * The user's yes or no to a call of a tool that says it changes things (`destructiveHint`), across
 * instances the way a stop is: the turn's instance keeps each step's state in the KvStore under the
 * turn's secret, waits on a channel of its own for the answer, and the first of the user's answer,
 * the deadline and a stop wins (one `setIfAbsent`), so a late answer is told it came too late.
 * The deadline is read on the context's clock (tests move it).
 */
export class ToolConfirmations {
  private readonly pollMs: number;

  constructor(
    private readonly kv: KvStore,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
    readonly opts: ConfirmOptions,
  ) {
    this.pollMs = opts.pollMs ?? 500;
  }

  /** Keeps a step's state (running, confirm, ok…) so an answer can tell an unknown step from one not waiting. */
  async record(secret: string, id: string, status: string): Promise<void> {
    await this.kv.set(stepKey(secret, id), status, STEP_TTL_SECONDS);
  }

  /** When a wait starting now ends. */
  deadline(): number {
    return this.clock.now() + this.opts.waitMs;
  }

  /**
   * Waits for the answer to step `id` of the turn `secret` until `confirmBy` (ms) or `signal` aborts.
   * `ready` runs once the answer can be heard (it records the step and shows it to the user).
   */
  async wait(secret: string, id: string, confirmBy: number, signal: AbortSignal, ready: () => Promise<void>): Promise<ConfirmAnswer> {
    let settle: (a: ConfirmAnswer | null) => void = () => {};
    const heard = new Promise<ConfirmAnswer | null>((r) => (settle = r));
    const readAnswer = async () => {
      const a = await this.kv.get(answerKey(secret, id));
      if (a === 'yes' || a === 'no') settle(a);
    };
    // Subscribed before the step shows, so no answer is missed.
    const unsubscribe = await this.kv.subscribe(channel(secret, id), () => void readAnswer().catch(() => {}));
    const onAbort = () => settle('stopped');
    signal.addEventListener('abort', onAbort, { once: true });
    const timer = setInterval(() => {
      if (this.clock.now() >= confirmBy) settle('timeout');
      else void readAnswer().catch(() => {});
    }, this.pollMs);
    try {
      if (signal.aborted) settle('stopped');
      else await ready();
      const got = await heard;
      if (got === 'yes' || got === 'no') return got;
      // The deadline or a stop: it stands unless the user's answer got there first.
      const ending = got ?? 'timeout';
      if (await this.kv.setIfAbsent(answerKey(secret, id), ending, STEP_TTL_SECONDS)) return ending;
      const a = await this.kv.get(answerKey(secret, id));
      // A stop wins over a yes that came at the same moment: the turn is ending.
      return ending === 'stopped' ? 'stopped' : a === 'yes' || a === 'no' ? a : ending;
    } finally {
      clearInterval(timer);
      signal.removeEventListener('abort', onAbort);
      await unsubscribe().catch((e: unknown) => this.log.warn({ err: e }, 'tool confirm: unsubscribe failed'));
    }
  }

  /**
   * The user's answer to step `id` of the turn `secret` (the caller owns the turn: checked before).
   * 404 for a step the turn does not have; 409 for one not waiting (any more).
   */
  async answer(secret: string, id: string, allow: boolean): Promise<void> {
    const state = await this.kv.get(stepKey(secret, id));
    if (state === null) throw notFound(NO_SUCH_STEP);
    if (state !== 'confirm') throw new AppError(Code.CONFLICT, NOT_WAITING, 409);
    if (!(await this.kv.setIfAbsent(answerKey(secret, id), allow ? 'yes' : 'no', STEP_TTL_SECONDS))) throw new AppError(Code.CONFLICT, NOT_WAITING, 409);
    await this.kv.publish(channel(secret, id), allow ? 'yes' : 'no');
  }
}
