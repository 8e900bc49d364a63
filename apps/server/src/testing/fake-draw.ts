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
  buttons: { customId: string; emoji: string; label: string; type: number; style: number }[];
  notifyHook?: string;
  promptEn?: string;
  properties?: { finalPrompt?: string };
}

/**
 * A local midjourney-proxy: submit imagine / action (by customId) / blend / describe, fetch,
 * list-by-condition, the mj-api-secret header (`exists`: blend and describe answer code 21). Prompt markers: [[banned]] code 24 with a banned word · [[full]] code 23 · [[exists]]
 * code 21. Tasks move only when the test says so (progress, succeed, failTask), and notify()
 * posts a task to its notifyHook as the proxy does.
 */
export async function startFakeMj(opts: { secret?: string; exists?: boolean } = {}) {
  const tasks = new Map<string, FakeMjTask>();
  const fetches = new Map<string, number>();
  const submits: any[] = [];
  /** The ids of each list-by-condition call. */
  const lists: string[][] = [];
  let seq = 1000;
  const s = await listen(async (req, res) => {
    if (req.method === 'GET' && req.url?.startsWith('/img/')) {
      res.writeHead(200, { 'Content-Type': 'image/png' });
      return void res.end(await samplePng());
    }
    if (opts.secret && req.headers['mj-api-secret'] !== opts.secret) return send(res, 401, { code: 401, description: 'unauthorized' });
    const fetchMatch = /^\/mj\/task\/([^/]+)\/fetch$/.exec(req.url ?? '');
    if (req.method === 'GET' && fetchMatch) {
      const id = decodeURIComponent(fetchMatch[1]!);
      fetches.set(id, (fetches.get(id) ?? 0) + 1);
      const t = tasks.get(id);
      if (!t) return send(res, 404, null);
      const { notifyHook: _hook, ...view } = t;
      return send(res, 200, view);
    }
    if (req.method === 'POST' && req.url === '/mj/task/list-by-condition') {
      const body = await readJson(req);
      lists.push(Array.isArray(body.ids) ? body.ids.map(String) : []);
      const found = (Array.isArray(body.ids) ? body.ids : []).map((id: unknown) => tasks.get(String(id))).filter(Boolean) as FakeMjTask[];
      return send(res, 200, found.map(({ notifyHook: _hook, ...view }) => view));
    }
    if (req.method === 'POST' && (req.url === '/mj/submit/blend' || req.url === '/mj/submit/describe')) {
      const body = await readJson(req);
      submits.push({ path: req.url, body });
      const images: unknown[] = req.url.endsWith('blend') ? (Array.isArray(body.base64Array) ? body.base64Array : []) : [body.base64];
      if (req.url.endsWith('blend') && (images.length < 2 || images.length > 5)) return send(res, 200, { code: 4, description: 'base64List参数错误' });
      if (req.url.endsWith('blend') && !['PORTRAIT', 'SQUARE', 'LANDSCAPE'].includes(body.dimensions)) return send(res, 200, { code: 4, description: 'dimensions参数错误' });
      if (!images.every((b) => typeof b === 'string' && /^data:image\/(png|jpeg|webp);base64,/.test(b))) return send(res, 200, { code: 4, description: 'basisImage参数错误' });
      if (opts.exists) return send(res, 200, { code: 21, description: '任务已存在', result: 'existing' });
      const id = String(seq++);
      tasks.set(id, {
        id,
        action: req.url.endsWith('blend') ? 'BLEND' : 'DESCRIBE',
        prompt: '',
        status: 'SUBMITTED',
        progress: '0%',
        imageUrl: null,
        failReason: null,
        buttons: [],
        notifyHook: body.notifyHook,
      });
      return send(res, 200, { code: 1, description: '提交成功', result: id, properties: {} });
    }
    if (req.method === 'POST' && req.url === '/mj/submit/modal') {
      // A task waiting in MODAL (Custom Zoom) takes its prompt and goes on under the same id.
      const body = await readJson(req);
      submits.push({ path: req.url, body });
      const t = tasks.get(String(body.taskId));
      if (!t || t.status !== 'MODAL') return send(res, 200, { code: 4, description: '任务状态错误' });
      Object.assign(t, { status: 'SUBMITTED', prompt: String(body.prompt ?? '') });
      return send(res, 200, { code: 1, description: '提交成功', result: t.id, properties: {} });
    }
    if (req.method === 'POST' && (req.url === '/mj/submit/imagine' || req.url === '/mj/submit/action')) {
      const body = await readJson(req);
      submits.push({ path: req.url, body });
      const prompt = String(body.prompt ?? '');
      if (prompt.includes('[[banned]]')) return send(res, 200, { code: 24, description: '可能包含敏感词', properties: { bannedWord: 'nsfw' } });
      if (prompt.includes('[[full]]')) return send(res, 200, { code: 23, description: '队列已满，请稍后尝试', properties: { numberOfQueues: 10 } });
      if (prompt.includes('[[exists]]')) return send(res, 200, { code: 21, description: '任务已存在' });
      if (req.url === '/mj/submit/action') {
        const parent = tasks.get(String(body.taskId));
        if (!parent || !parent.buttons.some((b) => b.customId === body.customId)) return send(res, 200, { code: 4, description: 'customId 无效' });
      }
      const id = String(seq++);
      const parent = tasks.get(String(body.taskId));
      const custom = String(body.customId ?? '');
      tasks.set(id, {
        id,
        action: req.url.endsWith('imagine') ? 'IMAGINE' : /upsample/.test(custom) ? 'UPSCALE' : /Outpaint|CustomZoom/.test(custom) ? 'ZOOM' : /pan_/.test(custom) ? 'PAN' : 'VARIATION',
        prompt: prompt || parent?.prompt || '',
        // Custom Zoom waits for its prompt (POST /mj/submit/modal).
        status: /CustomZoom/.test(custom) ? 'MODAL' : 'SUBMITTED',
        progress: '0%',
        imageUrl: null,
        failReason: null,
        buttons: [],
        notifyHook: body.notifyHook,
      });
      return send(res, 200, { code: 1, description: '提交成功', result: id, properties: {} });
    }
    send(res, 404, { code: 404, description: 'not found' });
  });
  const grid = (id: string) =>
    [1, 2, 3, 4]
      .map((i) => ({ customId: `MJ::JOB::upsample::${i}::${id}`, emoji: '', label: `U${i}`, type: 2, style: 2 }))
      .concat([{ customId: `MJ::JOB::reroll::0::${id}::SOLO`, emoji: '🔄', label: '', type: 2, style: 2 }])
      .concat([1, 2, 3, 4].map((i) => ({ customId: `MJ::JOB::variation::${i}::${id}`, emoji: '', label: `V${i}`, type: 2, style: 2 })));
  const upscaled = (id: string) => [
    { customId: `MJ::Outpaint::50::1::${id}::SOLO`, emoji: '🔍', label: 'Zoom Out 2x', type: 2, style: 2 },
    { customId: `MJ::Outpaint::75::1::${id}::SOLO`, emoji: '🔍', label: 'Zoom Out 1.5x', type: 2, style: 2 },
    { customId: `MJ::CustomZoom::${id}`, emoji: '🔍', label: 'Custom Zoom', type: 2, style: 2 },
    ...['left', 'right', 'up', 'down'].map((d) => ({ customId: `MJ::JOB::pan_${d}::1::${id}::SOLO`, emoji: { left: '⬅️', right: '➡️', up: '⬆️', down: '⬇️' }[d]!, label: '', type: 2, style: 2 })),
  ];
  const must = (id: string) => {
    const t = tasks.get(id);
    if (!t) throw new Error(`no fake task ${id}`);
    return t;
  };
  return {
    url: s.base,
    tasks,
    fetches,
    submits,
    lists,
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
      const buttons = t.action === 'IMAGINE' || t.action === 'BLEND' || t.action === 'ZOOM' || t.action === 'PAN' ? grid(id) : t.action === 'UPSCALE' ? upscaled(id) : [];
      Object.assign(t, { status: 'SUCCESS', progress: '100%', imageUrl: `${s.base}/img/${id}.png`, buttons });
    },
    failTask(id: string, reason: string) {
      Object.assign(must(id), { status: 'FAILURE', progress: '', failReason: reason });
    },
    /** Posts the task to its notify hook, as the proxy does; returns the HTTP status. */
    async notify(id: string, hook?: string) {
      const t = must(id);
      const { notifyHook, ...view } = t;
      const res = await fetch(hook ?? notifyHook!, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(view) });
      return res.status;
    },
    close: s.close,
  };
}
