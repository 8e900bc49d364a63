import { vi } from 'vitest';
import type { BalanceReply, UserInfo } from '@app/shared';

type Reply = { status?: number; body: { code: number; message?: string; data?: unknown } };

/** Stubs fetch with "METHOD /path" handlers and records the calls; an unknown call throws. */
export function mockApi(routes: Record<string, (body: unknown) => Reply>) {
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
      const reply = route(body);
      return new Response(JSON.stringify({ message: '', success: reply.body.code === 200, data: null, ...reply.body }), {
        status: reply.status ?? 200,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  return { calls, find: (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path) };
}

export const ok = (data: unknown, message = '请求成功'): Reply => ({ body: { code: 200, message, data } });

export const user = (patch: Partial<UserInfo> = {}): UserInfo => ({
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
  ...patch,
});

export const balance = (patch: Partial<BalanceReply> = {}): BalanceReply => ({
  useModel3Token: 120,
  useModel4Token: 15,
  useDrawMjToken: 7,
  base: { model3: 20, model4: 5, draw: 5 },
  member: { model3: 100, model4: 10, draw: 2, expires_at: '2099-06-30T16:00:00.000Z' },
  ...patch,
});
