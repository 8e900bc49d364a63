import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, useSearchParams } from '../../../lib/router/index.tsx';
import type { DeckView } from '@app/shared';
import { globalConfig, resetSession } from '../../../app/test/fixtures.ts';
import { saveRecord } from '../../../lib/stream-run/record.ts';
import { abortRun } from '../../../lib/stream-run/run.ts';
import { tokenStore } from '../../../lib/storage.ts';
import { toast } from '../../../lib/toast.ts';
import { heldSse, mockApi, ok, sse, type Route } from '../../../test/mock-api.ts';
import '../locales.ts';
import { SLIDES_OUTLINE_RUN } from './outline-run.ts';
import { useAippt } from './useAippt.ts';

vi.mock('../../../lib/toast.ts', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

const SECRET = 's'.repeat(32);
const deck = (patch: Partial<DeckView> = {}): DeckView => ({
  id: 5,
  title: '光合作用',
  topic: '光合作用',
  pages: 8,
  theme: 'classic',
  status: 'outline',
  slideCount: 0,
  offline: true,
  createdAt: '2026-11-27T00:00:00.000Z',
  updatedAt: '2026-11-27T00:00:00.000Z',
  audience: '',
  language: 'zh-CN',
  outline: [{ title: '背景', points: ['一', '二'] }],
  slides: [],
  planned: 0,
  error: null,
  charged: 0,
  sourceTitle: '',
  pdf: false,
  exportPages: [],
  ...patch,
});
const done = { type: 'done', deckId: 5, status: 'complete', title: '光合作用', outline: [{ title: '背景', points: ['一'] }], usage: null, charged: 0 };

function api(routes: Record<string, Route> = {}) {
  return mockApi({
    'GET /api/aippt/deck/list': () => ok({ list: [] }),
    'GET /api/aippt/package/list': () => ok({ list: [], balance: 2 }),
    'GET /api/aippt/ppt/viewContent': () => ok(deck()),
    'POST /api/aippt/outline/validate': () => ok({ secret: SECRET, deckId: 5 }),
    'GET /api/aippt/outline/stream': () => ({ sse: sse({ type: 'delta', text: '# 光合作用\n' }, { type: 'delta', text: '## 背景\n- 一\n' }, done) }),
    'POST /api/aippt/outline/stop': () => ok(null),
    ...routes,
  });
}

function renderController(path = '/aippt') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>{children}</MemoryRouter>
    </QueryClientProvider>
  );
  return renderHook(() => ({ c: useAippt(), params: useSearchParams()[0] }), { wrapper });
}

const body = { topic: '光合作用', pages: 8, language: 'zh-CN' as const };

beforeEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
  vi.mocked(toast.error).mockClear();
  vi.mocked(toast.info).mockClear();
  tokenStore.set('tok');
  resetSession({ ready: true, token: 'tok', globalConfig: globalConfig() });
});
afterEach(() => {
  cleanup();
  abortRun(SLIDES_OUTLINE_RUN);
});

describe('useAippt', () => {
  it('a new deck: validate opens it, the outline streams, then the deck is read again as an outline', async () => {
    const calls = api();
    const { result } = renderController();
    expect(result.current.c.step).toBe('form');
    await waitFor(() => expect(result.current.c.balance).toBe(2));
    act(() => result.current.c.createDeck(body));
    await waitFor(() => expect(result.current.params.get('id')).toBe('5'));
    await waitFor(() => expect(result.current.c.step).toBe('outline'));
    expect(calls.find('GET', '/api/aippt/outline/stream')[0]!.url.searchParams.get('secret')).toBe(SECRET);
    expect(sessionStorage.getItem(`streamRun:${SLIDES_OUTLINE_RUN}`)).toBeNull();
    expect(result.current.c.deck?.status).toBe('outline');
  });

  it('stop: tells the server by the secret; a stopped outline says so', async () => {
    const held = heldSse({ type: 'delta', text: '# 光合作用\n## 背景\n' });
    const calls = api({
      'GET /api/aippt/ppt/viewContent': () => ok(deck({ status: 'outlining' })),
      'GET /api/aippt/outline/stream': held.route,
      'POST /api/aippt/outline/stop': () => {
        held.close({ ...done, status: 'stopped' });
        return ok(null);
      },
    });
    const { result } = renderController();
    act(() => result.current.c.createDeck(body));
    await waitFor(() => expect(result.current.c.outlineText).toContain('## 背景'));
    expect(result.current.c.step).toBe('streaming');
    expect(sessionStorage.getItem(`streamRun:${SLIDES_OUTLINE_RUN}`)).toContain(SECRET);
    act(() => result.current.c.stopOutline());
    await waitFor(() => expect(calls.find('POST', '/api/aippt/outline/stop')[0]?.body).toEqual({ secret: SECRET }));
    await waitFor(() => expect(toast.info).toHaveBeenCalledWith('已停止，可继续编辑已生成的大纲'));
    expect(result.current.c.outlineState).toBeNull();
  });

  it('after a reload: re-attaches by the saved secret and opens its deck', async () => {
    saveRecord({ secret: SECRET, kind: SLIDES_OUTLINE_RUN, context: { deckId: 5 }, startedAt: Date.now() });
    const held = heldSse({ type: 'resume', text: '# 光合作用\n## 背景\n' });
    const calls = api({ 'GET /api/aippt/ppt/viewContent': () => ok(deck({ status: 'outlining' })), 'GET /api/turns/resume': held.route });
    const { result } = renderController('/aippt?id=5');
    await waitFor(() => expect(result.current.c.outlineText).toContain('## 背景'));
    expect(result.current.c.step).toBe('streaming');
    expect(calls.find('GET', '/api/turns/resume')[0]!.url.searchParams.get('secret')).toBe(SECRET);
    held.close({ type: 'delta', text: '- 一\n' }, done);
    await waitFor(() => expect(result.current.c.outlineState).toBeNull());
  });

  it('a refused validate shows its message on the form and opens no deck', async () => {
    api({ 'POST /api/aippt/outline/validate': () => ({ status: 400, body: { code: 400, message: '最多保存 50 份 PPT，请先删除不需要的' } }) });
    const { result } = renderController();
    act(() => result.current.c.createDeck(body));
    await waitFor(() => expect(result.current.c.formError).toBe('最多保存 50 份 PPT，请先删除不需要的'));
    expect(result.current.params.get('id')).toBeNull();
    expect(result.current.c.step).toBe('form');
  });

  it('a cut stream that cannot re-attach says so', async () => {
    const held = heldSse({ type: 'delta', text: '# 光合作用\n' });
    api({
      'GET /api/aippt/ppt/viewContent': () => ok(deck({ status: 'outlining' })),
      'GET /api/aippt/outline/stream': held.route,
      'GET /api/turns/resume': () => ({ status: 404, body: { code: 404, message: '没有进行中的回复' } }),
    });
    const { result } = renderController();
    act(() => result.current.c.createDeck(body));
    await waitFor(() => expect(result.current.c.outlineText).toContain('光合作用'));
    held.fail();
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('连接中断，大纲可能仍在生成，请稍后刷新查看'), { timeout: 3000 });
  });

  it('generating: progress from the job stream (no polling), then the deck read again at job.end', async () => {
    let status: DeckView['status'] = 'generating';
    const held = heldSse({ type: 'job.snapshot', status: 'generating', written: 3, planned: 8 });
    const calls = api({
      'GET /api/aippt/ppt/viewContent': () => ok(deck({ status, planned: 8, slideCount: 0 })),
      'GET /api/aippt/deck/watch': held.route,
    });
    const { result } = renderController('/aippt?id=5');
    await waitFor(() => expect(result.current.c.deck?.slideCount).toBe(3));
    expect(result.current.c.step).toBe('progress');
    held.push({ type: 'progress', written: 6, planned: 8 });
    await waitFor(() => expect(result.current.c.deck?.slideCount).toBe(6));
    expect(calls.find('GET', '/api/aippt/ppt/viewContent')).toHaveLength(1);
    status = 'done';
    held.close({ type: 'job.end', status: 'done', error: null, charged: 1 });
    await waitFor(() => expect(result.current.c.deck?.status).toBe('done'));
  });

  it('generate refused for want of quota shows nothing under the outline (the ppt dialog opens); another refusal is shown', async () => {
    let code = 508001;
    api({
      'POST /api/aippt/deck/outline': () => ok(deck()),
      'POST /api/aippt/deck/generate': () => ({ status: 200, body: { code, message: code === 508001 ? 'PPT 额度不足' : '正在生成中，请勿重复提交' } }),
    });
    const { result } = renderController('/aippt?id=5');
    await waitFor(() => expect(result.current.c.step).toBe('outline'));
    const outline = { id: 5, title: '光合作用', outline: [{ title: '背景', points: ['一'] }], pages: 8 };
    act(() => result.current.c.generate(result.current.c.deck!, outline));
    await waitFor(() => expect(result.current.c.generating).toBe(false));
    expect(result.current.c.generateError).toBeNull();
    code = 409;
    act(() => result.current.c.generate(result.current.c.deck!, outline));
    await waitFor(() => expect(result.current.c.generateError).toBe('正在生成中，请勿重复提交'));
  });
});
