import { createHmac } from 'node:crypto';
import { and, count, eq, inArray, ne } from 'drizzle-orm';
import type { MjDimensions } from '@app/shared';
import type { Db } from '../../db/client.ts';
import { forUser } from '../../db/repos/index.ts';
import { drawImages, drawTasks } from '../../db/schema/index.ts';
import { CanvasError } from '../../providers/image/canvas.ts';
import { downloadImage } from '../../providers/image/files.ts';
import { DrawProviderError, type MjRemoteTask } from '../../providers/image/types.ts';
import type { EndedJob, JobRun, Jobs, JobStep } from '../turns/public.ts';
import type { DrawKit, StoredImage } from './kit.ts';
import { mjButtonOf } from './mj-buttons.ts';

/** The durable job that submits, follows and settles one Midjourney task. */
export const MJ_JOB = 'draw.mj';

/** How long a batch of task polls waits for others before one list-by-condition call (ms). */
const FETCH_BATCH_MS = 30;

/** A Midjourney job's state: its task, and once stored, the image and the grid's buttons. */
export interface MjState extends Record<string, unknown> {
  taskId: number;
  stored?: StoredImage;
  buttons?: { custom_id: string; label: string }[];
  /** describe: the prompts, once read. */
  prompts?: string[];
  /** A Custom Zoom's prompt was given to the proxy's modal (once). */
  modal?: boolean;
  /** The proxy handed back a picture one of the user's own tasks already delivered (novicezk's repeated U): free. */
  again?: boolean;
}

/** Midjourney tasks as jobs of the engine (kind draw.mj): each step talks to the proxy; the end writes the image and the task's outcome. */
export class MjJobs {
  constructor(
    private kit: DrawKit,
    jobs: Jobs,
  ) {
    jobs.register<MjState>({
      kind: MJ_JOB,
      concurrency: 8,
      timeoutMs: kit.ctx.config.env.DRAW_TASK_TIMEOUT_MS,
      retries: 5,
      step: (run) => this.step(run),
      onEnd: (tx, job) => this.onEnd(tx, job),
    });
  }

  private get ctx() {
    return this.kit.ctx;
  }

  private get mj() {
    return this.kit.mj;
  }

  private notifyHook(taskId: number) {
    if (this.mj.name === 'offline') return undefined;
    return `${this.ctx.config.publicUrl.replace(/\/+$/, '')}/midjourney/notify?task=${taskId}&sig=${this.sign(taskId)}`;
  }

  sign(taskId: number) {
    const secret = this.ctx.config.env.MJ_API_SECRET ?? this.ctx.config.env.UPLOAD_SIGNING_SECRET ?? 'mj-notify';
    return createHmac('sha256', `mj-notify:${secret}`).update(String(taskId)).digest('hex').slice(0, 32);
  }

  private async setTask(id: number, values: Partial<typeof drawTasks.$inferInsert>) {
    await this.ctx.db
      .update(drawTasks)
      .set({ ...values, updatedAt: new Date(this.ctx.clock.now()) })
      .where(and(eq(drawTasks.id, id), inArray(drawTasks.status, ['queued', 'running'])));
  }

  /**
   * One step of a Midjourney job: hand the task to the proxy when fewer than MJ_CONCURRENCY are
   * there (else wait in the table), then follow it (a poll per step; the notify hook wakes the
   * job at once), then store its image and end `done` (the hold is charged, the image row is
   * written in the same transaction by onEnd). Safe to run again: a stored image is in the state.
   */
  private async step(run: JobRun<MjState>): Promise<JobStep<MjState>> {
    const s = run.state;
    const [task] = await this.ctx.db.select().from(drawTasks).where(eq(drawTasks.id, s.taskId));
    if (!task) return { state: s, next: 'failed', error: '任务不存在' };
    if (s.stored || s.prompts) return { state: s, next: 'done', charge: s.again ? 0 : task.cost };
    const poll = this.mj.name === 'offline' ? 1000 : 3000;
    if (!task.remoteId) {
      const [busy] = await this.ctx.db
        .select({ n: count() })
        .from(drawTasks)
        .where(and(eq(drawTasks.status, 'running'), eq(drawTasks.provider, this.mj.name)));
      if (Number(busy?.n ?? 0) >= this.ctx.config.env.MJ_CONCURRENCY) return { state: s, next: 'wait', delayMs: 2000 };
      const input = task.input as { images?: string[]; image?: string; dimensions?: MjDimensions; parentRemoteId?: string; customId?: string };
      const notifyHook = this.notifyHook(task.id);
      let remoteId: string;
      try {
        remoteId = input.parentRemoteId
          ? await this.mj.action({ taskId: input.parentRemoteId, customId: input.customId!, notifyHook })
          : task.action === 'blend'
            ? await this.mj.blend({ base64Array: input.images ?? [], dimensions: input.dimensions ?? 'SQUARE', notifyHook })
            : task.action === 'describe'
              ? await this.mj.describe({ base64: input.image ?? '', notifyHook })
              : await this.mj.imagine({ prompt: task.prompt, base64Array: input.images ?? [], notifyHook });
      } catch (e) {
        if (e instanceof DrawProviderError && e.kind !== 'upstream') return { state: s, next: 'failed', error: e.message };
        throw e;
      }
      // The offline blend draws its pictures into the result, so it keeps them until the end (onEnd clears them).
      const keep = this.mj.name === 'offline' && task.action === 'blend';
      await this.setTask(task.id, { status: 'running', remoteId, progress: 0, input: keep ? { images: input.images } : {} });
      run.publish({ type: 'progress', status: 'running', progress: 0 });
      return { state: s, next: 'wait', delayMs: poll };
    }
    const remote = await this.fetchRemote(task.remoteId);
    // novicezk keeps tasks in memory: after its restart it answers an empty 200 (trueai: 204). Waiting cannot bring it back.
    if (!remote) return { state: s, next: 'failed', error: '绘画服务找不到该任务（可能已重启或过期），未扣除积分' };
    if (remote.status === 'FAILURE' || remote.status === 'CANCEL') {
      return { state: s, next: 'failed', error: remote.failReason ? `绘画失败：${remote.failReason.slice(0, 200)}，未扣除积分` : '绘画失败，未扣除积分' };
    }
    if (remote.status === 'MODAL') {
      // trueai answered code 21 and the task waits for a prompt: Custom Zoom gets the task's prompt
      // with --zoom 2; a variation, pan or reroll in remix mode gets the prompt as it was. Once.
      const remix = task.action === 'variation' || task.action === 'pan' || task.action === 'reroll';
      if ((task.action !== 'zoom' && !remix) || s.modal || !this.mj.modal) return { state: s, next: 'failed', error: '该操作需要在 Midjourney 中补充输入，暂不支持，未扣除积分' };
      const base = task.prompt.replace(/\s--zoom\s+[\d.]+/g, '');
      let next: string;
      try {
        next = await this.mj.modal({ taskId: task.remoteId, prompt: remix ? task.prompt : `${base} --zoom 2`, notifyHook: this.notifyHook(task.id) });
      } catch (e) {
        if (e instanceof DrawProviderError && e.kind !== 'upstream') return { state: s, next: 'failed', error: e.message };
        throw e;
      }
      if (next !== task.remoteId) await this.setTask(task.id, { remoteId: next });
      return { state: { ...s, modal: true }, next: 'wait', delayMs: poll };
    }
    if (remote.status !== 'SUCCESS') {
      if (remote.progress !== task.progress) {
        await this.setTask(task.id, { progress: remote.progress });
        run.publish({ type: 'progress', status: 'running', progress: remote.progress });
      }
      return { state: s, next: 'wait', delayMs: poll };
    }
    if (task.action === 'describe') {
      const prompts = (remote.prompts ?? []).filter(Boolean).slice(0, 4);
      if (!prompts.length) return { state: s, next: 'failed', error: '未能从图片中读出提示词，未扣除积分' };
      return { state: { ...s, prompts }, next: 'done', charge: task.cost };
    }
    let stored: StoredImage;
    try {
      const refs = ((task.input as { images?: string[] }).images ?? []).map((u) => Buffer.from(u.slice(u.indexOf(',') + 1), 'base64'));
      const bytes = this.mj.render
        ? await this.mj.render(task.remoteId, refs.length ? refs : undefined)
        : remote.imageUrl
          ? await downloadImage(remote.imageUrl, 60_000, run.signal, this.kit.imageHosts)
          : null;
      if (!bytes) return { state: s, next: 'failed', error: '绘画服务没有返回图片，未扣除积分' };
      stored = await this.kit.storeImage(task.userId, { bytes });
    } catch (e) {
      if (e instanceof DrawProviderError && e.kind !== 'upstream') return { state: s, next: 'failed', error: `${e.message}，未扣除积分` };
      // The offline painter lays a blend's pictures into the result: one it cannot decode fails the task, not the server.
      if (e instanceof CanvasError && e.kind !== 'timeout') return { state: s, next: 'failed', error: '图片无法解码，未扣除积分' };
      throw e;
    }
    const buttons = remote.buttons.filter((b) => mjButtonOf(b.customId)).map((b) => ({ custom_id: b.customId, label: b.label }));
    // novicezk answers a repeated U with code 21 and the upscale it already made: this user has it, so it is not paid twice.
    const [again] = await this.ctx.db
      .select({ id: drawTasks.id })
      .from(drawTasks)
      .where(forUser(this.ctx.db, task.userId).drawTasks.scope(eq(drawTasks.remoteId, task.remoteId), eq(drawTasks.status, 'success'), ne(drawTasks.id, task.id)))
      .limit(1);
    return { state: { ...s, stored, buttons, ...(again ? { again: true } : {}) }, next: 'done', charge: again ? 0 : task.cost };
  }

  /** In the job's settling transaction: the image row and the task's end, with what was charged. */
  private async onEnd(tx: Db, job: EndedJob<MjState>) {
    const now = new Date(this.ctx.clock.now());
    const [task] = await tx.select().from(drawTasks).where(eq(drawTasks.id, job.state.taskId));
    if (!task) return;
    if (job.status === 'done' && job.state.prompts) {
      await tx
        .update(drawTasks)
        .set({ status: 'success', progress: 100, prompts: job.state.prompts, charged: job.charged, input: {}, updatedAt: now })
        .where(eq(drawTasks.id, task.id));
      return;
    }
    if (job.status === 'done' && job.state.stored) {
      const [image] = await tx
        .insert(drawImages)
        .values({ ...job.state.stored, userId: task.userId, kind: 'mj', type: 'general', prompt: task.prompt, offline: task.provider === 'offline', createdAt: now })
        .returning({ id: drawImages.id });
      await tx
        .update(drawTasks)
        .set({ status: 'success', progress: 100, imageId: image!.id, buttons: job.state.buttons ?? [], charged: job.charged, input: {}, updatedAt: now })
        .where(eq(drawTasks.id, task.id));
      return;
    }
    const error = job.status === 'cancelled' ? '任务已取消，未扣除积分' : (job.error ?? '绘画失败，未扣除积分');
    await tx.update(drawTasks).set({ status: 'failed', error, charged: job.charged, input: {}, updatedAt: now }).where(eq(drawTasks.id, task.id));
  }

  private pending: Map<string, { resolve(t: MjRemoteTask | null): void; reject(e: unknown): void }[]> | null = null;

  /**
   * A task's state at the proxy. Polls that arrive within FETCH_BATCH_MS of each other (many
   * tasks resumed at once after a restart, or many in flight) go as one list-by-condition call;
   * a single one, a provider without it, or a task the list left out is fetched by itself.
   */
  private fetchRemote(id: string): Promise<MjRemoteTask | null> {
    if (!this.mj.list) return this.mj.fetch(id);
    return new Promise((resolve, reject) => {
      if (!this.pending) {
        const batch = new Map<string, { resolve(t: MjRemoteTask | null): void; reject(e: unknown): void }[]>();
        this.pending = batch;
        setTimeout(() => {
          this.pending = null;
          void this.flush(batch);
        }, FETCH_BATCH_MS);
      }
      const waiting = this.pending.get(id) ?? [];
      waiting.push({ resolve, reject });
      this.pending.set(id, waiting);
    });
  }

  private async flush(batch: Map<string, { resolve(t: MjRemoteTask | null): void; reject(e: unknown): void }[]>) {
    const ids = [...batch.keys()];
    let found = new Map<string, MjRemoteTask>();
    if (ids.length > 1) {
      try {
        found = new Map((await this.mj.list!(ids)).map((t) => [t.id, t]));
      } catch (e) {
        this.ctx.log.warn({ err: e, tasks: ids.length }, 'draw: list-by-condition failed, fetching one by one');
      }
    }
    await Promise.all(
      ids.map(async (id) => {
        const waiting = batch.get(id)!;
        try {
          const t = found.get(id) ?? (await this.mj.fetch(id));
          for (const w of waiting) w.resolve(t);
        } catch (e) {
          for (const w of waiting) w.reject(e);
        }
      }),
    );
  }
}
