import { DrawProviderError, type MidjourneyProvider, type MjRemoteStatus, type MjRemoteTask, type MjSubmitImagine } from './types.ts';

export interface MidjourneyProxyOptions {
  baseUrl: string;
  secret?: string;
  timeoutMs?: number;
}

interface SubmitReply {
  code?: number;
  description?: string;
  result?: string | number;
  properties?: { numberOfQueues?: number; bannedWord?: string; discordInstanceId?: string };
}

interface RemoteTask {
  id?: string;
  status?: string;
  progress?: string;
  imageUrl?: string | null;
  failReason?: string | null;
  buttons?: { customId?: string; label?: string; emoji?: string }[];
  action?: string;
  prompt?: string | null;
  properties?: { finalPrompt?: string | null } | null;
}

const STATUSES: MjRemoteStatus[] = ['NOT_START', 'SUBMITTED', 'IN_PROGRESS', 'SUCCESS', 'FAILURE', 'MODAL', 'CANCEL'];

/** The submit result codes of midjourney-proxy, as the user is told them. */
export function submitError(reply: SubmitReply): DrawProviderError | null {
  switch (reply.code) {
    case 1:
    case 22: // queued behind others: accepted
      return null;
    case 21:
      return new DrawProviderError('该任务已存在，请勿重复提交', 'invalid');
    case 23:
      return new DrawProviderError('绘画队列已满，请稍后再试', 'busy');
    case 24:
      return new DrawProviderError(
        reply.properties?.bannedWord ? `描述中包含违禁词「${reply.properties.bannedWord}」，请修改后再试` : '描述中包含违禁词，请修改后再试',
        'policy',
      );
    case 4:
      return new DrawProviderError(`提交的参数有误：${reply.description ?? '请检查描述'}`, 'invalid');
    default:
      return new DrawProviderError(`提交失败：${reply.description ?? '绘画服务暂不可用'}`);
  }
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
    buttons: (t.buttons ?? [])
      .filter((b) => typeof b.customId === 'string' && b.customId.length <= 200)
      .map((b) => ({ customId: b.customId!, label: String(b.label || b.emoji || '').slice(0, 20) })),
    ...(t.action === 'DESCRIBE' ? { prompts: describePrompts(t.properties?.finalPrompt ?? t.prompt) } : {}),
  };
}

/** midjourney-proxy (novicezk / trueai-org editions): imagine, action by customId, blend, describe, fetch, list-by-condition. */
export class MidjourneyProxy implements MidjourneyProvider {
  readonly name = 'proxy';
  constructor(private o: MidjourneyProxyOptions) {}

  private async call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    const headers: Record<string, string> = { 'Content-Type': 'application/json' };
    if (this.o.secret) headers['mj-api-secret'] = this.o.secret;
    let res: Response;
    try {
      res = await fetch(`${this.o.baseUrl.replace(/\/+$/, '')}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(this.o.timeoutMs ?? 30_000),
      });
    } catch {
      throw new DrawProviderError('专业绘画服务连接失败，请稍后再试');
    }
    if (res.status === 401 || res.status === 403) throw new DrawProviderError('专业绘画服务密钥无效，请联系管理员');
    if (res.status === 404 && method === 'GET') return null as T;
    if (!res.ok) throw new DrawProviderError(`专业绘画服务出错（HTTP ${res.status}）`);
    try {
      return (await res.json()) as T;
    } catch {
      throw new DrawProviderError('专业绘画服务返回了无效数据');
    }
  }

  private async submit(path: string, body: unknown): Promise<string> {
    const reply = await this.call<SubmitReply>('POST', path, body);
    const err = submitError(reply ?? {});
    if (err) throw err;
    if (reply.result === undefined || reply.result === null || String(reply.result) === '') throw new DrawProviderError('专业绘画服务没有返回任务号');
    return String(reply.result);
  }

  imagine(req: MjSubmitImagine) {
    return this.submit('/mj/submit/imagine', { prompt: req.prompt, base64Array: req.base64Array, notifyHook: req.notifyHook });
  }

  action(req: { taskId: string; customId: string; notifyHook?: string }) {
    return this.submit('/mj/submit/action', { taskId: req.taskId, customId: req.customId, notifyHook: req.notifyHook });
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
    const reply = await this.call<RemoteTask[] | null>('POST', '/mj/task/list-by-condition', { ids });
    if (!Array.isArray(reply)) throw new DrawProviderError('专业绘画服务返回了无效数据');
    return reply.filter((t) => t && typeof t.id === 'string' && ids.includes(t.id)).map((t) => parseRemoteTask(t, t.id!));
  }

  async fetch(id: string): Promise<MjRemoteTask | null> {
    const t = await this.call<RemoteTask | null>('GET', `/mj/task/${encodeURIComponent(id)}/fetch`);
    return t ? parseRemoteTask(t, id) : null;
  }
}
