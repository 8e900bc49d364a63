import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { ToolStep } from '@app/shared';
import type { Clock } from '../../core/clock.ts';
import type { KvStore } from '../../core/kv.ts';
import type { Db } from '../../db/client.ts';

export type StopReason = 'stop' | 'shutdown';

/** Someone reading a live turn: the client that opened it, one that resumed it, or another instance mirroring it. */
export interface Listener {
  delta(text: string): Promise<void> | undefined;
  send(event: { type: string; [field: string]: unknown }): Promise<void> | undefined;
  ping(): void;
  end(): void;
}

const STOP_CHANNEL = 'turn:stop';
const ATTACH_CHANNEL = 'turn:attach';
const relayChannel = (secret: string) => `turn:relay:${secret}`;
const ownerKey = (secret: string) => `turn:live:${secret}`;
const LIVE_TTL_SECONDS = 3 * 3600;
const PING_EVERY_MS = 15_000;
const SHUTDOWN_WAIT_MS = 10_000;

/** A turn running on this instance: the text so far, who reads it, and the way to stop it. */
export class LiveTurn {
  readonly controller = new AbortController();
  readonly listeners = new Set<Listener>();
  private parts: string[] = [];
  /** How many parts the last checkpoint wrote. */
  private saved = 0;
  /** A reasoning model's thinking, apart from the answer; and when it began and gave way to the answer. */
  private thoughts: string[] = [];
  private thinkingFrom = 0;
  private thinkingTo = 0;
  /** A turn with tools: its calls by id, in the order they started (a finished one replaces its running state). */
  private steps = new Map<string, ToolStep>();
  /** Whether a step changed since the last checkpoint. */
  private stepsChanged = false;

  constructor(
    readonly secret: string,
    readonly userId: number,
    readonly turnId: number,
  ) {}

  /** The hot path: keeps the piece and hands it to every reader; a full socket buffer holds the producer back. */
  emit(text: string): Promise<void> | undefined {
    if (this.thinkingFrom && !this.thinkingTo) this.thinkingTo = Date.now();
    this.parts.push(text);
    let wait: Promise<void> | undefined;
    for (const l of this.listeners) wait = l.delta(text) ?? wait;
    return wait;
  }

  text() {
    return this.parts.join('');
  }

  /** A piece of the model's thinking: kept apart, sent to every reader as a `thinking` event. */
  emitThinking(text: string): Promise<void> | undefined {
    if (!this.thinkingFrom) this.thinkingFrom = Date.now();
    this.thoughts.push(text);
    let wait: Promise<void> | undefined;
    for (const l of this.listeners) wait = l.send({ type: 'thinking', text }) ?? wait;
    return wait;
  }

  thinking() {
    return this.thoughts.join('');
  }

  /** A tool call started or finished: kept (by id), sent to every reader as a `tool` event. */
  emitStep(step: ToolStep): Promise<void> | undefined {
    this.steps.set(step.id, step);
    this.stepsChanged = true;
    let wait: Promise<void> | undefined;
    for (const l of this.listeners) wait = l.send({ type: 'tool', step }) ?? wait;
    return wait;
  }

  /** The calls so far, in order; null when the turn made none. */
  toolSteps(): ToolStep[] | null {
    return this.steps.size ? [...this.steps.values()] : null;
  }

  /** Credits of the calls that finished and succeeded (a failed, refused or unfinished one costs nothing). */
  toolCost(): number {
    let cost = 0;
    for (const s of this.steps.values()) if (s.status === 'ok') cost += s.price ?? 0;
    return cost;
  }

  /** How long it has thought (until the answer began); null when it did not think apart. */
  thinkingMs(): number | null {
    return this.thinkingFrom ? (this.thinkingTo || Date.now()) - this.thinkingFrom : null;
  }

  /** What a reader resuming the turn gets first. */
  resumeEvent() {
    const ms = this.thinkingMs();
    const tools = this.toolSteps();
    return { type: 'resume' as const, text: this.text(), ...(ms === null ? {} : { thinking: this.thinking(), thinkingMs: ms }), ...(tools ? { tools } : {}) };
  }

  /** The calls as they stand when one changed since the last checkpoint (and marks them written); else null. */
  takeUnsavedSteps(): ToolStep[] | null {
    if (!this.stepsChanged) return null;
    this.stepsChanged = false;
    return [...this.steps.values()];
  }

  /** The text produced since the last checkpoint (and marks it written). */
  takeUnsaved(): string {
    if (this.saved === this.parts.length) return '';
    const piece = this.parts.slice(this.saved).join('');
    this.saved = this.parts.length;
    return piece;
  }
}

export interface LiveTurnsOptions {
  /** How long a turn's hold outlives its instance's last sign of life. */
  leaseMs?: number;
  /** How often leases are renewed and partial replies checkpointed. */
  tickMs?: number;
  /** On close: how long running turns may go on to their natural end before they are stopped (0: stopped at once). */
  graceMs?: number;
}

/**
 * Turns running on this instance, and how any instance reaches them: the owner of each live
 * turn is kept in the KvStore; a stop or a resume is published to every instance, and the one
 * holding the turn answers. On a timer it renews the leases of its turns' holds and appends
 * what they produced since to the turn rows (one statement for all), so a crash loses at
 * most one tick of text and its holds lapse.
 */
export class LiveTurns {
  readonly instanceId: string;
  readonly leaseMs: number;
  private readonly tickMs: number;
  private readonly graceMs: number;
  private live = new Map<string, LiveTurn>();
  private running = new Set<Promise<unknown>>();
  private unsubscribe: (() => Promise<void>)[] = [];
  private timers: NodeJS.Timeout[] = [];
  private ticking: Promise<void> | null = null;

  constructor(
    private kv: KvStore,
    private db: Db,
    private clock: Clock,
    private log: FastifyBaseLogger,
    instanceId: string,
    opts: LiveTurnsOptions = {},
  ) {
    this.instanceId = instanceId;
    this.leaseMs = opts.leaseMs ?? 30_000;
    this.tickMs = opts.tickMs ?? 3_000;
    this.graceMs = opts.graceMs ?? 0;
  }

  async start() {
    this.unsubscribe.push(await this.kv.subscribe(STOP_CHANNEL, (secret) => this.abort(secret, 'stop')));
    this.unsubscribe.push(await this.kv.subscribe(ATTACH_CHANNEL, (secret) => this.mirror(secret)));
    const pinger = setInterval(() => {
      for (const t of this.live.values()) for (const l of t.listeners) l.ping();
    }, PING_EVERY_MS);
    const ticker = setInterval(() => void this.tick(), this.tickMs);
    for (const timer of [pinger, ticker]) timer.unref();
    this.timers.push(pinger, ticker);
  }

  get size() {
    return this.live.size;
  }

  leaseUntil() {
    return new Date(this.clock.now() + this.leaseMs);
  }

  get(secret: string) {
    return this.live.get(secret);
  }

  async add(turn: LiveTurn) {
    this.live.set(turn.secret, turn);
    await this.kv.set(ownerKey(turn.secret), String(turn.userId), LIVE_TTL_SECONDS);
  }

  async remove(turn: LiveTurn) {
    this.live.delete(turn.secret);
    await this.kv.del(ownerKey(turn.secret));
  }

  /** Keeps shutdown waiting for `run` (so a stopped reply is saved before the database closes). */
  track<T>(run: Promise<T>): Promise<T> {
    this.running.add(run);
    void run.finally(() => this.running.delete(run)).catch(() => {});
    return run;
  }

  /** Whether a live turn with this secret belongs to `userId`, on any instance. */
  async owns(secret: string, userId: number): Promise<boolean> {
    return (await this.kv.get(ownerKey(secret))) === String(userId);
  }

  /** False when no live turn with this secret belongs to `userId`. */
  async stop(secret: string, userId: number): Promise<boolean> {
    if (!(await this.owns(secret, userId))) return false;
    if (this.live.has(secret)) this.abort(secret, 'stop');
    else await this.kv.publish(STOP_CHANNEL, secret);
    return true;
  }

  /**
   * Re-attaches `reader` to a live turn of `userId`: here directly, on another instance
   * through the KvStore (that instance mirrors the turn's events onto a channel). The reader
   * first gets `{ type: 'resume', text, thinking?, thinkingMs? }`. False when no such turn is live anywhere.
   */
  async resume(secret: string, userId: number, reader: Listener & { onGone(fn: () => void): void }): Promise<boolean> {
    if (!(await this.owns(secret, userId))) return false;
    const here = this.live.get(secret);
    if (here) {
      void reader.send(here.resumeEvent());
      here.listeners.add(reader);
      reader.onGone(() => here.listeners.delete(reader));
      return true;
    }
    return this.resumeRemote(secret, reader);
  }

  private async resumeRemote(secret: string, reader: Listener & { onGone(fn: () => void): void }): Promise<boolean> {
    let answered: (ok: boolean) => void = () => {};
    const first = new Promise<boolean>((r) => (answered = r));
    let unsubscribe: (() => Promise<void>) | null = null;
    const stopListening = () => {
      const u = unsubscribe;
      unsubscribe = null;
      void u?.().catch(() => {});
    };
    unsubscribe = await this.kv.subscribe(relayChannel(secret), (message) => {
      const frame = JSON.parse(message) as { d?: string; t?: string; s?: ToolStep; e?: { type: string }; r?: { type: string } | string };
      if (frame.r !== undefined) {
        answered(true);
        // A string: the text alone, as an instance of an earlier release publishes it.
        void reader.send(typeof frame.r === 'string' ? { type: 'resume', text: frame.r } : frame.r);
      } else if (frame.d !== undefined) void reader.delta(frame.d);
      else if (frame.t !== undefined) void reader.send({ type: 'thinking', text: frame.t });
      else if (frame.s !== undefined) void reader.send({ type: 'tool', step: frame.s });
      else if (frame.e) {
        void reader.send(frame.e);
        reader.end();
        stopListening();
      }
    });
    reader.onGone(stopListening);
    await this.kv.publish(ATTACH_CHANNEL, secret);
    const timeout = setTimeout(() => answered(false), 3_000);
    const ok = await first;
    clearTimeout(timeout);
    if (!ok) stopListening();
    return ok;
  }

  /** Another instance asked for a turn of ours: publish its text so far, then its events. */
  private mirror(secret: string) {
    const turn = this.live.get(secret);
    if (!turn) return;
    const channel = relayChannel(secret);
    const publish = (frame: object) => void this.kv.publish(channel, JSON.stringify(frame)).catch((e) => this.log.warn({ err: e }, 'turn mirror publish failed'));
    let batch = '';
    const flush = () => {
      if (batch) publish({ d: batch });
      batch = '';
    };
    publish({ r: turn.resumeEvent() });
    turn.listeners.add({
      delta(text) {
        if (!batch) process.nextTick(flush);
        batch += text;
        return undefined;
      },
      send(event) {
        flush();
        // Thinking and tool steps go on; any other event closes the turn.
        if (event.type === 'thinking') publish({ t: event.text });
        else if (event.type === 'tool') publish({ s: event.step });
        else publish({ e: event });
        return undefined;
      },
      ping() {},
      end() {},
    });
  }

  private abort(secret: string, reason: StopReason) {
    const t = this.live.get(secret);
    if (t && !t.controller.signal.aborted) t.controller.abort(reason);
  }

  /** Renews the leases of every live turn here and appends what each produced since the last tick. */
  async tick() {
    if (this.ticking) return this.ticking;
    if (!this.live.size) return;
    this.ticking = (async () => {
      // A turn with tools also keeps its calls as they stand (in `ref`, as `toolSteps`), when one changed.
      const rows = [...this.live.values()].map((t) => ({ id: t.turnId, text: t.takeUnsaved(), steps: t.takeUnsavedSteps() ?? undefined }));
      // Postgres text and jsonb cannot hold NUL.
      const json = JSON.stringify(rows, (_k, v: unknown) => (typeof v === 'string' && v.includes('\u0000') ? v.replaceAll('\u0000', '') : v));
      try {
        await this.db.execute(sql`
          update turns t set lease_until = ${this.leaseUntil().toISOString()}::timestamptz, text = t.text || v.text,
            ref = case when v.steps is null then t.ref else t.ref || jsonb_build_object('toolSteps', v.steps) end
          from jsonb_to_recordset(${json}::jsonb) as v(id int, text text, steps jsonb)
          where t.id = v.id and t.status = 'running'`);
      } catch (e) {
        this.log.error({ err: e }, 'renewing turn leases failed');
      }
    })().finally(() => (this.ticking = null));
    return this.ticking;
  }

  /**
   * Lets running turns go on for the grace period (leases renewed, stops still heard), then stops
   * those left (their partial replies are saved), waits for them, unsubscribes.
   */
  async close() {
    if (this.graceMs > 0 && this.running.size) {
      this.log.info({ turns: this.running.size, graceMs: this.graceMs }, 'shutdown: letting open turns finish');
      const grace = new Promise((r) => setTimeout(r, this.graceMs).unref());
      await Promise.race([Promise.allSettled([...this.running]), grace]);
      if (this.live.size) this.log.info({ turns: this.live.size }, 'shutdown: grace period over, stopping the turns left');
    }
    for (const timer of this.timers) clearInterval(timer);
    for (const secret of this.live.keys()) this.abort(secret, 'shutdown');
    const timeout = new Promise((r) => setTimeout(r, SHUTDOWN_WAIT_MS).unref());
    await Promise.race([Promise.allSettled([...this.running]), timeout]);
    for (const u of this.unsubscribe) {
      try {
        await u();
      } catch (e) {
        this.log.warn({ err: e }, 'turn channel unsubscribe failed');
      }
    }
  }
}
