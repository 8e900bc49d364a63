import { vi } from 'vitest';
import type { MenuItem, UserInfo, WebsiteInfoReply } from '@app/shared';
import { useSession, type GlobalConfig } from '../../lib/session.ts';

export const menuItem = (code: string, name: string, mobile = true, icon = 'message-circle'): MenuItem => ({ code, name, icon, mobile });

export function globalConfig(patch: Partial<GlobalConfig> = {}): GlobalConfig {
  return {
    siteName: '测试站',
    clientFavoIconPath: '/favicon.svg',
    isAutoOpenNotice: 0,
    baiduCode: '',
    clientMenuList: [menuItem('Chat', '对话聊天')],
    masks: [],
    notice: { has: false, id: 0, title: '', content: '', noticeInfo: '' },
    ...patch,
  } as GlobalConfig;
}

export function website(patch: Partial<WebsiteInfoReply['website']> = {}): WebsiteInfoReply {
  return {
    features: [],
    website: {
      customer_service_qrcode: '',
      config: { login_way: 'all' },
      protocols: { register: { url: '/protocol/register.html', title: '《用户服务协议》' } },
      pay_way: 'ali,wx',
      copyright: '© 测试',
      ...patch,
    },
    image_hosts: [],
    demo: { mode: false, sms: false, wechat: false, llm: false, pay: false },
    voice: { transcribe: false, speech: false },
  };
}

export const user = (patch: Partial<UserInfo> = {}): UserInfo => ({
  id: 1,
  nickname: '小明',
  avatar: '',
  mobile: null,
  username: 'xiaoming',
  is_vip: false,
  vip_expires_at: null,
  consecutiveDays: 0,
  invite_code: 'ABC',
  has_password: true,
  wechat_bound: false,
  created_at: '2026-01-01',
  ...patch,
});

export const balance = { useModel3Token: 1, useModel4Token: 1, useDrawMjToken: 1, base: { model3: 1, model4: 1, draw: 1 }, member: { model3: 0, model4: 0, draw: 0, expires_at: null } };

type Reply = { status?: number; body: { code: number; message?: string; data?: unknown } };
type Route = (url: URL, body: unknown) => Reply;

/** Stubs fetch with "METHOD /path" handlers; records calls; an unknown call fails loudly. */
export function mockApi(routes: Record<string, Route>) {
  const calls: { method: string; path: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const method = (init?.method ?? 'GET').toUpperCase();
      const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
      calls.push({ method, path: url.pathname, body });
      const route = routes[`${method} ${url.pathname}`];
      if (!route) throw new Error(`unexpected ${method} ${url.pathname}`);
      const reply = route(url, body);
      const envelope = { message: '', success: reply.body.code === 200, data: null, ...reply.body };
      return new Response(JSON.stringify(envelope), { status: reply.status ?? 200, headers: { 'Content-Type': 'application/json' } });
    }),
  );
  return { calls, count: (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path).length };
}

export const ok = (data: unknown = null): Reply => ({ body: { code: 200, message: '请求成功', data } });

/** Puts the session store back to a logged-out, unloaded state. */
export function resetSession(patch: Partial<ReturnType<typeof useSession.getState>> = {}) {
  useSession.setState({
    token: null,
    userInfo: null,
    balance: null,
    globalConfig: null,
    website: null,
    packages: [],
    ready: false,
    loginOpen: false,
    showOrder: false,
    orderSn: '',
    dialog: null,
    ...patch,
  });
}
