import { DrawProviderError, type MidjourneyProvider, type MjRemoteStatus, type MjRemoteTask, type MjSubmitImagine } from './types.ts';

export interface MidjourneyProxyOptions {
  baseUrl: string;
  secret?: string;
  timeoutMs?: number;
}

interface SubmitReply {
  code?: number;
  description?: string;
  result?: string | number | null;
  properties?: { numberOfQueues?: number; bannedWord?: string; discordInstanceId?: string; status?: string; imageUrl?: string | null; finalPrompt?: string | null } | null;
}

interface RemoteTask {
  id?: string;
  status?: string;
  progress?: string;
  imageUrl?: string | null;
  failReason?: string | null;
  /** trueai-org: always present (maybe empty); novicezk: no such field. */
  buttons?: { customId?: string; label?: string; emoji?: string }[] | null;
  action?: string;
  prompt?: string | null;
  properties?: { finalPrompt?: string | null } | null;
}

const STATUSES: MjRemoteStatus[] = ['NOT_START', 'SUBMITTED', 'IN_PROGRESS', 'SUCCESS', 'FAILURE', 'MODAL', 'CANCEL'];

const QUEUE_FULL = '绘画队列已满，请稍后再试';

/**
 * The submit result codes of both editions, as the user is told them; null: accepted (1 submitted,
 * 22 queued, 21 "follow the task in result": novicezk's repeated U, trueai's task waiting in MODAL).
 * Queue full is 23 (novicezk), 9 with 队列已满 (trueai) or 3 无可用的账号实例 / 账号不可用 (no account
 * free, both); any other 3 is a parent the proxy no longer knows, which trying again cannot mend.
 */
export function submitError(reply: SubmitReply): DrawProviderError | null {
  const description = reply.description ?? '';
  switch (reply.code) {
    case 1:
    case 21:
    case 22:
      return null;
    case 23:
      return new DrawProviderError(QUEUE_FULL, 'busy');
    case 9:
      return /队列已满|queue.*full/i.test(description) ? new DrawProviderError(QUEUE_FULL, 'busy') : new DrawProviderError(`提交失败：${description || '绘画服务暂不可用'}`);
    case 3:
      if (/账号/.test(description)) return new DrawProviderError(QUEUE_FULL, 'busy');
      return new DrawProviderError('原任务在绘画服务中已不存在（可能已重启或过期），无法继续操作', 'invalid');
    case 24:
      return new DrawProviderError(
        reply.properties?.bannedWord ? `描述中包含违禁词「${reply.properties.bannedWord}」，请修改后再试` : '描述中包含违禁词，请修改后再试',
        'policy',
      );
    case 4:
      return new DrawProviderError(`提交的参数有误：${description || '请检查描述'}`, 'invalid');
    default:
      return new DrawProviderError(`提交失败：${description || '绘画服务暂不可用'}`);
  }
}

/**
 * The buttons of an edition without them (novicezk: no `buttons`, no /mj/submit/action): U1–U4,
 * 🔄, V1–V4 as /mj/submit/change takes them, on the results it lets change (imagine, variation,
 * reroll, blend). The customId is ours: `change::UPSCALE::1` (see `changeOf`).
 */
export function changeButtons(action: string | undefined): MjRemoteTask['buttons'] {
  if (!['IMAGINE', 'VARIATION', 'REROLL', 'BLEND'].includes(String(action))) return [];
  return [
    ...[1, 2, 3, 4].map((i) => ({ customId: `change::UPSCALE::${i}`, label: `U${i}` })),
    { customId: 'change::REROLL::0', label: '🔄' },
    ...[1, 2, 3, 4].map((i) => ({ customId: `change::VARIATION::${i}`, label: `V${i}` })),
  ];
}

/** A customId of `changeButtons`, as /mj/submit/change takes it. */
export function changeOf(customId: string): { action: 'UPSCALE' | 'VARIATION' | 'REROLL'; index: number } | null {
  const m = /^change::(UPSCALE|VARIATION|REROLL)::([0-4])$/.exec(customId);
  return m ? { action: m[1] as 'UPSCALE' | 'VARIATION' | 'REROLL', index: Number(m[2]) } : null;
}

/**
 * The prompts of a describe task: the proxy puts Midjourney's answer ("1️⃣ … 2️⃣ … 3️⃣ … 4️⃣ …")
 * in properties.finalPrompt and in prompt; each numbered part is one prompt.
 */
export function describePrompts(text: string | null | undefined): string[] {
  if (!text) return [];
  const numbered = text.split(/\s*[1-4]\uFE0F?\u20E3\s*/u).map((p) => p.trim()).filter(Boolean);
  const parts = numbered.length > 1 ? numbered : text.split(/\n\s*\n/).map((p) => p.trim()).filter(Boolean);
  return parts.slice(0, 4).map((p) => p.replaceAll('\u0000', '').slice(0, 1000));
}

/** What a proxy task says, in our terms. */
export function parseRemoteTask(t: RemoteTask, id: string): MjRemoteTask {
  const status = STATUSES.includes(t.status as MjRemoteStatus) ? (t.status as MjRemoteStatus) : 'SUBMITTED';
  const progress = Math.max(0, Math.min(100, Number.parseInt(String(t.progress ?? '0'), 10) || 0));
  return {
    id: String(t.id ?? id),
    status,
    progress: status === 'SUCCESS' ? 100 : progress,
    imageUrl: typeof t.imageUrl === 'string' && t.imageUrl ? t.imageUrl : null,
    failReason: typeof t.failReason === 'string' && t.failReason ? t.failReason : null,
    buttons: Array.isArray(t.buttons)
      ? t.buttons
          .filter((b) => b && typeof b.customId === 'string' && b.customId.length <= 200)
          .map((b) => ({ customId: b.customId!, label: String(b.label || b.emoji || '').slice(0, 40) }))
      : changeButtons(t.action),
    ...(t.action === 'DESCRIBE' ? { prompts: describePrompts(t.properties?.finalPrompt ?? t.prompt) } : {}),
  };
}

/**
 * midjourney-proxy, both editions, told apart by what they answer rather than by a setting:
 * trueai-org (v11.x) gives each task its `buttons` and takes them on /mj/submit/action (and
 * /mj/submit/modal for a task in MODAL); novicezk (v2.6.x) has no buttons, so its results get
 * U1–U4 / V1–V4 / 🔄 of our own (`changeButtons`), sent to /mj/submit/change.
 */
export class MidjourneyProxy implements MidjourneyProvider {
  readonly name = 'proxy';
  constructor(private o: MidjourneyProxyOptions) {}

  /** The reply's JSON; null for no body (novicezk's unknown task: 200 and nothing; trueai's: 204). */
  private async call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T | null> {
    const headers: Record<string, string> = { 'Content-Type': 'application/json' };
    if (this.o.secret) headers['mj-api-secret'] = this.o.secret;
    let res: Response;
    let text: string;
    try {
      res = await fetch(`${this.o.baseUrl.replace(/\/+$/, '')}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(this.o.timeoutMs ?? 30_000),
      });
      text = await res.text();
    } catch {
      throw new DrawProviderError('专业绘画服务连接失败，请稍后再试');
    }
    if (res.status === 401 || res.status === 403) throw new DrawProviderError('专业绘画服务密钥无效，请联系管理员');
    let json: unknown = null;
    try {
      json = text.trim() ? JSON.parse(text) : null;
    } catch {
      if (res.ok) throw new DrawProviderError('专业绘画服务返回了无效数据');
    }
    if (res.status === 404) {
      if (method === 'GET') return null;
      // trueai's /action and /modal: 404 with code 3 for a parent it no longer knows; a path this edition lacks is as final.
      const reply = json as SubmitReply | null;
      if (reply && typeof reply === 'object' && typeof reply.code === 'number') throw submitError(reply) ?? new DrawProviderError('原任务在绘画服务中已不存在，无法继续操作', 'invalid');
      throw new DrawProviderError('当前绘画服务不支持该操作', 'invalid');
    }
    if (!res.ok) throw new DrawProviderError(`专业绘画服务出错（HTTP ${res.status}）`);
    return json as T | null;
  }

  private async submit(path: string, body: unknown): Promise<string> {
    const reply = await this.call<SubmitReply>('POST', path, body);
    if (!reply || typeof reply !== 'object') throw new DrawProviderError('专业绘画服务返回了无效数据');
    const err = submitError(reply);
    if (err) throw err;
    if (reply.result === undefined || reply.result === null || String(reply.result) === '') throw new DrawProviderError('专业绘画服务没有返回任务号');
    return String(reply.result);
  }

  imagine(req: MjSubmitImagine) {
    return this.submit('/mj/submit/imagine', { prompt: req.prompt, base64Array: req.base64Array, notifyHook: req.notifyHook });
  }

  /**
   * A button of a finished task: ours (`change::…`) through /mj/submit/change {taskId, action,
   * index}, the proxy's through /mj/submit/action {taskId, customId}. An answer naming the parent
   * itself (trueai's bookmark) made nothing new: it is refused rather than followed and paid.
   */
  async action(req: { taskId: string; customId: string; notifyHook?: string }) {
    const change = changeOf(req.customId);
    const id = change
      ? await this.submit('/mj/submit/change', { taskId: req.taskId, action: change.action, ...(change.action === 'REROLL' ? {} : { index: change.index }), notifyHook: req.notifyHook })
      : await this.submit('/mj/submit/action', { taskId: req.taskId, customId: req.customId, notifyHook: req.notifyHook });
    if (id === req.taskId) throw new DrawProviderError('该操作不会生成新图片', 'invalid');
    return id;
  }

  blend(req: { base64Array: string[]; dimensions: 'PORTRAIT' | 'SQUARE' | 'LANDSCAPE'; notifyHook?: string }) {
    return this.submit('/mj/submit/blend', { base64Array: req.base64Array, dimensions: req.dimensions, notifyHook: req.notifyHook });
  }

  describe(req: { base64: string; notifyHook?: string }) {
    return this.submit('/mj/submit/describe', { base64: req.base64, notifyHook: req.notifyHook });
  }

  modal(req: { taskId: string; prompt: string; notifyHook?: string }) {
    return this.submit('/mj/submit/modal', { taskId: req.taskId, prompt: req.prompt, notifyHook: req.notifyHook });
  }

  /** POST /mj/task/list-by-condition {ids}: the tasks it knows, in one call. */
  async list(ids: string[]): Promise<MjRemoteTask[]> {
    if (!ids.length) return [];
    const reply = await this.call<RemoteTask[]>('POST', '/mj/task/list-by-condition', { ids });
    if (!Array.isArray(reply)) throw new DrawProviderError('专业绘画服务返回了无效数据');
    return reply.filter((t) => t && typeof t.id === 'string' && ids.includes(t.id)).map((t) => parseRemoteTask(t, t.id!));
  }

  /** GET /mj/task/{id}/fetch; null when the proxy does not know the task (empty 200, 204 or 404). */
  async fetch(id: string): Promise<MjRemoteTask | null> {
    const t = await this.call<RemoteTask>('GET', `/mj/task/${encodeURIComponent(id)}/fetch`);
    if (t !== null && (typeof t !== 'object' || Array.isArray(t))) throw new DrawProviderError('专业绘画服务返回了无效数据');
    return t ? parseRemoteTask(t, id) : null;
  }
}
