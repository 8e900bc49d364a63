import { vi } from 'vitest';
import type { AppCard, AppCategory } from '@app/shared';

type Reply = { status?: number; body: { code: number; message?: string; data?: unknown } };
export interface Call {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
}

/** Stubs fetch with "METHOD /path" handlers (given the query and body) and records the calls. */
export function mockApi(routes: Record<string, (req: { query: Record<string, string>; body: any }) => Reply>) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const method = (init?.method ?? 'GET').toUpperCase();
      const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
      const query = Object.fromEntries(url.searchParams);
      calls.push({ method, path: url.pathname, query, body });
      const route = routes[`${method} ${url.pathname}`];
      if (!route) throw new Error(`unexpected ${method} ${url.pathname}`);
      const reply = route({ query, body });
      return new Response(JSON.stringify({ message: '', success: reply.body.code === 200, data: null, ...reply.body }), {
        status: reply.status ?? 200,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  return { calls, find: (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path) };
}

export const ok = (data: unknown, message = '请求成功'): Reply => ({ body: { code: 200, message, data } });
export const fail = (status: number, message: string, data: unknown = null): Reply => ({ status, body: { code: status, message, data } });

export const categories: AppCategory[] = [
  { id: 1, name: '工作', icon: 'briefcase', kind: 'template', count: 2 },
  { id: 2, name: '学习', icon: 'graduation-cap', kind: 'template', count: 1 },
  { id: 3, name: '空分类', icon: 'x', kind: 'template', count: 0 },
  { id: 4, name: '职场', icon: 'briefcase', kind: 'expert', count: 1 },
];

export const card = (patch: Partial<AppCard> & { id: number; title: string }): AppCard => ({
  kind: 'template',
  description: `${patch.title}的简介`,
  icon: 'file-text',
  category_id: 1,
  category: '工作',
  collected: false,
  collect_count: 0,
  custom: false,
  ...patch,
});

export const catalogue: AppCard[] = [
  card({ id: 11, title: '周报生成', collect_count: 3 }),
  card({ id: 12, title: '会议纪要' }),
  card({ id: 13, title: '论文摘要', category_id: 2, category: '学习' }),
  card({ id: 21, title: '资深面试官', kind: 'expert', category_id: 4, category: '职场', icon: 'user-check' }),
];

/** /api/app/store over `list`: kind, category and keyword filters, one page. */
export function storeRoute(list: AppCard[]) {
  return ({ query }: { query: Record<string, string> }) => {
    const rows = list.filter(
      (a) =>
        (!query.kind || a.kind === query.kind) &&
        (!query.category || a.category_id === Number(query.category)) &&
        (!query.keyword || a.title.includes(query.keyword) || a.description.includes(query.keyword)),
    );
    return ok({ list: rows, meta: { page: 1, size: 24, total: rows.length } });
  };
}
