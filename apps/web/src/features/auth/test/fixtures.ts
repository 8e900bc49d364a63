import { vi } from 'vitest';
import type { LoginWay, WebsiteInfoReply } from '@app/shared';
import type { GlobalConfig } from '../../../lib/session.ts';

export function website(loginWay: LoginWay = 'all', demo = { sms: false, wechat: false }): WebsiteInfoReply {
  return {
    features: [],
    website: {
      customer_service_qrcode: '',
      config: { login_way: loginWay },
      protocols: { register: { url: '/protocol/register.html', title: '《用户服务协议》' } },
      pay_way: 'ali,wx',
      copyright: '',
    },
    image_hosts: [],
    demo: { ...demo, mode: false, llm: false, pay: false },
    voice: { transcribe: false, speech: false },
  };
}

export function globalConfig(patch: Partial<GlobalConfig> = {}): GlobalConfig {
  return {
    siteName: '知行 AI',
    registerSendStatus: 1,
    registerSendModel3Count: 20,
    registerSendModel4Count: 5,
    registerSendDrawMjCount: 5,
    wechatRegisterStatus: 1,
    phoneRegisterStatus: 1,
    emailRegisterStatus: 1,
    wechatSilentLoginStatus: 1,
    ...patch,
  } as GlobalConfig;
}

type Reply = { status?: number; body: { code: number; message?: string; success?: boolean; data?: unknown } };
type Route = (url: URL, init: RequestInit | undefined) => Reply;

/**
 * Stubs fetch with a table of "METHOD /path" handlers and records every call.
 * An unknown call fails the test loudly instead of hanging.
 */
export function mockApi(routes: Record<string, Route>) {
  const calls: { method: string; path: string; url: URL; body: unknown }[] = [];
  const fetchMock = vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ method, path: url.pathname, url, body });
    const route = routes[`${method} ${url.pathname}`];
    if (!route) throw new Error(`unexpected ${method} ${url.pathname}`);
    const reply = route(url, init);
    const envelope = { message: '', success: reply.body.code === 200, data: null, ...reply.body };
    return new Response(JSON.stringify(envelope), { status: reply.status ?? 200, headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, count: (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path).length };
}

export const ok = (data: unknown, message = '请求成功'): Reply => ({ body: { code: 200, message, data } });

export const userInfo = {
  id: 7,
  nickname: '用户8000',
  avatar: '',
  mobile: '138****8000',
  username: null,
  is_vip: false,
  vip_expires_at: null,
  consecutiveDays: 0,
  invite_code: 'ABCD1234',
  has_password: false,
  wechat_bound: false,
  created_at: '2026-01-01T00:00:00.000Z',
};

export const balance = {
  useModel3Token: 20,
  useModel4Token: 5,
  useDrawMjToken: 5,
  base: { model3: 20, model4: 5, draw: 5 },
  member: { model3: 0, model4: 0, draw: 0, expires_at: null },
};

/** The calls login() makes after storing the token. */
export const sessionRoutes = {
  'GET /api/user/info': () => ok(userInfo),
  'GET /balance/query': () => ok(balance),
};
