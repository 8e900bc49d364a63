import { metrics } from '../../core/metrics.ts';
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Code, type ToolStep } from '@app/shared';
import { requireUser, type AuthUser } from '../../core/auth.ts';
import type { AppContext } from '../../core/context.ts';
import { AppError, notFound } from '../../core/errors.ts';
import type { Db } from '../../db/client.ts';
import { LlmError, type LlmUsage } from '../../providers/llm/types.ts';
import type { CreditPool } from '../billing/public.ts';
import { balanceError } from '../models/public.ts';
import { describeFailure } from './failures.ts';
import { admitHold, settleHold, type BeginCtes, type FinishCtes } from './holds.ts';
import type { JobRunner } from './jobs.ts';
import { LiveTurn, type LiveTurns } from './live.ts';
import { putBackTurn, takeTurn, type OwnedTurn } from './prepared.ts';
import { SseWriter } from './sse-writer.ts';

export type ReplyStatus = 'complete' | 'stopped' | 'error';

/** What a turn costs and from which pool; `label` names it in the ledger. */
export interface TurnPrice {
  pool: CreditPool;
  cost: number;
  label: string;
  /**
   * Of `cost`, what is held for the turn's tool calls (absent: none): the calls are paid as they
   * succeed, so a turn that ends early is charged the calls that finished, not this.
   */
  toolsHeld?: number;
}

/** How a turn ended, as the adapter saves it. */
export interface Outcome {
  text: string;
  /** A reasoning model's thinking, apart from `text`, and how long it thought (absent: none). */
  thinking?: string;
  thinkingMs?: number | null;
  /** A turn with tools: its calls in order (one still running when the turn ended is saved as stopped). */
  tools?: ToolStep[];
  status: ReplyStatus;
  /** What the user is told when it failed, with its SPEC §8 code. */
  errorText: string | null;
  errorCode: number | null;
  usage: LlmUsage | null;
  /** Credits taken (0 when nothing was charged). */
  charged: number;
}

/** The `usage` of a closing `done` event. */
export const usageView = (u: LlmUsage | null) =>
  u ? { prompt_tokens: u.promptTokens, completion_tokens: u.completionTokens, total_tokens: u.promptTokens + u.completionTokens } : null;

export type DeltaSink = (text: string) => Promise<void> | undefined;
/** Where a turn with tools reports a call starting or finishing. */
export type StepSink = (step: ToolStep) => Promise<void> | undefined;

/** A call cut short by the end of its turn: saved as stopped, costing nothing. */
const STEP_CUT = '已停止，调用未完成';
const cutStep = (s: ToolStep): ToolStep => (s.status === 'running' || s.status === 'confirm' ? { ...s, status: 'error', result: STEP_CUT, price: 0, confirmBy: undefined } : s);

/**
 * One kind of paid turn (chat reply, document answer, …) on the engine. The engine owns the
 * lifecycle — hold, relay, stop, resume, save, charge once, release — and the adapter says what
 * the turn is: what it saves before the first token, how it produces the reply, how it stores it.
 * `R` is what the adapter needs to store the reply later; it is kept with the turn (JSON), so
 * that a turn whose instance died is still saved by another.
 */
export interface TurnAdapter<T extends OwnedTurn, R extends Record<string, unknown>, E extends { type: string }> {
  kind: string;
  /**
   * In the transaction that holds the cost: writes what must exist before the first token leaves
   * (the conversation, the question). An adapter has this or `beginCtes`.
   */
  begin?(tx: Db, turn: T, startedAt: number): Promise<R>;
  /**
   * What `begin` does, as CTEs that join the hold's statement: the turn is then admitted in one
   * round trip (no BEGIN, COMMIT, or statement of its own), which is what a burst of turns waits on.
   * Its `ref` must come out as what `begin` would return.
   */
  beginCtes?(turn: T, startedAt: number): BeginCtes;
  /**
   * Produces the reply into `emit` (a promise it returns holds the producer back), and a reasoning
   * model's thinking, apart from it, into `think`; throws LlmError when the upstream fails; stops when `signal` aborts.
   * `cost`: what the reply costs when it came out cheaper than the price held (a paid extra, such as a web search, that did not happen); never more.
   * A turn with tools reports each call into `step` (its price is charged when it succeeded, also if the turn then stops).
   */
  produce(turn: T, ref: R, emit: DeltaSink, signal: AbortSignal, think: DeltaSink, step: StepSink): Promise<{ usage: LlmUsage | null; extra?: unknown; cost?: number }>;
  /**
   * In the settling transaction: stores the reply; returns the closing event (`done`, or `error` for
   * a failure). An adapter has this or `finishCtes`.
   */
  finish?(tx: Db, ref: R, outcome: Outcome, extra: unknown): Promise<E>;
  /**
   * What `finish` does, as CTEs that join the settling statement (one round trip): `charged` is what
   * the statement charges (an int expression), so the reply records it; `closing` makes the closing
   * event of the `result` they came out with and what was charged.
   */
  finishCtes?(ref: R, outcome: Omit<Outcome, 'charged'>, extra: unknown, charged: SQL): FinishCtes & { closing(result: unknown, charged: number): E };
  /** The closing event when nothing was saved (refused, or failed before the turn began). */
  failure(turn: T, code: number, message: string): E;
}

/**
 * One kind of paid work done within one request and answered at once, without a stream (a
 * drawing), on the engine: `price` is held first (like every turn), `generate` makes the result,
 * then one transaction charges what it delivered (`charge`, at most the price) and `finish` stores
 * it. A `generate` that throws charges nothing and gives the hold back. See `perform`.
 */
export interface WorkAdapter<I, T, F> {
  kind: string;
  /** What the work holds, from which pool; the balance must pay it before anything is generated. */
  price(input: I): TurnPrice;
  generate(input: I): Promise<T>;
  /** What the result delivered costs (the engine takes at most the price). */
  charge(input: I, result: T): number;
  /** In the settling transaction: stores the result, given what was charged. */
  finish(tx: Db, input: I, result: T, charged: number): Promise<F>;
}

/** How a prepared turn is opened (`open`): where its secret is kept, what a stale one is told, what it holds. */
export interface OpenTurn<T extends OwnedTurn> {
  prefix: string;
  /** The 404's text for a secret unknown, used, expired or someone else's. */
  expired: string;
  /** Checks the claimed turn (a JSON error before anything streams) and says what it holds. */
  price(turn: T): TurnPrice | Promise<TurnPrice>;
  /** After the turn has run (also when it failed), once it was priced. */
  after?(turn: T): Promise<unknown>;
}

interface Admitted<R> {
  turnId: number;
  ref: R;
  startedAt: number;
}

/** Everything a settlement needs: kept as one value so a failed one can be retried later. */
interface Settlement<R extends Record<string, unknown>, E extends { type: string }> {
  adapter: TurnAdapter<OwnedTurn, R, E>;
  userId: number;
  admitted: Admitted<R>;
  price: TurnPrice;
  outcome: Outcome;
  extra: unknown;
  /** What a produced reply is charged, at most `price.cost` (absent: all of it). */
  due?: number;
  /** Credits of the tool calls that succeeded: charged even when no text reached the user (not on a failure). */
  toolCost?: number;
}

interface TurnRow {
  id: number;
  user_id: number;
  kind: string;
  pool: CreditPool;
  cost: number;
  started_at: string | Date;
  text: string;
  ref: Record<string, unknown>;
}

const SETTLE_TRIES = 3;
/** Thrown inside the admitting transaction to roll it back when the balance cannot pay. */
const REFUSED = new Error('refused: the balance cannot pay');
const MAX_SETTLE_RETRIES = 20;
/** How often lapsed turns are looked for: at most a lease apart, at least every 30 s. */
const RECONCILE_EVERY_MS = 30_000;
const SAVE_FAILED = '保存回复失败，请稍后再试';
const INTERRUPTED = '服务中断，回复未完成，请重试';
/** The kind of a hold taken by `holdWhile`: no reply to save, so a lapsed one is only given back. */
const HELD_WORK = 'held';

/** Postgres text cannot hold NUL; a model may still send one. */
const storable = (text: string) => (text.includes('\u0000') ? text.replaceAll('\u0000', '') : text);

/**
 * The paid-turn engine. Invariant: a reply is saved and charged, or it is not delivered.
 * - admit: one statement (an adapter's `beginCtes`; or one transaction around its `begin`) locks
 *   the user's balance row, checks it pays for this turn on top of the holds of turns still
 *   running (leases not lapsed), writes the turn row (the hold) and what the adapter saves before
 *   the first token leaves (the question); a refusal undoes all of it;
 * - run: the adapter's reply relayed to every reader (SSE), stoppable from any instance,
 *   re-attachable after a reload or on another instance; a reader that goes away does not
 *   stop it;
 * - settle: one statement (`finishCtes`; or one transaction around `finish`) flips the turn from
 *   running (exactly once), charges a produced reply from the pools in order, and saves it;
 *   a settle that fails is retried, and a turn whose instance died is settled by any instance
 *   once its lease lapses, from the last checkpoint of its text.
 */
export class TurnEngine {
  private adapters = new Map<string, TurnAdapter<OwnedTurn, Record<string, unknown>, { type: string }>>();
  /** Settlements that failed (the database was away): retried on every reconcile, a bounded number of times. */
  private unsettled: { retry: () => Promise<unknown>; tries: number }[] = [];
  private reconciler: NodeJS.Timeout | null = null;
  private reconciling: Promise<void> | null = null;

  constructor(
    private ctx: AppContext,
    readonly live: LiveTurns,
    /** Durable jobs (long work that outlives a request and a restart), with holds settled like turns. */
    readonly jobs: JobRunner,
  ) {}

  register<T extends OwnedTurn, R extends Record<string, unknown>, E extends { type: string }>(adapter: TurnAdapter<T, R, E>) {
    if (!adapter.begin === !adapter.beginCtes || !adapter.finish === !adapter.finishCtes) throw new Error(`turn adapter ${adapter.kind}: begin or beginCtes, and finish or finishCtes, one of each`);
    this.adapters.set(adapter.kind, adapter);
    return adapter;
  }

  async start() {
    await this.live.start();
    await this.jobs.start();
    this.reconciler = setInterval(() => void this.reconcile(), Math.min(RECONCILE_EVERY_MS, this.live.leaseMs));
    this.reconciler.unref();
    void this.reconcile();
  }

  async close() {
    if (this.reconciler) clearInterval(this.reconciler);
    await this.jobs.close();
    await this.live.close();
    await this.reconciling;
  }

  /**
   * Takes the prepared turn named by `secret` for the caller (once). The session is checked
   * here, so a token revoked after the turn was prepared cannot open it: 401 without a token,
   * 403000 with a bad one, 404 when the turn is unknown, used, expired or someone else's.
   */
  async claim<T extends OwnedTurn>(req: FastifyRequest, secret: string, prefix: string, notFoundText: string): Promise<{ turn: T; user: AuthUser }> {
    // The session lookup and the take go together (one round trip less before the first token).
    const [session, taken] = await Promise.allSettled([requireUser(this.ctx, req), takeTurn<T>(this.ctx.kv, secret, prefix)]);
    const user = session.status === 'fulfilled' ? session.value : null;
    const found = taken.status === 'fulfilled' ? taken.value : null;
    if (user && found && found.turn.userId === user.id) return { turn: found.turn, user };
    if (found) await putBackTurn(this.ctx.kv, secret, prefix, found.raw);
    if (session.status === 'rejected') throw session.reason;
    if (taken.status === 'rejected') throw taken.reason;
    throw notFound(notFoundText);
  }

  /**
   * A prepared turn's stream: claims it for the caller (`claim`), prices it (`o.price`, whose
   * errors are plain JSON replies), then runs it as SSE (`run`).
   */
  async open<T extends OwnedTurn, R extends Record<string, unknown>, E extends { type: string }>(
    adapter: TurnAdapter<T, R, E>,
    req: FastifyRequest,
    secret: string,
    reply: FastifyReply,
    o: OpenTurn<T>,
  ): Promise<void> {
    const { turn } = await this.claim<T>(req, secret, o.prefix, o.expired);
    const price = await o.price(turn);
    try {
      await this.run(adapter, turn, secret, price, reply);
    } finally {
      await o.after?.(turn);
    }
  }

  /** Runs a claimed turn to its end as an SSE reply. */
  async run<T extends OwnedTurn, R extends Record<string, unknown>, E extends { type: string }>(
    adapter: TurnAdapter<T, R, E>,
    turn: T,
    secret: string,
    price: TurnPrice,
    reply: FastifyReply,
  ): Promise<void> {
    reply.hijack();
    await this.live.track(this.lifecycle(adapter, turn, secret, price, reply));
  }

  private async lifecycle<T extends OwnedTurn, R extends Record<string, unknown>, E extends { type: string }>(
    adapter: TurnAdapter<T, R, E>,
    turn: T,
    secret: string,
    price: TurnPrice,
    reply: FastifyReply,
  ) {
    const startedAt = this.ctx.clock.now();
    let gone = () => {};
    const sse = new SseWriter(reply.raw, () => gone());
    let admitted: Admitted<R> | null;
    try {
      admitted = await this.admit(adapter, turn, price, startedAt);
    } catch (e) {
      this.ctx.log.error({ err: e, kind: adapter.kind }, 'turn: admission failed');
      await sse.send(adapter.failure(turn, Code.SERVER_ERROR, '服务器开小差了，请稍后再试'));
      return sse.end();
    }
    // Refused: holds of turns whose instance died may be what stands in the way; settle those and try once more.
    if (!admitted && (await this.settleLapsed(turn.userId).catch(() => 0)) > 0) {
      admitted = await this.admit(adapter, turn, price, startedAt).catch(() => null);
    }
    if (!admitted) {
      const err = balanceError(price.pool);
      await sse.send(adapter.failure(turn, err.code, err.message));
      return sse.end();
    }

    const live = new LiveTurn(secret, turn.userId, admitted.turnId);
    live.listeners.add(sse);
    gone = () => live.listeners.delete(sse);
    let usage: LlmUsage | null = null;
    let extra: unknown;
    let due: number | undefined;
    let failure: LlmError | null = null;
    // Registered here at once (a stop on this instance finds it); the owner key for other instances follows meanwhile.
    const registered = this.live.add(live).catch((e: unknown) => this.ctx.log.error({ err: e }, 'turn: registering with other instances failed'));
    try {
      const openedAt = performance.now();
      let first = true;
      const emit = (text: string) => {
        if (first) {
          first = false;
          metrics.firstToken.observe({ kind: adapter.kind }, (performance.now() - openedAt) / 1000);
        }
        return live.emit(text);
      };
      const think = (text: string) => live.emitThinking(text);
      const step = (s: ToolStep) => live.emitStep(s);
      ({ usage, extra, cost: due } = await adapter.produce(turn, admitted.ref, emit, live.controller.signal, think, step));
    } catch (e) {
      if (e instanceof LlmError) failure = e;
      else {
        this.ctx.log.error({ err: e, kind: adapter.kind }, 'turn: producing the reply failed');
        failure = new LlmError('upstream', (e as Error)?.message ?? String(e));
      }
    }
    await registered;
    const text = live.text();
    const status: ReplyStatus = live.controller.signal.aborted ? 'stopped' : failure ? 'error' : 'complete';
    const problem = status === 'error' ? describeFailure(failure!) : null;
    if (problem) this.ctx.log.warn({ kind: adapter.kind, upstream: failure!.kind, detail: failure!.message, chars: text.length }, 'turn: upstream failed');
    metrics.turnsEnded.inc({ kind: adapter.kind, status });
    const thinkingMs = live.thinkingMs();
    const thought = thinkingMs === null ? {} : { thinking: live.thinking(), thinkingMs };
    const steps = live.toolSteps();
    const tools = steps ? { tools: steps.map(cutStep) } : {};
    const toolCost = live.toolCost();
    // Ended before produce said what it cost (stopped, failed): the tools' share of the hold becomes what the finished calls cost.
    if (due === undefined && price.toolsHeld) due = price.cost - price.toolsHeld + toolCost;
    const outcome: Outcome = { text, ...thought, ...tools, status, errorText: problem?.message ?? null, errorCode: problem?.code ?? null, usage, charged: 0 };

    const settlement: Settlement<R, E> = { adapter, userId: turn.userId, admitted, price, outcome, extra, due, toolCost };
    let closing: E;
    try {
      closing = (await this.settleWithRetries(settlement)) ?? adapter.failure(turn, Code.SERVER_ERROR, INTERRUPTED);
    } catch (e) {
      this.ctx.log.error({ err: e, kind: adapter.kind, turnId: admitted.turnId }, 'turn: saving the reply failed; retried later');
      this.unsettled.push({ retry: () => this.settle(settlement), tries: 0 });
      closing = adapter.failure(turn, Code.SERVER_ERROR, SAVE_FAILED);
    }
    await this.live.remove(live).catch((e) => this.ctx.log.error({ err: e }, 'turn: unregistering failed'));
    for (const reader of [...live.listeners]) {
      await reader.send(closing);
      reader.end();
    }
  }

  /** Holds the cost and begins the turn, in one statement or one transaction; null when the balance cannot pay. */
  private async admit<T extends OwnedTurn, R extends Record<string, unknown>>(
    adapter: TurnAdapter<T, R, { type: string }>,
    turn: T,
    price: TurnPrice,
    startedAt: number,
  ): Promise<Admitted<R> | null> {
    const hold = (ref: Record<string, unknown>) => ({
      userId: turn.userId,
      kind: adapter.kind,
      pool: price.pool,
      cost: price.cost,
      instanceId: this.live.instanceId,
      leaseUntil: this.live.leaseUntil(),
      startedAt: new Date(startedAt),
      ref,
    });
    if (adapter.beginCtes) {
      const held = await admitHold(this.ctx.db, hold({}), adapter.beginCtes(turn, startedAt));
      return held && { turnId: held.id, ref: held.ref as R, startedAt };
    }
    try {
      return await this.ctx.db.transaction(async (txRaw) => {
        const tx = txRaw as unknown as Db;
        const ref = await adapter.begin!(tx, turn, startedAt);
        const held = await admitHold(tx, hold(ref));
        // The balance cannot pay it (with what other turns in flight hold): undo what `begin` wrote.
        if (!held) throw REFUSED;
        return { turnId: held.id, ref, startedAt };
      });
    } catch (e) {
      if (e === REFUSED) return null;
      throw e;
    }
  }

  /** Runs one piece of `adapter`'s work for `userId`: hold, generate, settle (see WorkAdapter and holdWhile). */
  perform<I, T, F>(adapter: WorkAdapter<I, T, F>, userId: number, input: I): Promise<F> {
    return this.holdWhile(userId, adapter.price(input), () => adapter.generate(input), {
      charge: (result) => adapter.charge(input, result),
      finish: (tx, result, charged) => adapter.finish(tx, input, result, charged),
    });
  }

  /**
   * Paid work done within one request, without a stream (a drawing): the price is held first, in
   * the same conditional update as every turn (so concurrent requests of one user each see the
   * others' holds, and a balance that pays for five lets five through), then `work` runs while the
   * hold's lease is renewed, then one transaction charges what `work` delivered (`charge`, at most
   * the price) and runs `finish`. A `work` that throws charges nothing and gives the hold back; an
   * instance that dies meanwhile lets the lease lapse, and any instance gives it back then.
   * Throws the pool's balance error, before any work, when the balance cannot pay.
   */
  async holdWhile<T, F>(
    userId: number,
    price: TurnPrice,
    work: () => Promise<T>,
    settle: { charge(result: T): number; finish(tx: Db, result: T, charged: number): Promise<F> },
  ): Promise<F> {
    const startedAt = this.ctx.clock.now();
    const hold = {
      userId,
      kind: HELD_WORK,
      pool: price.pool,
      cost: price.cost,
      instanceId: this.live.instanceId,
      leaseUntil: this.live.leaseUntil(),
      startedAt: new Date(startedAt),
      ref: { label: price.label },
    };
    let held = await admitHold(this.ctx.db, hold);
    if (!held && (await this.settleLapsed(userId).catch(() => 0)) > 0) held = await admitHold(this.ctx.db, hold);
    if (!held) throw balanceError(price.pool);
    const turnId = held.id;
    const renew = setInterval(
      () =>
        void this.ctx.db
          .execute(sql`update turns set lease_until = ${this.live.leaseUntil().toISOString()}::timestamptz where id = ${turnId} and status = 'running'`)
          .catch((e: unknown) => this.ctx.log.warn({ err: e, turnId }, 'turn: renewing a held work lease failed')),
      Math.max(50, Math.floor(this.live.leaseMs / 3)),
    );
    renew.unref();
    const settlement = (charge: number) => ({
      turnId,
      userId,
      pool: price.pool,
      held: price.cost,
      charge,
      nowMs: startedAt,
      settledAt: new Date(this.ctx.clock.now()),
      note: price.label,
      ref: `turn:${turnId}`,
    });
    const release = () => settleHold(this.ctx.db, settlement(0)).catch((e: unknown) => this.ctx.log.error({ err: e, turnId }, 'turn: releasing a hold failed; it lapses with its lease'));
    try {
      let result: T;
      try {
        result = await work();
      } finally {
        clearInterval(renew);
      }
      return await this.ctx.db.transaction(async (txRaw) => {
        const tx = txRaw as unknown as Db;
        const { flipped, charged } = await settleHold(tx, settlement(Math.min(price.cost, Math.max(0, settle.charge(result)))));
        // Settled already: its lease lapsed while the work ran (the database was away that long) and it was given back.
        if (!flipped) throw new AppError(Code.SERVER_ERROR, '服务繁忙，本次未扣除积分，请稍后再试', 503);
        return settle.finish(tx, result, charged);
      });
    } catch (e) {
      await release();
      throw e;
    }
  }

  private async settleWithRetries<R extends Record<string, unknown>, E extends { type: string }>(s: Settlement<R, E>): Promise<E | null> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.settle(s);
      } catch (e) {
        if (attempt >= SETTLE_TRIES) throw e;
        this.ctx.log.warn({ err: e, attempt }, 'turn: settle failed, retrying');
        await new Promise((r) => setTimeout(r, 100 * 4 ** attempt));
      }
    }
  }

  /**
   * Flips the turn from running exactly once, charges a produced reply (complete, or stopped
   * with text; a failure never), saves it. Null when the turn was settled already. A reasoning
   * model's thinking is produced output: it reached the reader, so a reply stopped while it was
   * still thinking is charged like one stopped with text.
   * The membership that paid at admission still pays: spends are dated at the turn's start.
   */
  private async settle<R extends Record<string, unknown>, E extends { type: string }>({ adapter, userId, admitted, price, outcome, extra, due, toolCost }: Settlement<R, E>): Promise<E | null> {
    const text = storable(outcome.text);
    const thinking = outcome.thinking === undefined ? undefined : storable(outcome.thinking);
    const cost = due === undefined ? price.cost : Math.max(0, Math.min(due, price.cost));
    // Nothing reached the user: only tool calls that succeeded are paid (they were made for this turn).
    const produced = text.length > 0 || !!thinking;
    const amount = outcome.status === 'error' ? 0 : produced ? cost : Math.min(cost, toolCost ?? 0);
    const charge = amount > 0;
    const settlement = {
      turnId: admitted.turnId,
      userId,
      pool: price.pool,
      held: price.cost,
      charge: amount,
      nowMs: admitted.startedAt,
      settledAt: new Date(this.ctx.clock.now()),
      text,
      note: price.label,
      ref: `turn:${admitted.turnId}`,
    };
    const unpaid = (charged: number) => {
      if (charge && !charged) this.ctx.log.warn({ userId, turnId: admitted.turnId }, 'turn: reply produced but the balance could no longer pay');
    };
    if (adapter.finishCtes) {
      const { flipped, charged, finished, result } = await settleHold(this.ctx.db, settlement, (chargedSql) =>
        adapter.finishCtes!(admitted.ref, { ...outcome, text, thinking }, extra, chargedSql),
      );
      if (!flipped) return null;
      unpaid(charged);
      return finished!.closing(result, charged);
    }
    return this.ctx.db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      const { flipped, charged } = await settleHold(tx, settlement);
      if (!flipped) return null;
      unpaid(charged);
      return adapter.finish!(tx, admitted.ref, { ...outcome, text, thinking, charged }, extra);
    });
  }

  /**
   * Settles turns whose instance died (lease lapsed): the reply as last checkpointed is saved
   * as interrupted, and not charged (the failure was ours). Also retries settlements that
   * failed here. Safe on every instance at once: each turn is flipped from running once.
   */
  async reconcile(): Promise<void> {
    if (this.reconciling) return this.reconciling;
    this.reconciling = (async () => {
      for (const pending of this.unsettled.splice(0)) {
        try {
          await pending.retry();
        } catch (e) {
          // Past this, the turn's lease has long lapsed: it is settled as an orphan from its checkpoint.
          if (++pending.tries < MAX_SETTLE_RETRIES) this.unsettled.push(pending);
          this.ctx.log.error({ err: e, tries: pending.tries }, 'turn: settle retry failed');
        }
      }
      try {
        await this.settleLapsed();
      } catch (e) {
        this.ctx.log.error({ err: e }, 'turn: reconciling failed');
      }
    })().finally(() => (this.reconciling = null));
    return this.reconciling;
  }

  /** Settles running turns whose lease lapsed (of one user, or all); returns how many. */
  private async settleLapsed(userId?: number): Promise<number> {
    const result = await this.ctx.db.execute(sql`
      select id, user_id, kind, pool, cost, started_at, text, ref from turns
      where status = 'running' and lease_until < ${new Date(this.ctx.clock.now()).toISOString()}::timestamptz
        ${userId === undefined ? sql`` : sql`and user_id = ${userId}`}
      order by id limit 100`);
    const rows = (result as { rows: TurnRow[] }).rows;
    for (const row of rows) {
      try {
        if (row.kind === HELD_WORK) await this.releaseLapsed(row);
        else await this.settleOrphan(row);
      } catch (e) {
        // Its reply cannot be stored (say, the conversation is gone): let go of the hold at least, so it is not retried forever.
        this.ctx.log.error({ err: e, turnId: row.id }, 'turn: saving an orphaned turn failed; its hold is released');
        await this.releaseLapsed(row);
      }
    }
    return rows.length;
  }

  /** Gives a lapsed turn's hold back, charging nothing. */
  private releaseLapsed(row: TurnRow) {
    const now = this.ctx.clock.now();
    return settleHold(this.ctx.db, { turnId: row.id, userId: row.user_id, pool: row.pool, held: row.cost, charge: 0, nowMs: now, settledAt: new Date(now), note: row.kind, ref: `turn:${row.id}` });
  }

  private async settleOrphan(row: TurnRow) {
    const adapter = this.adapters.get(row.kind);
    if (!adapter) throw new Error(`no adapter for turns of kind ${row.kind}`);
    const startedAt = new Date(row.started_at).getTime();
    // A turn with tools: its calls as last checkpointed (LiveTurns.tick), one in flight saved as cut.
    const { toolSteps, ...ref } = row.ref as Record<string, unknown> & { toolSteps?: ToolStep[] };
    const tools = Array.isArray(toolSteps) && toolSteps.length ? { tools: toolSteps.map(cutStep) } : {};
    const outcome: Outcome = { text: row.text, ...tools, status: 'error', errorText: INTERRUPTED, errorCode: Code.SERVER_ERROR, usage: null, charged: 0 };
    const saved = await this.settle({
      adapter,
      userId: row.user_id,
      admitted: { turnId: row.id, ref, startedAt },
      price: { pool: row.pool, cost: row.cost, label: row.kind },
      outcome,
      extra: undefined,
    });
    if (saved) this.ctx.log.warn({ turnId: row.id, kind: row.kind, chars: row.text.length }, 'turn: settled a turn whose instance died');
  }
}
