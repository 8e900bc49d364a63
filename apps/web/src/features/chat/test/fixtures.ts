import { vi } from 'vitest';
import type { ChatGroup, ChatMessage, Feature, GlobalConfigFields, WebsiteInfoReply } from '@app/shared';
import { useSession, type GlobalConfig } from '../../../lib/session.ts';
import { tokenStore } from '../../../lib/storage.ts';

type Json = { code: number; message?: string; data?: unknown };
export type Route = (body: unknown, url: URL) => { status?: number; body: Json } | { sse: string[] };

/**
 * Stubs fetch with "METHOD /path" handlers and records the calls; an unknown call throws.
 * A handler may answer `{ sse: chunks }`: a text/event-stream body delivered chunk by chunk.
 */
export function mockApi(routes: Record<string, Route>) {
  const calls: { method: string; path: string; body: unknown; url: URL }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const method = (init?.method ?? 'GET').toUpperCase();
      const body = typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body;
      calls.push({ method, path: url.pathname, body, url });
      const route = routes[`${method} ${url.pathname}`];
      if (!route) throw new Error(`unexpected ${method} ${url.pathname}`);
      const reply = route(body, url);
      if ('sse' in reply) {
        const encoder = new TextEncoder();
        const chunks = reply.sse;
        const signal = init?.signal;
        const stream = new ReadableStream<Uint8Array>({
          async start(c) {
            for (const chunk of chunks) {
              if (signal?.aborted) break;
              c.enqueue(encoder.encode(chunk));
              await new Promise((r) => setTimeout(r, 1));
            }
            c.close();
          },
        });
        return new Response(stream, { status: 200, headers: { 'Content-Type': 'text/event-stream; charset=utf-8' } });
      }
      return new Response(JSON.stringify({ message: '', success: reply.body.code === 200, data: null, ...reply.body }), {
        status: reply.status ?? 200,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  return { calls, find: (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path) };
}

export const ok = (data: unknown, message = '请求成功') => ({ body: { code: 200, message, data } });

export const feature = (patch: Partial<Feature> = {}): Feature => ({
  code: 'ai_35',
  label: '极速对话',
  input_ext: 2000,
  vision: false,
  pool: 'model3',
  cost: 1,
  description: '',
  ...patch,
});

export const serverGroup = (uuid: number, title = `对话${uuid}`, patch: Partial<ChatGroup> = {}): ChatGroup => ({
  uuid,
  title,
  input: title,
  model: 'ai_35',
  type: 1,
  isSticky: false,
  appId: null,
  templateId: null,
  identityId: null,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  ...patch,
});

export const serverMessage = (id: number, inversion: boolean, text: string, patch: Partial<ChatMessage> = {}): ChatMessage => ({
  id,
  uuid: 1,
  role: inversion ? 'user' : 'assistant',
  inversion,
  text,
  images: [],
  status: 'complete',
  error: false,
  errorText: null,
  model: 'ai_35',
  usage: null,
  charged: !inversion,
  dateTime: '2026-01-01T00:00:00.000Z',
  ...patch,
});

export const sse = (...events: object[]) => events.map((e) => `data: ${JSON.stringify(e)}\n\n`);

/** The session as the layout leaves it: config and website loaded, optionally logged in. */
export function session({ token = 'tok', features = [feature()] }: { token?: string | null; features?: Feature[] } = {}) {
  if (token) tokenStore.set(token);
  const globalConfig = {
    siteRobotName: '知行助手',
    robotAvatar: '',
    companyName: '',
    filingNumber: '',
    masks: [{ id: 1, name: '工作效率', children: [{ name: '写一封请假邮件', content: '帮我写一封请假邮件' }] }],
  } as unknown as GlobalConfig & GlobalConfigFields;
  const website = { features, website: {}, demo: { llm: false } } as unknown as WebsiteInfoReply;
  useSession.setState({ token, globalConfig, website, ready: true, loginOpen: false, dialog: null, userInfo: null });
}
