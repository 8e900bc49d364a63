import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { childEntryArgs } from '../../core/child-entry.ts';
import type { drawGrid, drawPicture, drawThumbnail, PaintOptions } from './painter.ts';

/** What the canvas process does (painter.ts), by name. */
interface CanvasOps {
  paint: typeof drawPicture;
  grid: typeof drawGrid;
  thumbnail: typeof drawThumbnail;
}
type Op = keyof CanvasOps;
export interface CanvasRequest {
  id: number;
  op: Op;
  args: unknown;
}
type CanvasReply = { id: number; ok: true; value: unknown } | { id: number; ok: false; message: string };

/** Canvas work that did not come back: the picture did not decode ('failed'), the process died on it ('crashed') or took too long. */
export class CanvasError extends Error {
  constructor(
    readonly kind: 'failed' | 'crashed' | 'timeout',
    message: string,
  ) {
    super(message);
  }
}

/** The canvas process's heap (V8) and all of its memory (RLIMIT_DATA, where prlimit exists): a 40-megapixel picture needs 160 MB. */
const HEAP_MB = 256;
const DATA_LIMIT_BYTES = 1536 * 1024 * 1024;
const PRLIMIT = '/usr/bin/prlimit';
/** One piece of work may take this long before its process is killed. */
const WORK_TIMEOUT_MS = 60_000;
/** An idle process goes after this long (its ~80 MB are given back); the next piece starts another. */
const IDLE_MS = 60_000;

interface Queued {
  op: Op;
  args: unknown;
  resolve(v: unknown): void;
  reject(e: unknown): void;
}

const toBuffer = (v: unknown): unknown => (v instanceof Uint8Array && !Buffer.isBuffer(v) ? Buffer.from(v.buffer, v.byteOffset, v.byteLength) : v);

/**
 * The server's side of the canvas process (canvas-process.ts): work is sent one piece at a time (so a
 * crash fails only the piece that caused it; @napi-rs/canvas also crashed when pieces ran at once), the
 * process is started on demand with a memory ceiling, started again after it dies, and let go when idle.
 */
class CanvasProcess {
  private child: ChildProcess | null = null;
  private queue: Queued[] = [];
  private current: (Queued & { id: number; timer: NodeJS.Timeout; child: ChildProcess }) | null = null;
  private nextId = 0;
  private idle: NodeJS.Timeout | null = null;
  private entry: string[] | null = null;
  /** Processes started so far (for tests: a crash starts another). */
  started = 0;

  run<K extends Op>(op: K, args: Parameters<CanvasOps[K]>[0]): ReturnType<CanvasOps[K]> {
    return new Promise((resolve, reject) => {
      this.queue.push({ op, args, resolve, reject });
      this.next();
    }) as ReturnType<CanvasOps[K]>;
  }

  private next(): void {
    if (this.current || !this.queue.length) return;
    if (this.idle) clearTimeout(this.idle);
    this.idle = null;
    const job = this.queue.shift()!;
    let child: ChildProcess;
    try {
      child = this.child ?? this.start();
    } catch (e) {
      job.reject(e);
      return this.next();
    }
    const id = ++this.nextId;
    const timer = setTimeout(() => {
      this.stop(child, 'SIGKILL');
      this.fail(new CanvasError('timeout', '图片处理超时'));
    }, WORK_TIMEOUT_MS);
    this.current = { ...job, id, timer, child };
    child.channel?.ref();
    child.send({ id, op: job.op, args: job.args } satisfies CanvasRequest, (e) => {
      if (e && this.current?.id === id) {
        this.stop(child, 'SIGKILL');
        this.fail(new CanvasError('crashed', `图片处理进程不可用：${e.message}`));
      }
    });
  }

  private start(): ChildProcess {
    const node = [`--max-old-space-size=${HEAP_MB}`, ...(this.entry ??= childEntryArgs(import.meta.url, 'canvas-process'))];
    const [cmd, args] = existsSync(PRLIMIT) ? [PRLIMIT, [`--data=${DATA_LIMIT_BYTES}`, '--', process.execPath, ...node]] : [process.execPath, node];
    const child = spawn(cmd, args, { stdio: ['ignore', 'ignore', 'pipe', 'ipc'], serialization: 'advanced' });
    this.started++;
    let stderr = '';
    child.stderr?.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-2000)));
    child.on('message', (m: CanvasReply) => {
      const job = this.current;
      if (!job || job.id !== m.id) return;
      this.settle();
      if (m.ok) {
        const v = m.value;
        job.resolve(v && typeof v === 'object' && !(v instanceof Uint8Array) ? { ...v, bytes: toBuffer((v as { bytes?: unknown }).bytes) } : toBuffer(v));
      } else job.reject(new CanvasError('failed', m.message));
      this.next();
    });
    child.on('error', (e) => {
      if (this.child === child) this.child = null;
      if (this.current?.child === child) this.fail(new CanvasError('crashed', `图片处理进程无法启动：${e.message}`));
    });
    child.on('exit', (code, signal) => {
      if (this.child === child) this.child = null;
      if (this.current?.child === child) this.fail(new CanvasError('crashed', `图片处理进程异常退出（${signal ?? code}）${stderr ? `：${stderr.trim().split('\n').pop()}` : ''}`));
    });
    child.unref();
    (child.stderr as { unref?: () => void } | null)?.unref?.();
    this.child = child;
    return child;
  }

  private settle() {
    if (!this.current) return;
    clearTimeout(this.current.timer);
    this.current = null;
    this.child?.channel?.unref();
    if (!this.queue.length && this.child) {
      const child = this.child;
      this.idle = setTimeout(() => this.stop(child), IDLE_MS);
      this.idle.unref();
    }
  }

  /** Lets a process go: the next piece starts another. */
  private stop(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM') {
    if (this.child === child) this.child = null;
    child.kill(signal);
  }

  /** The piece in flight fails (its process died or timed out); the rest go to a new process. */
  private fail(e: CanvasError) {
    const job = this.current;
    if (!job) return;
    this.settle();
    job.reject(e);
    this.next();
  }

  /** For tests: the live process's id. */
  get pid() {
    return this.child?.pid ?? null;
  }
}

const canvasProcess = new CanvasProcess();

/** Runs one piece of canvas work in the canvas process; rejects with CanvasError when it cannot. */
export function canvasWork<K extends Op>(op: K, args: Parameters<CanvasOps[K]>[0]): ReturnType<CanvasOps[K]> {
  return canvasProcess.run(op, args);
}

/** For tests. */
export const canvasProcessInfo = () => ({ pid: canvasProcess.pid, started: canvasProcess.started });

/** One offline picture as a PNG. */
export const paint = (o: PaintOptions) => canvasWork('paint', o);
/** Four offline pictures in a 2×2 grid (Midjourney's first result), as one PNG. */
export const paintGrid = (o: Omit<PaintOptions, 'caption'>) => canvasWork('grid', o);
