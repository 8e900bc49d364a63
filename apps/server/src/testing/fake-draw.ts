import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { paint } from '../providers/image/canvas.ts';

async function readJson(req: IncomingMessage): Promise<any> {
  const parts: Buffer[] = [];
  for await (const c of req) parts.push(c as Buffer);
  try {
    return JSON.parse(Buffer.concat(parts).toString('utf8'));
  } catch {
    return {};
  }
}

const send = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(body));
};

async function listen(handler: (req: IncomingMessage, res: ServerResponse) => Promise<void>) {
  const server = createServer((req, res) => void handler(req, res).catch(() => send(res, 500, { error: 'fake crashed' })));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { server, base, close: () => new Promise<void>((r) => server.close(() => r())) };
}

let pngCache: Buffer | null = null;
/** A small real PNG (made once). */
export async function samplePng(): Promise<Buffer> {
  return (pngCache ??= await paint({ prompt: 'fake provider image', type: 'general', width: 96, height: 64, seed: 'fake' }));
}

/**
 * A local OpenAI images API (`POST /v1/images/generations`). Markers in the prompt: [[policy]] a
 * 400 content_policy_violation · [[url]] answers URLs (served by this server) · [[notimage]]
 * bytes that are no image · [[500]] a server error · [[empty]] no data.
 */
export async function startFakeImages(opts: { key?: string } = {}) {
  const requests: any[] = [];
  const s = await listen(async (req, res) => {
    if (req.method === 'GET' && req.url?.startsWith('/img/')) {
      res.writeHead(200, { 'Content-Type': 'image/png' });
      return void res.end(await samplePng());
    }
    if (req.method !== 'POST' || (req.url !== '/v1/images/generations' && req.url !== '/v1/images/edits')) return send(res, 404, { error: { message: 'not found' } });
    if (opts.key && req.headers.authorization !== `Bearer ${opts.key}`) return send(res, 401, { error: { message: 'bad key', code: 'invalid_api_key' } });
    let body: any;
    if (req.url === '/v1/images/edits') {
      // multipart/form-data: the fields, and each image[] as { type, name, bytes }.
      const parts: Buffer[] = [];
      for await (const c of req) parts.push(c as Buffer);
      const form = await new Request('http://fake/', { method: 'POST', headers: { 'content-type': String(req.headers['content-type']) }, body: Buffer.concat(parts) }).formData();
      if (!form.getAll('image[]').length) return send(res, 400, { error: { message: 'image[] is required', code: 'invalid_request_error' } });
      body = { path: '/images/edits', images: [] as { type: string; name: string; bytes: Buffer }[] };
      for (const [k, v] of form.entries()) {
        if (typeof v === 'string') body[k] = k === 'n' ? Number(v) : v;
        else body.images.push({ type: v.type, name: v.name, bytes: Buffer.from(await v.arrayBuffer()) });
      }
    } else body = await readJson(req);
    requests.push(body);
    // What the images API reference says dall-e-2 takes: square 256/512/1024 sizes, no style, quality standard only.
    if (body.model === 'dall-e-2') {
      if (body.style !== undefined) return send(res, 400, { error: { type: 'invalid_request_error', param: 'style', message: "The 'style' parameter is only supported for dall-e-3." } });
      if (body.quality !== undefined && body.quality !== 'standard') return send(res, 400, { error: { type: 'invalid_request_error', param: 'quality', message: `Invalid value: '${body.quality}'.` } });
      if (body.size !== undefined && !['256x256', '512x512', '1024x1024'].includes(body.size)) return send(res, 400, { error: { type: 'invalid_request_error', param: 'size', message: `Invalid value: '${body.size}'.` } });
    }
    const prompt = String(body.prompt ?? '');
    if (prompt.includes('[[policy]]')) return send(res, 400, { error: { code: 'content_policy_violation', message: 'Your request was rejected by the safety system.' } });
    if (prompt.includes('[[500]]')) return send(res, 500, { error: { message: 'boom' } });
    if (prompt.includes('[[empty]]')) return send(res, 200, { created: 1, data: [] });
    const n = Number(body.n ?? 1);
    const png = await samplePng();
    const data = Array.from({ length: n }, (_, i) =>
      prompt.includes('[[url]]')
        ? { url: `${s.base}/img/${i}.png` }
        : { b64_json: (prompt.includes('[[notimage]]') ? Buffer.from('<html>not an image</html>') : png).toString('base64'), revised_prompt: prompt },
    );
    send(res, 200, { created: 1, data });
  });
  return { url: `${s.base}/v1`, requests, close: s.close };
}

/** What the fake's describe reads from any picture. */
export const DESCRIBED = [
  'a red fox in a snowy forest, soft morning light --ar 1:1',
  'watercolor painting of a fox, muted palette --ar 1:1',
  'a fox curled up asleep, studio photo, shallow depth of field --ar 1:1',
  'minimalist vector illustration of a fox, flat colors --ar 1:1',
];

export interface FakeMjTask {
  id: string;
  action: string;
  prompt: string;
  status: string;
  progress: string;
  imageUrl: string | null;
  failReason: string | null;
  /** trueai only: novicezk's Task has no such field. */
  buttons?: { customId: string; emoji: string; label: string; type: number; style: number }[];
  notifyHook?: string;
  promptEn?: string;
  /** novicezk: what its repeated-U check compares ("/up <taskId> U1"). */
  description?: string;
  parentId?: string;
  properties?: Record<string, unknown>;
}

export type MjEdition = 'trueai' | 'novicezk';

/**
 * A local midjourney-proxy of either edition, answering as that release's source does:
 *
 * - `trueai`: trueai-org/midjourney-proxy v11.10.3 (SubmitController, TaskService.SubmitAction,
 *   DiscordService.RedisEnqueue, TaskController). Tasks carry `buttons`; /mj/submit/action takes a
 *   customId (a parent it does not know: HTTP 404 with code 3; a customId it cannot class: code 4
 *   未知的 Action 类型, which is what the bookmark gets); Custom Zoom and Vary Region, and
 *   variation / pan / reroll when `remix` is on, answer code 21 "Waiting for window confirm" with
 *   a new task in status MODAL that /mj/submit/modal {taskId, prompt} sends on; queue full is code 9
 *   提交失败，队列已满，请稍后重试; an unknown task's fetch is 204. A wrong secret: 403 未登录.
 * - `novicezk`: novicezk/midjourney-proxy v2.6.0 (SubmitController, TaskServiceImpl,
 *   DiscordInstanceImpl, TaskController). No `buttons`, no /mj/submit/action or /modal (Spring's
 *   404); U/V/reroll through /mj/submit/change {taskId, action, index}; a repeated U answers code 21
 *   with the existing task's id and properties.status/imageUrl (v2.6.1 dropped this check); an
 *   unknown parent is code 3 关联任务不存在或已失效 (HTTP 200); queue full is code 23; no account free
 *   is code 3 无可用的账号实例; an unknown task's fetch is HTTP 200 with an empty body (Spring's
 *   null). A wrong secret: 401, no body.
 *
 * Both: the `mj-api-secret` header, imagine / blend / describe, fetch, list-by-condition. Prompt
 * markers: [[banned]] a banned word (novicezk: code 24 naming it; trueai: accepted, then failed) · [[full]] queue full. `busy` and
 * `noAccount` make every submit answer queue full / no account. Tasks move only when the test says
 * so (progress, succeed, failTask), `restart()` forgets them all (novicezk's default in-memory
 * store), and notify() posts a task to its notifyHook as the proxy does.
 */
export async function startFakeMj(opts: { secret?: string; edition?: MjEdition; remix?: boolean } = {}) {
  const edition = opts.edition ?? 'trueai';
  const trueai = edition === 'trueai';
  const tasks = new Map<string, FakeMjTask>();
  const fetches = new Map<string, number>();
  const submits: any[] = [];
  /** The ids of each list-by-condition call. */
  const lists: string[][] = [];
  const state = { busy: false, noAccount: false, remix: opts.remix ?? false };
  let seq = 1000;
  const reply = (code: number, description: string, result: string | null = null, properties: Record<string, unknown> = {}) => ({ code, description, result, properties });
  const queueFull = () => (trueai ? reply(9, '提交失败，队列已满，请稍后重试') : reply(23, '队列已满，请稍后尝试'));
  const view = (t: FakeMjTask) => {
    const { notifyHook: _hook, buttons, ...rest } = t;
    return trueai ? { ...rest, buttons: buttons ?? [] } : rest;
  };
  const newTask = (t: Partial<FakeMjTask> & { action: string }, body: any): FakeMjTask => {
    const id = String(seq++);
    const task: FakeMjTask = { id, prompt: '', status: 'SUBMITTED', progress: '0%', imageUrl: null, failReason: null, notifyHook: body.notifyHook, properties: {}, ...t };
    tasks.set(id, task);
    return task;
  };
  const accepted = (t: FakeMjTask) => reply(1, '提交成功', t.id, { discordInstanceId: 'fake-instance' });
  const s = await listen(async (req, res) => {
    if (req.method === 'GET' && req.url?.startsWith('/img/')) {
      res.writeHead(200, { 'Content-Type': 'image/png' });
      return void res.end(await samplePng());
    }
    if (opts.secret && req.headers['mj-api-secret'] !== opts.secret) {
      if (trueai) {
        res.writeHead(403, { 'Content-Type': 'text/plain; charset=utf-8' });
        return void res.end('未登录');
      }
      res.writeHead(401);
      return void res.end();
    }
    const fetchMatch = /^\/mj\/task\/([^/]+)\/fetch$/.exec(req.url ?? '');
    if (req.method === 'GET' && fetchMatch) {
      const id = decodeURIComponent(fetchMatch[1]!);
      fetches.set(id, (fetches.get(id) ?? 0) + 1);
      const t = tasks.get(id);
      if (!t) {
        // trueai: ASP.NET's null is 204; novicezk: Spring's null is a 200 with no body.
        res.writeHead(trueai ? 204 : 200);
        return void res.end();
      }
      return send(res, 200, view(t));
    }
    if (req.method === 'POST' && req.url === '/mj/task/list-by-condition') {
      const body = await readJson(req);
      lists.push(Array.isArray(body.ids) ? body.ids.map(String) : []);
      const found = (Array.isArray(body.ids) ? body.ids : []).map((id: unknown) => tasks.get(String(id))).filter(Boolean) as FakeMjTask[];
      return send(res, 200, found.map(view));
    }
    if (req.method !== 'POST' || !req.url?.startsWith('/mj/submit/')) return send(res, 404, { code: 404, description: 'not found' });
    const path = req.url;
    if (!trueai && (path === '/mj/submit/action' || path === '/mj/submit/modal')) {
      return send(res, 404, { timestamp: new Date().toISOString(), status: 404, error: 'Not Found', path: `/mj${path.slice(3)}` });
    }
    const body = await readJson(req);
    submits.push({ path, body });
    const noAccount = () => (state.noAccount ? reply(3, '无可用的账号实例') : null);

    if (path === '/mj/submit/blend' || path === '/mj/submit/describe') {
      const blend = path.endsWith('blend');
      const images: unknown[] = blend ? (Array.isArray(body.base64Array) ? body.base64Array : []) : [body.base64];
      if (blend && (images.length < 2 || images.length > 5)) return send(res, 200, reply(4, trueai ? '图片参数错误，2~5张图片' : 'base64List参数错误'));
      if (blend && !['PORTRAIT', 'SQUARE', 'LANDSCAPE'].includes(body.dimensions)) return send(res, 200, reply(4, 'dimensions参数错误'));
      if (!images.every((b) => typeof b === 'string' && /^data:image\/(png|jpeg|webp);base64,/.test(b))) return send(res, 200, reply(4, 'base64格式错误'));
      const refused = noAccount() ?? (state.busy ? queueFull() : null);
      if (refused) return send(res, 200, refused);
      return send(res, 200, accepted(newTask({ action: blend ? 'BLEND' : 'DESCRIBE' }, body)));
    }
    if (path === '/mj/submit/imagine') {
      const prompt = String(body.prompt ?? '').trim();
      if (!prompt) return send(res, 200, reply(4, 'prompt不能为空'));
      // novicezk refuses a banned word at once (24); trueai takes the task and its queue fails it (DiscordService.CheckBanned).
      if (prompt.includes('[[banned]]') && !trueai) return send(res, 200, reply(24, '可能包含敏感词', null, { promptEn: prompt, bannedWord: 'nsfw' }));
      if (prompt.includes('[[banned]]')) return send(res, 200, accepted(newTask({ action: 'IMAGINE', prompt, status: 'FAILURE', progress: '', failReason: '可能包含敏感词' }, body)));
      const refused = noAccount() ?? (state.busy || prompt.includes('[[full]]') ? queueFull() : null);
      if (refused) return send(res, 200, refused);
      return send(res, 200, accepted(newTask({ action: 'IMAGINE', prompt, promptEn: prompt, properties: { finalPrompt: prompt } }, body)));
    }
    if (path === '/mj/submit/change') {
      // novicezk v2.6.0 SubmitController.change, in its order.
      const action = String(body.action ?? '');
      const taskId = String(body.taskId ?? '');
      if (!taskId) return send(res, 200, reply(4, 'taskId不能为空'));
      if (!['UPSCALE', 'VARIATION', 'REROLL'].includes(action)) return send(res, 200, reply(4, 'action参数错误'));
      const description = `/up ${taskId} ${action === 'REROLL' ? 'R' : `${action[0]}${body.index}`}`;
      if (action === 'UPSCALE') {
        const existing = [...tasks.values()].find((t) => t.description === description);
        if (existing) return send(res, 200, reply(21, '任务已存在', existing.id, { status: existing.status, imageUrl: existing.imageUrl }));
      }
      const parent = tasks.get(taskId);
      if (!parent) return send(res, 200, reply(3, '关联任务不存在或已失效'));
      if (parent.status !== 'SUCCESS') return send(res, 200, reply(4, '关联任务状态错误'));
      if (!['IMAGINE', 'VARIATION', 'REROLL', 'BLEND'].includes(parent.action)) return send(res, 200, reply(4, '关联任务不允许执行变化'));
      if (state.noAccount) return send(res, 200, reply(3, '账号不可用: fake-instance'));
      if (state.busy) return send(res, 200, queueFull());
      return send(res, 200, accepted(newTask({ action, prompt: parent.prompt, promptEn: parent.promptEn, description, parentId: parent.id }, body)));
    }
    if (path === '/mj/submit/action') {
      // trueai v11.10.3 SubmitController.Action, then TaskService.SubmitAction.
      const customId = String(body.customId ?? '');
      if (!body.taskId || !customId) return send(res, 200, reply(4, '参数错误'));
      const parent = tasks.get(String(body.taskId));
      if (!parent) return send(res, 404, reply(3, '关联任务不存在或已失效'));
      if (parent.status !== 'SUCCESS') return send(res, 200, reply(4, '关联任务状态错误'));
      const kinds: [RegExp, string][] = [
        [/^MJ::JOB::upsample::/, 'UPSCALE'],
        [/^MJ::JOB::(variation|high_variation|low_variation)::/, 'VARIATION'],
        [/^MJ::JOB::reroll::/, parent.action === 'UPSCALE' ? 'IMAGINE' : parent.action],
        [/^MJ::Outpaint::/, 'ZOOM'],
        [/^MJ::JOB::pan_/, 'PAN'],
        [/^MJ::JOB::upsample_/, 'UPSCALE_HD'],
        [/^MJ::CustomZoom::/, 'ZOOM'],
        [/^MJ::Inpaint::/, 'VARIATION'],
        [/^MJ::JOB::animate_/, 'VIDEO'],
      ];
      const action = kinds.find(([re]) => re.test(customId))?.[1];
      if (!action) return send(res, 200, reply(4, '未知的 Action 类型'));
      const base = { action, prompt: parent.prompt, promptEn: parent.promptEn, parentId: parent.id, properties: { finalPrompt: parent.promptEn } };
      const remix = state.remix && (action === 'PAN' || action === 'VARIATION' || /^MJ::JOB::reroll/.test(customId));
      if (/^MJ::(CustomZoom|Inpaint)::/.test(customId) || remix) {
        const waiting = newTask({ ...base, status: 'MODAL', progress: '0%', ...(customId.startsWith('MJ::Inpaint::') ? { prompt: '', promptEn: '' } : {}) }, body);
        return send(res, 200, reply(21, 'Waiting for window confirm', waiting.id, { finalPrompt: waiting.promptEn, remix: true }));
      }
      if (state.noAccount) return send(res, 200, reply(3, '无可用的账号实例'));
      if (state.busy) return send(res, 200, queueFull());
      return send(res, 200, accepted(newTask({ ...base, properties: { ...base.properties, customId } }, body)));
    }
    if (path === '/mj/submit/modal') {
      // trueai v11.10.3 SubmitController.Modal: the waiting task takes its prompt and is queued under the same id.
      if (!body.taskId) return send(res, 200, reply(4, '参数错误'));
      const t = tasks.get(String(body.taskId));
      if (!t) return send(res, 404, reply(3, '关联任务不存在或已失效'));
      const prompt = String(body.prompt ?? '').trim() || tasks.get(t.parentId ?? '')?.prompt || '';
      if (!prompt) return send(res, 200, reply(4, 'prompt不能为空'));
      if (state.busy) return send(res, 200, queueFull());
      Object.assign(t, { prompt, promptEn: prompt, status: 'SUBMITTED', notifyHook: body.notifyHook ?? t.notifyHook });
      return send(res, 200, accepted(t));
    }
    return send(res, 404, { code: 404, description: 'not found' });
  });
  const button = (customId: string, label: string, emoji = '') => ({ customId, emoji, label, type: 2, style: 2 });
  const grid = (id: string) => [
    ...[1, 2, 3, 4].map((i) => button(`MJ::JOB::upsample::${i}::${id}`, `U${i}`)),
    button(`MJ::JOB::reroll::0::${id}::SOLO`, '', '🔄'),
    ...[1, 2, 3, 4].map((i) => button(`MJ::JOB::variation::${i}::${id}`, `V${i}`)),
  ];
  /** An upscaled --v 7 image, as trueai gives it (CustomComponentModel + TaskInfo.OnUpscaleButtons), with Discord's bookmark. */
  const upscaled = (id: string) => [
    button(`MJ::JOB::upsample_v7_2x_subtle::1::${id}::SOLO`, 'Upscale (Subtle)', 'upscale_1'),
    button(`MJ::JOB::upsample_v7_2x_creative::1::${id}::SOLO`, 'Upscale (Creative)', 'upscale_1'),
    button(`MJ::JOB::low_variation::1::${id}::SOLO`, 'Vary (Subtle)', '🪄'),
    button(`MJ::JOB::high_variation::1::${id}::SOLO`, 'Vary (Strong)', '🪄'),
    button(`MJ::Inpaint::1::${id}::SOLO`, 'Vary (Region)', '🖌️'),
    button(`MJ::Outpaint::50::1::${id}::SOLO`, 'Zoom Out 2x', '🔍'),
    button(`MJ::Outpaint::75::1::${id}::SOLO`, 'Zoom Out 1.5x', '🔍'),
    button(`MJ::CustomZoom::1::${id}`, 'Custom Zoom', '🔍'),
    ...(['left', 'right', 'up', 'down'] as const).map((d) => button(`MJ::JOB::pan_${d}::1::${id}::SOLO`, '', { left: '⬅️', right: '➡️', up: '⬆️', down: '⬇️' }[d])),
    button(`MJ::JOB::animate_high::1::${id}::SOLO`, 'Animate (High motion)', '🎞️'),
    button(`MJ::JOB::animate_low::1::${id}::SOLO`, 'Animate (Low motion)', '🎞️'),
    button(`MJ::BOOKMARK::${id}`, '', '❤️'),
    button(`MJ::JOB::reroll::0::${id}::SOLO`, '', '🔄'),
  ];
  const must = (id: string) => {
    const t = tasks.get(id);
    if (!t) throw new Error(`no fake task ${id}`);
    return t;
  };
  return {
    url: s.base,
    edition,
    tasks,
    fetches,
    submits,
    lists,
    /** busy: every submit answers queue full; noAccount: no account free (code 3); remix: the account is in remix mode (trueai). */
    state,
    progress(id: string, pct: number) {
      Object.assign(must(id), { status: 'IN_PROGRESS', progress: `${pct}%` });
    },
    succeed(id: string) {
      const t = must(id);
      if (t.action === 'DESCRIBE') {
        // As the proxy reports it: the four prompts in prompt and in properties.finalPrompt; imageUrl is the picture described.
        const text = DESCRIBED.map((p, i) => `${i + 1}\uFE0F\u20E3 ${p}`).join('\n\n');
        return void Object.assign(t, { status: 'SUCCESS', progress: '100%', imageUrl: `${s.base}/img/${id}.png`, prompt: text, promptEn: text, properties: { finalPrompt: text } });
      }
      Object.assign(t, { status: 'SUCCESS', progress: '100%', imageUrl: `${s.base}/img/${id}.png` });
      if (trueai) t.buttons = t.action === 'UPSCALE' ? upscaled(id) : t.action === 'UPSCALE_HD' || t.action === 'VIDEO' ? [] : grid(id);
    },
    failTask(id: string, reason: string) {
      Object.assign(must(id), { status: 'FAILURE', progress: '', failReason: reason });
    },
    /** The proxy restarted with its in-memory store: it knows no task any more. */
    restart() {
      tasks.clear();
    },
    /** Posts the task to its notify hook, as the proxy does; returns the HTTP status. */
    async notify(id: string, hook?: string) {
      const t = must(id);
      const res = await fetch(hook ?? t.notifyHook!, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(view(t)) });
      return res.status;
    },
    close: s.close,
  };
}
