import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../core/context.ts';
import type { Db } from '../../db/client.ts';
import { forUser } from '../../db/repos/index.ts';
import { jobs, turns } from '../../db/schema/index.ts';
import { balanceError } from '../models/public.ts';
import type { TurnPrice } from './engine.ts';
import { admitHold, settleHold } from './holds.ts';

export type JobStatus = 'running' | 'done' | 'failed' | 'cancelled';
type State = Record<string, unknown>;
export type JobEvent = Record<string, unknown>;

export interface JobHandler<S extends State> {
  /** Unique: 'draw.mj', 'slides.deck', 'thesis.write', … */
  kind: string;
  /** Most steps of this kind running at once on one instance (default 4); the rest wait in the table. */
  concurrency?: number;
  /** A job older than this fails and its hold is released (default 30 min). */
  timeoutMs?: number;
  /** A step that throws is retried this many times (backoff 2 s, 8 s, 32 s…), then the job fails (default 3). */
  retries?: number;
  /** One step. Must be safe to run again after a crash: the state is saved when it returns (or by `run.save`). */
  step(run: JobRun<S>): Promise<JobStep<S>>;
  /** Once, when the job ends (any status), inside the settling transaction: updates the feature's own rows. */
  onEnd?(tx: Db, job: EndedJob<S>): Promise<void>;
  /**
   * What the job has delivered so far, as a charge (never more than held): what a job the runner
   * ends by itself (timed out, a step failing past its retries, or taking its process down) is
   * charged. The rule is the feature's: a job that hands out its work as it goes (a thesis's
   * sections) charges what it handed out, as a stopped chat reply does; a job that delivers one
   * whole (a deck, a picture) shows nothing while it can still be refunded, and omits this (0).
   */
  delivered?(state: S): number;
}

export interface EndedJob<S> {
  id: number;
  userId: number;
  state: S;
  status: JobStatus;
  error: string | null;
  charged: number;
}

export type JobStep<S> =
  | { state: S; next: 'continue' }
  | { state: S; next: 'wait'; delayMs: number }
  /** Charges `charge` (default: the whole hold, never more) and releases the rest. */
  | { state: S; next: 'done'; charge?: number }
  /** Charges `charge` (default 0). */
  | { state: S; next: 'failed'; error: string; charge?: number };

export interface JobRun<S> {
  id: number;
  userId: number;
  kind: string;
  state: S;
  /** How many times this step failed before. */
  attempt: number;
  /** Aborted on cancel or shutdown. */
  signal: AbortSignal;
  /** To everyone watching (any instance); not stored. */
  publish(event: JobEvent): void;
  /** Keeps progress before the step returns. */
  save(state: S): Promise<void>;
}

export interface SubmitJob<S> {
  userId: number;
  kind: string;
  state: S;
  /** Held until the job ends (charged when done, released otherwise); omitted or null: free. */
  price?: TurnPrice | null;
  /** In the submitting transaction, after the hold was taken: writes the feature's own rows; may return a new state. */
  begin?(tx: Db, jobId: number): Promise<S | void>;
}

export interface JobView<S> {
  id: number;
  kind: string;
  status: JobStatus;
  state: S;
  error: string | null;
  charged: number;
  createdAt: string;
  updatedAt: string;
}

export interface JobsOptions {
  /** How often due jobs are looked for (a wake or a submit on this instance looks at once). */
  pollMs?: number;
  /** How long a claim outlives its instance's last sign of life. */
  leaseMs?: number;
}

interface JobRow {
  id: number;
  user_id: number;
  kind: string;
  state: State;
  attempt: number;
  lapses: number;
  hold_id: number | null;
  created_at: string | Date;
}

/** A hold of a job never lapses on its own: the job ends it. */
const HOLD_LEASE = new Date('9999-12-31T00:00:00Z');
const HOLD_INSTANCE = 'job';
const CANCEL_CHANNEL = 'job:cancel';
const WAKE_CHANNEL = 'job:wake';
const channelOf = (id: number) => `job:${id}`;
const REFUSED = new Error('refused: the balance cannot pay');
const TIMED_OUT = '任务超时';
const FAILED = '任务失败';
/** The runner's own ending, saying what became of the hold: all of it back, or the delivered part charged. */
const endedBy = (reason: string, charged: number) => (charged > 0 ? `${reason}，已完成的部分已计费，其余额度已退还` : reason === FAILED ? `${reason}，已退还额度，请稍后重试` : `${reason}，已退还额度`);
/**
 * A step whose process died (its claim lapsed without the step returning) is what the job's input
 * did, as far as anyone can tell: a picture that crashes a decoder kills every instance that
 * claims it. The job fails when it is claimed after this many such lapses in a row.
 */
const MAX_LAPSES = 2;
const LAPSED = '处理该任务时服务两次意外中断，任务已停止';
const iso = (ms: number) => new Date(ms).toISOString();

/**
 * Durable jobs: rows stepped by their handler until they end, claimed by one instance at a
 * time. A claim is a lease renewed while a step runs; an instance that dies lets it lapse and
 * another takes the job over from its last saved state. The credit hold is a turn row that
 * never lapses, settled exactly once in the transaction that ends the job (the `running` →
 * ended flip of the job row is the guard), so a job is charged at most once and never after
 * it failed, was cancelled or timed out.
 */
export class JobRunner {
  private handlers = new Map<string, JobHandler<State>>();
  private active = new Map<number, AbortController>();
  private busy = new Map<string, number>();
  private steps = new Set<Promise<void>>();
  private timer: NodeJS.Timeout | null = null;
  private pumping: Promise<void> | null = null;
  private pumpAgain = false;
  private closed = false;
  private unsubscribe: (() => Promise<void>)[] = [];
  readonly pollMs: number;
  readonly leaseMs: number;

  constructor(
    private ctx: AppContext,
    private instanceId: string,
    opts: JobsOptions = {},
  ) {
    this.pollMs = opts.pollMs ?? 1_000;
    this.leaseMs = opts.leaseMs ?? 30_000;
  }

  register<S extends State>(handler: JobHandler<S>) {
    if (this.handlers.has(handler.kind)) throw new Error(`job kind ${handler.kind} registered twice`);
    this.handlers.set(handler.kind, handler);
  }

  /** Starts polling; a second call while started does nothing. */
  async start() {
    if (this.timer) return;
    this.closed = false;
    this.timer = setInterval(() => this.pump(), this.pollMs);
    this.timer.unref();
    this.unsubscribe.push(await this.ctx.kv.subscribe(CANCEL_CHANNEL, (id) => this.active.get(Number(id))?.abort()));
    this.unsubscribe.push(await this.ctx.kv.subscribe(WAKE_CHANNEL, () => this.pump()));
    this.pump();
  }

  /** Stops stepping: running steps are aborted and their claims given back, so another instance takes them at once. */
  async close() {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    // A claim in flight finishes first: what it took is given back, never launched (see pump).
    await this.pumping;
    for (const c of this.active.values()) c.abort();
    await Promise.allSettled([...this.steps]);
    for (const off of this.unsubscribe.splice(0)) await off().catch(() => {});
  }

  /** Holds the price and saves the job in one transaction; throws the pool's balance error when it cannot pay. */
  async submit<S extends State>(job: SubmitJob<S>): Promise<number> {
    if (!this.handlers.has(job.kind)) throw new Error(`no handler for jobs of kind ${job.kind}`);
    const now = this.ctx.clock.now();
    const price = job.price && job.price.cost > 0 ? job.price : null;
    let id: number;
    try {
      id = await this.ctx.db.transaction(async (txRaw) => {
        const tx = txRaw as unknown as Db;
        let holdId: number | null = null;
        if (price) {
          const held = await admitHold(tx, {
            userId: job.userId,
            kind: `job:${job.kind}`,
            pool: price.pool,
            cost: price.cost,
            instanceId: HOLD_INSTANCE,
            leaseUntil: HOLD_LEASE,
            startedAt: new Date(now),
            ref: { label: price.label },
          });
          if (!held) throw REFUSED;
          holdId = held.id;
        }
        const [row] = await tx
          .insert(jobs)
          .values({ userId: job.userId, kind: job.kind, state: job.state, holdId, runAt: new Date(now), createdAt: new Date(now), updatedAt: new Date(now) })
          .returning({ id: jobs.id });
        const jobId = row!.id;
        if (job.begin) {
          const state = await job.begin(tx, jobId);
          if (state) await tx.update(jobs).set({ state }).where(eq(jobs.id, jobId));
        }
        return jobId;
      });
    } catch (e) {
      if (e === REFUSED) throw balanceError(price!.pool);
      throw e;
    }
    this.pump();
    return id;
  }

  async get<S extends State>(id: number, userId: number): Promise<JobView<S> | null> {
    const row = await forUser(this.ctx.db, userId).jobs.get(id);
    if (!row) return null;
    return {
      id: row.id,
      kind: row.kind,
      status: row.status as JobStatus,
      state: row.state as S,
      error: row.error,
      charged: row.charged,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  }

  /** Runs the job's next step now instead of after its wait (a notify hook arrived, say). */
  async wake(id: number) {
    await this.ctx.db.execute(sql`update jobs set run_at = ${iso(this.ctx.clock.now())}::timestamptz where id = ${id} and status = 'running' and run_at > ${iso(this.ctx.clock.now())}::timestamptz`);
    await this.ctx.kv.publish(WAKE_CHANNEL, String(id));
  }

  /** Cancels a running job of this user: its hold is released. False when there is none. */
  async cancel(id: number, userId: number): Promise<boolean> {
    const row = await forUser(this.ctx.db, userId).jobs.get(id, { where: eq(jobs.status, 'running') });
    if (!row) return false;
    const ended = await this.end(id, 'cancelled', null, 0);
    // The step in flight (here or on another instance) stops; what it returns no longer applies.
    this.active.get(id)?.abort();
    await this.ctx.kv.publish(CANCEL_CHANNEL, String(id)).catch(() => {});
    return ended;
  }

  /** Events published by the job's steps, then a closing `job.end`. */
  watch(id: number, listener: (event: JobEvent) => void): () => void {
    let off: (() => Promise<void>) | null = null;
    let stopped = false;
    void this.ctx.kv
      .subscribe(channelOf(id), (m) => {
        try {
          listener(JSON.parse(m) as JobEvent);
        } catch (e) {
          this.ctx.log.error({ err: e, jobId: id }, 'job: a watcher failed');
        }
      })
      .then((unsubscribe) => {
        if (stopped) void unsubscribe();
        else off = unsubscribe;
      });
    return () => {
      stopped = true;
      void off?.();
    };
  }

  private publish(id: number, event: JobEvent) {
    void this.ctx.kv.publish(channelOf(id), JSON.stringify(event)).catch((e: unknown) => this.ctx.log.warn({ err: e, jobId: id }, 'job: publishing an event failed'));
  }

  /** Claims due jobs for every kind with free slots here and steps them. Coalesces concurrent calls. */
  pump() {
    if (this.closed) return;
    if (this.pumping) {
      this.pumpAgain = true;
      return;
    }
    this.pumping = (async () => {
      do {
        this.pumpAgain = false;
        for (const handler of this.handlers.values()) {
          const free = (handler.concurrency ?? 4) - (this.busy.get(handler.kind) ?? 0);
          if (free <= 0 || this.closed) continue;
          try {
            for (const row of await this.claim(handler.kind, free)) {
              // Closed while the claim ran: a step launched now would outlive close() on a stopping instance.
              if (this.closed) await this.giveBack(row.id);
              else this.launch(handler, row);
            }
          } catch (e) {
            this.ctx.log.error({ err: e, kind: handler.kind }, 'job: claiming failed');
          }
        }
      } while (this.pumpAgain && !this.closed);
    })().finally(() => (this.pumping = null));
  }

  /** Due jobs of a kind nobody holds (or whose holder's lease lapsed), claimed by this instance; skip locked: two instances never take the same one. */
  private async claim(kind: string, limit: number): Promise<JobRow[]> {
    const now = this.ctx.clock.now();
    // A job driven here whose lease lapsed (a step longer than the lease) is not taken a second time by this instance.
    const mine = [...this.active.keys()];
    const notDrivenHere = mine.length ? sql`and not (owner = ${this.instanceId} and id in (${sql.join(mine.map((id) => sql`${id}`), sql`, `)}))` : sql``;
    const result = await this.ctx.db.execute(sql`
      update jobs set owner = ${this.instanceId}, lease_until = ${iso(now + this.leaseMs)}::timestamptz,
        lapses = case when owner is null then lapses else lapses + 1 end
      where id in (
        select id from jobs
        where status = 'running' and kind = ${kind} and run_at <= ${iso(now)}::timestamptz
          and (lease_until is null or lease_until < ${iso(now)}::timestamptz) ${notDrivenHere}
        order by run_at, id limit ${limit}
        for update skip locked)
      returning id, user_id, kind, state, attempt, lapses, hold_id, created_at`);
    return (result as { rows: JobRow[] }).rows;
  }

  private launch(handler: JobHandler<State>, row: JobRow) {
    this.busy.set(handler.kind, (this.busy.get(handler.kind) ?? 0) + 1);
    const controller = new AbortController();
    this.active.set(row.id, controller);
    const done = this.drive(handler, row, controller)
      .catch((e: unknown) => this.ctx.log.error({ err: e, jobId: row.id }, 'job: stepping failed'))
      .finally(() => {
        this.busy.set(handler.kind, (this.busy.get(handler.kind) ?? 1) - 1);
        this.active.delete(row.id);
        this.steps.delete(done);
        this.pump();
      });
    this.steps.add(done);
  }

  /** Steps a claimed job while it says continue; then waits, ends, or gives it back. */
  private async drive(handler: JobHandler<State>, row: JobRow, controller: AbortController) {
    const renew = setInterval(() => void this.renew(row.id), Math.max(50, Math.floor(this.leaseMs / 3)));
    renew.unref();
    try {
      let state = row.state;
      let attempt = row.attempt;
      const timeoutMs = handler.timeoutMs ?? 30 * 60_000;
      const delivered = () => handler.delivered?.(state) ?? 0;
      if (row.lapses >= MAX_LAPSES) {
        this.ctx.log.error({ jobId: row.id, kind: row.kind, lapses: row.lapses }, 'job: its step took its process down again; failed');
        const charge = delivered();
        await this.end(row.id, 'failed', endedBy(LAPSED, charge), charge);
        return;
      }
      for (;;) {
        if (this.ctx.clock.now() - new Date(row.created_at).getTime() > timeoutMs) {
          const charge = delivered();
          await this.end(row.id, 'failed', endedBy(TIMED_OUT, charge), charge);
          return;
        }
        if (controller.signal.aborted) return this.giveBack(row.id);
        let step: JobStep<State>;
        try {
          step = await handler.step({
            id: row.id,
            userId: row.user_id,
            kind: row.kind,
            state,
            attempt,
            signal: controller.signal,
            publish: (event) => this.publish(row.id, event),
            save: async (s) => {
              state = s;
              await this.saveState(row.id, s);
            },
          });
        } catch (e) {
          if (controller.signal.aborted) return this.giveBack(row.id);
          attempt += 1;
          this.ctx.log.warn({ err: e, jobId: row.id, kind: row.kind, attempt }, 'job: a step failed');
          if (attempt > (handler.retries ?? 3)) {
            const charge = delivered();
            await this.end(row.id, 'failed', endedBy(FAILED, charge), charge);
            return;
          }
          await this.reschedule(row.id, state, attempt, 2_000 * 4 ** (attempt - 1));
          return;
        }
        if (controller.signal.aborted) return this.giveBack(row.id);
        state = step.state;
        if (step.next === 'done' || step.next === 'failed') {
          await this.end(row.id, step.next, step.next === 'failed' ? step.error : null, step.charge ?? (step.next === 'done' ? null : 0), state);
          return;
        }
        if (step.next === 'wait') {
          await this.reschedule(row.id, state, 0, Math.max(0, step.delayMs));
          return;
        }
        attempt = 0;
        if (!(await this.saveState(row.id, state, true))) return;
      }
    } finally {
      clearInterval(renew);
    }
  }

  private async renew(id: number) {
    await this.ctx.db
      .execute(sql`update jobs set lease_until = ${iso(this.ctx.clock.now() + this.leaseMs)}::timestamptz where id = ${id} and owner = ${this.instanceId} and status = 'running'`)
      .catch((e: unknown) => this.ctx.log.warn({ err: e, jobId: id }, 'job: renewing a claim failed'));
  }

  /** Saves the state while this instance still holds the job; false when it no longer does (cancelled, or taken over). */
  private async saveState(id: number, state: State, resetAttempt = false): Promise<boolean> {
    const now = this.ctx.clock.now();
    const result = await this.ctx.db.execute(sql`
      update jobs set state = ${JSON.stringify(state)}::jsonb, updated_at = ${iso(now)}::timestamptz,
        attempt = case when ${resetAttempt} then 0 else attempt end, lapses = 0, lease_until = ${iso(now + this.leaseMs)}::timestamptz
      where id = ${id} and owner = ${this.instanceId} and status = 'running' returning id`);
    return (result as { rows: unknown[] }).rows.length > 0;
  }

  private async reschedule(id: number, state: State, attempt: number, delayMs: number) {
    const now = this.ctx.clock.now();
    await this.ctx.db.execute(sql`
      update jobs set state = ${JSON.stringify(state)}::jsonb, attempt = ${attempt}, lapses = 0, run_at = ${iso(now + delayMs)}::timestamptz,
        owner = null, lease_until = null, updated_at = ${iso(now)}::timestamptz
      where id = ${id} and owner = ${this.instanceId} and status = 'running'`);
  }

  private async giveBack(id: number) {
    await this.ctx.db
      .execute(sql`update jobs set owner = null, lease_until = null where id = ${id} and owner = ${this.instanceId} and status = 'running'`)
      .catch((e: unknown) => this.ctx.log.warn({ err: e, jobId: id }, 'job: giving a claim back failed'));
  }

  /**
   * Ends a running job exactly once: flips its row, settles its hold (charges `charge` —
   * null: the whole hold — never more than held; releases the rest), runs the handler's
   * `onEnd`, all in one transaction; then tells the watchers. False when it had ended already.
   */
  private async end(id: number, status: Exclude<JobStatus, 'running'>, error: string | null, charge: number | null, state?: State): Promise<boolean> {
    const now = this.ctx.clock.now();
    const ended = await this.ctx.db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      const [job] = await tx
        .update(jobs)
        .set({ status, error, endedAt: new Date(now), updatedAt: new Date(now), owner: null, leaseUntil: null, ...(state ? { state } : {}) })
        .where(and(eq(jobs.id, id), eq(jobs.status, 'running')))
        .returning();
      if (!job) return null;
      let charged = 0;
      if (job.holdId !== null) {
        const [hold] = await tx.select().from(turns).where(eq(turns.id, job.holdId));
        if (hold) {
          ({ charged } = await settleHold(tx, {
            turnId: hold.id,
            userId: job.userId,
            pool: hold.pool as TurnPrice['pool'],
            held: hold.cost,
            charge: Math.floor(charge ?? hold.cost),
            nowMs: hold.startedAt.getTime(),
            settledAt: new Date(now),
            note: String(hold.ref.label ?? job.kind),
            ref: `job:${job.id}`,
          }));
          if (charged) await tx.update(jobs).set({ charged }).where(eq(jobs.id, job.id));
          else if (charge !== 0 && status === 'done') this.ctx.log.warn({ jobId: id }, 'job: done but the balance could no longer pay');
        }
      }
      await this.handlers.get(job.kind)?.onEnd?.(tx, { id: job.id, userId: job.userId, state: job.state, status, error, charged });
      return { charged };
    });
    if (!ended) return false;
    this.publish(id, { type: 'job.end', status, error, charged: ended.charged });
    return true;
  }
}
