import { timingSafeEqual } from 'node:crypto';
import { desc, eq, inArray } from 'drizzle-orm';
import { Code, type MjActionBody, type MjBlendBody, type MjDescribeBody, type MjListReply, type MjStatus, type MjSubmitBody, type MjTaskView } from '@app/shared';
import type { FastifyReply } from 'fastify';
import type { AuthUser } from '../../core/auth.ts';
import { AppError, notFound } from '../../core/errors.ts';
import { forUser } from '../../db/repos/index.ts';
import { drawImages, drawTasks } from '../../db/schema/index.ts';
import { streamJob, type Jobs } from '../turns/public.ts';
import { COSTS, field, imageView, type DrawKit, type ImageRow } from './kit.ts';
import { mjButtonOf } from './mj-buttons.ts';
import { MJ_JOB, MjJobs, type MjState } from './mj-jobs.ts';

/** Unfinished Midjourney tasks one user may have at once. */
const USER_OPEN_TASKS = 4;

type TaskRow = typeof drawTasks.$inferSelect;

/** Midjourney tasks as the user sees them: submitted (imagine, blend, describe, a button), followed, listed; the proxy's notify hook. */
export class MjTasks {
  private runner: MjJobs;

  constructor(
    private kit: DrawKit,
    private jobs: Jobs,
  ) {
    this.runner = new MjJobs(kit, jobs);
  }

  private get ctx() {
    return this.kit.ctx;
  }

  /** The user's tasks: db/repos binds every query to them. */
  private mine(userId: number) {
    return forUser(this.ctx.db, userId).drawTasks;
  }


  private taskView(t: TaskRow, image: ImageRow | null): MjTaskView {
    return {
      id: t.id,
      action: t.action,
      prompts: t.status === 'success' ? t.prompts : [],
      prompt: t.prompt,
      status: t.status as MjStatus,
      progress: t.progress,
      error: t.error,
      image: image ? imageView(image) : null,
      // Rows stored before the allow-list may still hold a button we no longer offer.
      buttons: t.status === 'success' ? t.buttons.filter((b) => mjButtonOf(b.custom_id)) : [],
      cost: t.cost,
      charged: t.charged,
      offline: t.provider === 'offline',
      created_at: t.createdAt.toISOString(),
    };
  }

  private async viewOf(t: TaskRow): Promise<MjTaskView> {
    const image = t.imageId ? ((await this.ctx.db.select().from(drawImages).where(eq(drawImages.id, t.imageId)).limit(1))[0] ?? null) : null;
    return this.taskView(t, image);
  }

  /** At most USER_OPEN_TASKS unfinished tasks per user (the job's hold makes sure each is paid for). */
  private async admitTask(userId: number) {
    const open = await this.mine(userId).count(inArray(drawTasks.status, ['queued', 'running']));
    if (open >= USER_OPEN_TASKS) throw new AppError(Code.RATE_LIMITED, `最多同时进行 ${USER_OPEN_TASKS} 个专业绘画任务，请等待完成`, 429);
  }

  async submit(user: AuthUser, body: MjSubmitBody): Promise<MjTaskView> {
    this.kit.moderate(body.prompt);
    this.kit.checkReferences('images', body.images);
    await this.kit.limitDraws(user.id);
    await this.admitTask(user.id);
    return this.createTask(user.id, { action: 'imagine', prompt: body.prompt, input: { images: body.images }, cost: COSTS.mj, parentId: null });
  }

  /** 混图: 2–5 pictures blended into one grid; charged like imagine, through the same job and hold. */
  async blend(user: AuthUser, body: MjBlendBody): Promise<MjTaskView> {
    this.kit.checkReferences('images', body.images);
    await this.kit.limitDraws(user.id);
    await this.admitTask(user.id);
    const label = { PORTRAIT: '竖图', SQUARE: '方图', LANDSCAPE: '横图' }[body.dimensions];
    return this.createTask(user.id, {
      action: 'blend',
      prompt: `混图：${body.images.length} 张图片（${label}）`,
      input: { images: body.images, dimensions: body.dimensions },
      cost: COSTS.mj_blend,
      parentId: null,
    });
  }

  /** 识图: one picture read into four prompts (no image is made); its own cost. */
  async describe(user: AuthUser, body: MjDescribeBody): Promise<MjTaskView> {
    this.kit.checkReferences('image', [body.image]);
    await this.kit.limitDraws(user.id);
    await this.admitTask(user.id);
    return this.createTask(user.id, { action: 'describe', prompt: '识图：从图片生成提示词', input: { image: body.image }, cost: this.kit.costs.mj_describe, parentId: null });
  }

  async action(user: AuthUser, body: MjActionBody): Promise<MjTaskView> {
    const parent = await this.mine(user.id).get(body.task_id);
    if (!parent) throw notFound('任务不存在');
    if (parent.status !== 'success' || !parent.remoteId) throw field('task_id', '任务尚未完成，不能操作');
    const button = parent.buttons.find((b) => b.custom_id === body.custom_id);
    if (!button) throw field('custom_id', '该任务没有这个按钮');
    const spec = mjButtonOf(body.custom_id);
    if (!spec) throw field('custom_id', '暂不支持该操作');
    const action = spec.kind;
    const cost = COSTS[spec.cost];
    await this.kit.limitDraws(user.id);
    await this.admitTask(user.id);
    return this.createTask(user.id, {
      action,
      prompt: parent.prompt,
      input: { parentRemoteId: parent.remoteId, customId: body.custom_id, label: button.label },
      cost,
      parentId: parent.id,
    });
  }

  /** The task row and its job in one transaction, after the job took the hold (an empty pool refuses with 408003). */
  private async createTask(userId: number, t: { action: string; prompt: string; input: Record<string, unknown>; cost: number; parentId: number | null }) {
    const now = new Date(this.ctx.clock.now());
    let taskId = 0;
    await this.jobs.submit<MjState>({
      userId,
      kind: MJ_JOB,
      state: { taskId: 0 },
      price: { pool: 'draw', cost: t.cost, label: '专业绘画' },
      begin: async (tx, jobId) => {
        const [row] = await tx
          .insert(drawTasks)
          .values({ userId, provider: this.kit.mj.name, action: t.action, prompt: t.prompt, input: t.input, parentId: t.parentId, cost: t.cost, status: 'queued', jobId, createdAt: now, updatedAt: now })
          .returning({ id: drawTasks.id });
        taskId = row!.id;
        return { taskId };
      },
    });
    const [row] = await this.ctx.db.select().from(drawTasks).where(eq(drawTasks.id, taskId));
    return this.viewOf(row!);
  }

  async task(user: AuthUser, id: number): Promise<MjTaskView> {
    const row = await this.mine(user.id).get(id);
    if (!row) throw notFound('任务不存在');
    return this.viewOf(row);
  }

  /** The task's progress pushed to the page (SSE): its view, then each progress event, then the job's end. */
  async stream(user: AuthUser, id: number, reply: FastifyReply) {
    const row = await this.mine(user.id).get(id);
    if (!row || !row.jobId) throw notFound('任务不存在');
    await streamJob(this.jobs, reply, row.jobId, user.id, async () => {
      const [now] = await this.ctx.db.select().from(drawTasks).where(eq(drawTasks.id, id));
      return { task: await this.viewOf(now!) };
    }, (err) => this.ctx.log.warn({ err, task: id }, 'draw: task stream failed'));
  }

  async list(user: AuthUser, q: { page: number; size: number }): Promise<MjListReply> {
    const mine = this.mine(user.id);
    const [rows, total] = await Promise.all([mine.list({ orderBy: [desc(drawTasks.id)], limit: q.size, offset: (q.page - 1) * q.size }), mine.count()]);
    const ids = rows.map((r) => r.imageId).filter((x): x is number => !!x);
    const images = ids.length ? await this.ctx.db.select().from(drawImages).where(inArray(drawImages.id, ids)) : [];
    const byId = new Map(images.map((i) => [i.id, i]));
    return { list: rows.map((r) => this.taskView(r, r.imageId ? (byId.get(r.imageId) ?? null) : null)), meta: { page: q.page, size: q.size, total } };
  }

  /** The notify hook: a valid signature wakes the task's job (the task is fetched from the proxy, never taken from the body); repeats are harmless. */
  async notify(query: { task?: string; sig?: string }): Promise<boolean> {
    const id = Number(query.task);
    if (!Number.isSafeInteger(id) || id <= 0 || id > 2_147_483_647 || !query.sig) return false;
    const want = Buffer.from(this.runner.sign(id));
    const got = Buffer.from(query.sig);
    if (want.length !== got.length || !timingSafeEqual(want, got)) return false;
    const [row] = await this.ctx.db.select({ jobId: drawTasks.jobId }).from(drawTasks).where(eq(drawTasks.id, id)).limit(1);
    if (row?.jobId) await this.jobs.wake(row.jobId);
    return true;
  }
}
