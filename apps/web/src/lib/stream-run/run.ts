import { Code, isBalanceCode, isPptQuotaCode } from '@app/shared/codes';
import { createCoalescer } from '../coalescer.ts';
import { requestEventStream, type StreamEnd } from '../event-stream.ts';
import { handleReplyCode, toastError } from '../http.ts';
import { dropRecord, saveRecord, type ResumeRecord } from './record.ts';

/**
 * One engine for a streamed paid turn in the browser (chat reply, document answer, and every
 * later streamed feature): prepare -> stream (deltas coalesced per animation frame) -> settle,
 * stop with a grace, resume after a reload, SPEC §8 for the codes a turn ends with. At most one
 * run per feature kind at a time.
 */

/** How long a stop waits for the server's closing event (with the saved ids) before cutting the connection. */
export const STOP_GRACE_MS = 1500;

/** How long the resume record of a cut stream outlives it (see finish). */
const CUT_RECORD_DELAY_MS = 1000;

/** How long a cut stream waits before it re-attaches by its secret (once). */
export const RECONNECT_DELAY_MS = 800;

/** GET: re-attach to a live turn by its secret (first event `resume` with the text so far). */
export const RESUME_URL = '/api/turns/resume';

export type RunState = 'preparing' | 'streaming' | 'stopping' | 'done' | 'error';

/** The events every turn stream speaks; a feature's `done` / `error` carry its own ids besides. */
export type TurnEvent =
  | { type: 'delta'; text: string }
  /** A reasoning model's thinking (the feature shows it apart from the text, through onEvent). */
  | { type: 'thinking'; text: string }
  /** A call of a turn with tools, started or finished (the feature shows it through onEvent). */
  | { type: 'tool'; step: unknown }
  | { type: 'resume'; text: string }
  | { type: 'done' }
  | { type: 'error'; code: number; message: string };

type Closing<E> = Extract<E, { type: 'done' | 'error' }>;
type DoneOf<E> = Extract<E, { type: 'done' }>;
type ErrorOf<E> = Extract<E, { type: 'error' }>;

export interface StreamTarget {
  url: string;
  method: 'GET' | 'POST';
  body?: object;
}

/** How a run ended. */
export type RunOutcome<E extends TurnEvent> =
  /** The closing `done` (its status says whether the server stopped it). */
  | { kind: 'done'; event: DoneOf<E>; text: string }
  /** A closing `error` event, or a reply that was not a stream (`event` null then). */
  | { kind: 'error'; code: number; message: string; event: ErrorOf<E> | null; text: string }
  /** Stopped (or aborted) and the connection closed without a closing event. */
  | { kind: 'stopped'; text: string }
  /** The connection ended (network, server gone) without a closing event, nobody stopped it, and re-attaching failed. */
  | { kind: 'cut'; text: string }
  /** The prepare call failed (its refusal was already shown by the http client). */
  | { kind: 'refused'; error: unknown }
  /** Stopped while preparing: the stream was never opened. */
  | { kind: 'cancelled' }
  /** Resume: the turn is no longer live (its reply is in the history). */
  | { kind: 'gone' };

interface Common<E extends TurnEvent> {
  /** One run per kind at a time; also the kind of the resume record. */
  kind: string;
  /** The feature's stop call (e.g. POST /api/chat/stop { secret }). */
  stop(secret: string): Promise<unknown>;
  /** The text so far, at most once per animation frame (and once more at the end). */
  onText?(text: string): void;
  onState?(state: RunState): void;
  /** Every event as it arrives (a feature's extra event types too). */
  onEvent?(e: E): void;
  /** A stream cut without a closing event re-attaches once by its secret (default true). */
  reconnect?: boolean;
  /**
   * A closing error that opens no dialog is toasted (features without an inline error place).
   * Default false: the feature shows `outcome.message` itself.
   */
  toastErrors?: boolean;
}

export interface TurnSpec<E extends TurnEvent, P extends { secret: string }> extends Common<E> {
  /** The prepare call: validates, holds the price, and returns the turn's secret. */
  prepare(): Promise<P>;
  /** Runs once prepare answered, before the stream opens (e.g. a new group gets its uuid). */
  onPrepared?(prepared: P): void;
  /** The stream call for the prepared turn (GET or POST, the feature decides). */
  stream(prepared: P): StreamTarget;
  /** What a reload needs to show this turn again (kept in sessionStorage while it streams). */
  context?(prepared: P): object;
}

export type ResumeSpec<E extends TurnEvent> = Common<E>;

export interface StreamRun<E extends TurnEvent = TurnEvent> {
  readonly kind: string;
  /** Known once prepare answered (at once for a resumed run). */
  readonly secret: string | null;
  readonly state: RunState;
  /** The text so far. */
  readonly text: string;
  /** True for a run re-attached after a reload. */
  readonly resumed: boolean;
  /** Tells the server (which saves the partial reply and closes the stream) and cuts the connection after STOP_GRACE_MS. */
  stop(): Promise<RunOutcome<E>>;
  /** Leaving the screen: tells the server and cuts the connection now. */
  abort(): void;
  readonly settled: Promise<RunOutcome<E>>;
}

const runs = new Map<string, StreamRun<TurnEvent>>();

/** The run of `kind` in flight, if any. */
export const currentRun = <E extends TurnEvent = TurnEvent>(kind: string) => (runs.get(kind) as StreamRun<E> | undefined) ?? null;

/** Stops the run of `kind` (with the grace) and resolves when it settled; nothing to do when none. */
export async function stopRun(kind: string): Promise<void> {
  await currentRun(kind)?.stop();
}

/** Cuts the run of `kind` now after telling the server (leaving the screen, logging out). */
export function abortRun(kind: string) {
  currentRun(kind)?.abort();
}

// A reload or a closed tab cuts every stream; the server keeps the turn running (and saves it),
// so the resume record must survive: nothing that happens while the page goes away removes it.
let unloading = false;
if (typeof window !== 'undefined') {
  window.addEventListener('pagehide', () => (unloading = true));
  window.addEventListener('pageshow', () => (unloading = false));
}
/** For tests: pretend the page is (not) going away. */
export const setUnloading = (v: boolean) => (unloading = v);

/** Starts a turn: prepare, then its stream. Throws when a run of the same kind is in flight. */
export function startRun<E extends TurnEvent, P extends { secret: string }>(spec: TurnSpec<E, P>): StreamRun<E> {
  return launch<E, P>(spec, null);
}

/**
 * Re-attaches to the turn of a resume record (GET /api/turns/resume?secret=): the first event
 * carries the text so far, then the usual deltas and one closing event. A turn no longer live
 * ends as `gone`. The record stays until the run settles.
 */
export function resumeRun<E extends TurnEvent>(spec: ResumeSpec<E>, record: ResumeRecord<unknown>): StreamRun<E> {
  return launch<E, { secret: string }>(spec, record);
}

function launch<E extends TurnEvent, P extends { secret: string }>(spec: Common<E> & Partial<TurnSpec<E, P>>, record: ResumeRecord<unknown> | null): StreamRun<E> {
  if (runs.has(spec.kind)) throw new Error(`a ${spec.kind} turn is already running`);
  const abort = new AbortController();
  let secret: string | null = record?.secret ?? null;
  let state: RunState = record ? 'streaming' : 'preparing';
  let text = '';
  let stopRequested = false;
  let graceTimer: ReturnType<typeof setTimeout> | null = null;
  let settle!: (o: RunOutcome<E>) => void;
  const settled = new Promise<RunOutcome<E>>((r) => (settle = r));

  const setState = (s: RunState) => {
    if (state === s) return;
    state = s;
    spec.onState?.(s);
  };

  const run: StreamRun<E> = {
    kind: spec.kind,
    get secret() {
      return secret;
    },
    get state() {
      return state;
    },
    get text() {
      return text;
    },
    resumed: record !== null,
    stop() {
      if (!stopRequested && state !== 'done' && state !== 'error') {
        stopRequested = true;
        setState('stopping');
        if (secret) spec.stop(secret).catch(() => abort.abort());
        else abort.abort();
        graceTimer = setTimeout(() => abort.abort(), STOP_GRACE_MS);
      }
      return settled;
    },
    abort() {
      if (state === 'done' || state === 'error') return;
      if (!stopRequested) {
        stopRequested = true;
        setState('stopping');
        if (secret) spec.stop(secret).catch(() => {});
      }
      abort.abort();
    },
    settled,
  };
  runs.set(spec.kind, run);

  const finish = (outcome: RunOutcome<E>) => {
    if (graceTimer) clearTimeout(graceTimer);
    // Keep the record while the page goes away (the reload resumes it); otherwise the turn is over here.
    // A cut connection may be the page going away before 'pagehide' was seen: its record goes a
    // moment later, on a timer that never fires in a page that is gone.
    const owned = secret;
    if (owned && outcome.kind === 'cut') setTimeout(() => !unloading && dropRecord(spec.kind, owned), CUT_RECORD_DELAY_MS);
    else if (owned && !unloading) dropRecord(spec.kind, owned);
    if (runs.get(spec.kind) === (run as unknown)) runs.delete(spec.kind);
    const failed = outcome.kind === 'error' || outcome.kind === 'cut' || outcome.kind === 'refused';
    setState(failed ? 'error' : 'done');
    settle(outcome);
  };

  void (async () => {
    let target: StreamTarget;
    if (record) {
      target = resumeTarget(record.secret);
    } else {
      let prepared: P;
      try {
        prepared = await spec.prepare!();
      } catch (error) {
        return finish({ kind: 'refused', error });
      }
      secret = prepared.secret;
      if (abort.signal.aborted) return finish({ kind: 'cancelled' });
      spec.onPrepared?.(prepared);
      target = spec.stream!(prepared);
      saveRecord({ secret, kind: spec.kind, context: spec.context?.(prepared) ?? {}, startedAt: Date.now() });
      if (!stopRequested) setState('streaming');
    }

    /** One connection: its closing event, or how it ended. */
    const read = async (to: StreamTarget) => {
      const coalescer = createCoalescer((piece) => {
        text += piece;
        spec.onText?.(text);
      });
      let closing: Closing<E> | null = null;
      let end: StreamEnd | 'aborted' | 'network';
      try {
        end = await requestEventStream<E>(to.url, { method: to.method, body: to.body, signal: abort.signal }, (e) => {
          if (e.type === 'delta') coalescer.push((e as { text: string }).text);
          else if (e.type === 'resume') {
            // The whole text so far replaces whatever was shown.
            coalescer.dispose();
            text = (e as { text: string }).text;
            spec.onText?.(text);
          } else if (e.type === 'done' || e.type === 'error') closing ??= e as Closing<E>;
          spec.onEvent?.(e);
        });
      } catch {
        end = abort.signal.aborted ? 'aborted' : 'network';
      }
      coalescer.flush();
      coalescer.dispose();
      return { closing: closing as Closing<E> | null, end };
    };

    let reconnected = false;
    for (;;) {
      const { closing, end } = await read(target);
      if (closing?.type === 'done') return finish({ kind: 'done', event: closing as DoneOf<E>, text });
      if (closing?.type === 'error') {
        const e = closing as ErrorOf<E>;
        // SPEC §8: 403000 drops the session and asks to log in, 408xxx opens the purchase dialog, 508xxx the ppt dialog.
        handleReplyCode({ code: e.code, message: e.message, success: true, data: null }, target.url.split('?')[0]!, true);
        if (spec.toastErrors && !opensDialog(e.code) && e.message) toastError(e.message);
        return finish({ kind: 'error', code: e.code, message: e.message, event: e, text });
      }
      if (typeof end === 'object' && end.kind === 'failed') {
        // A reply that was not a stream: lib/event-stream already applied SPEC §8 to it.
        // After a cut, the turn ended meanwhile (its reply is in the history): still a cut here.
        if (reconnected) return finish({ kind: 'cut', text });
        if (record && end.code === Code.NOT_FOUND) return finish({ kind: 'gone' });
        if (spec.toastErrors && !opensDialog(end.code) && end.code !== 401) toastError(end.message);
        return finish({ kind: 'error', code: end.code, message: end.message, event: null, text });
      }
      if (end === 'aborted' || stopRequested) return finish({ kind: 'stopped', text });
      // Cut without a closing event: the server keeps the turn running, so re-attach once by its secret.
      if (!reconnected && secret && !unloading && spec.reconnect !== false) {
        reconnected = true;
        await pause(RECONNECT_DELAY_MS, abort.signal);
        if (abort.signal.aborted || stopRequested) return finish({ kind: 'stopped', text });
        if (!unloading) {
          target = resumeTarget(secret);
          continue;
        }
      }
      return finish({ kind: 'cut', text });
    }
  })();

  return run;
}

const resumeTarget = (secret: string): StreamTarget => ({ url: `${RESUME_URL}?${new URLSearchParams({ secret })}`, method: 'GET' });

const pause = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const id = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(id), resolve()), { once: true });
  });

const opensDialog = (code: number) => code === Code.TOKEN_INVALID || isBalanceCode(code) || isPptQuotaCode(code);
