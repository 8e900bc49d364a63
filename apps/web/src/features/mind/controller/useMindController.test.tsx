import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { MindDetail } from '@app/shared';
import { globalConfig, resetSession, website } from '../../../app/test/fixtures.ts';
import { useSession } from '../../../lib/session.ts';
import { saveRecord } from '../../../lib/stream-run/record.ts';
import { abortRun } from '../../../lib/stream-run/run.ts';
import { tokenStore } from '../../../lib/storage.ts';
import { toast } from '../../../lib/toast.ts';
import { heldSse, mockApi, ok, sse, type Route } from '../../../test/mock-api.ts';
import '../locales.ts';
import { MIND_RUN, useMindController } from './useMindController.ts';

vi.mock('../../../lib/toast.ts', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

const SECRET = 's'.repeat(32);
const done = (patch: object = {}) => ({ type: 'done', id: 3, status: 'complete', usage: null, charged: 0, ...patch });
const detail = (patch: Partial<MindDetail> = {}): MindDetail =>
  ({ id: 3, title: '机器学习', status: 'complete', model: 'm1', created_at: '2026-11-27T00:00:00.000Z', updated_at: '2026-11-27T00:00:00.000Z', prompt: '机器学习', markdown: '# 机器学习\n## 监督学习', error: null, edited: false, document: null, ...patch });

function api(routes: Record<string, Route> = {}) {
  return mockApi({
    'GET /api/mind/histories': () => ok({ list: [] }),
    'POST /api/mind/create': () => ok({ id: 3, secret: SECRET }),
    'POST /chatgpt/chat-mind': () => ({ sse: sse({ type: 'delta', text: '# 机器学习\n' }, { type: 'delta', text: '## 监督学习\n' }, done()) }),
    'POST /api/mind/stop': () => ok(null),
    'GET /api/mind/detail/3': () => ok(detail()),
    ...routes,
  });
}

function renderController() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  return renderHook(() => useMindController(), { wrapper });
}

beforeEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
  vi.mocked(toast.error).mockClear();
  vi.mocked(toast.success).mockClear();
  tokenStore.set('tok');
  resetSession({ ready: true, token: 'tok', globalConfig: globalConfig(), website: { ...website(), features: [{ code: 'm1', label: 'M1', input_ext: 0, vision: false, pool: 'model3', cost: 1, description: '' }] } });
});
afterEach(() => {
  cleanup();
  abortRun(MIND_RUN);
});

describe('useMindController', () => {
  it('draws a map from a prompt: create (with the model), stream with the secret, then complete with its title', async () => {
    const calls = api();
    const { result } = renderController();
    act(() => result.current.setDraft('机器学习'));
    act(() => result.current.generate('机器学习'));
    expect(result.current.streaming).toBe(true);
    await waitFor(() => expect(result.current.streaming).toBe(false));
    expect(calls.find('POST', '/api/mind/create')[0]!.body).toMatchObject({ prompt: '机器学习', options: { model: 'm1' } });
    expect(calls.find('POST', '/chatgpt/chat-mind')[0]!.body).toMatchObject({ prompt: '机器学习', options: { model: 'm1', secret: SECRET } });
    expect(result.current.current).toMatchObject({ id: 3, status: 'complete', title: '机器学习', markdown: '# 机器学习\n## 监督学习\n' });
    expect(result.current.draft).toBe('');
    expect(result.current.hasMap).toBe(true);
  });

  it('stop: the server is told by the secret; the map drawn so far stays, marked stopped', async () => {
    const held = heldSse({ type: 'delta', text: '# 机器学习\n' });
    const calls = api({
      'POST /chatgpt/chat-mind': held.route,
      'POST /api/mind/stop': () => {
        held.close(done({ status: 'stopped' }));
        return ok(null);
      },
    });
    const { result } = renderController();
    act(() => result.current.generate('机器学习'));
    await waitFor(() => expect(result.current.current?.markdown).toContain('机器学习'));
    act(() => result.current.stop());
    await waitFor(() => expect(result.current.streaming).toBe(false));
    expect(calls.find('POST', '/api/mind/stop')[0]!.body).toEqual({ secret: SECRET });
    expect(result.current.current?.status).toBe('stopped');
    expect(toast.success).toHaveBeenCalled();
  });

  it('after a reload: re-attaches by the saved secret; a map no longer live is read from the history', async () => {
    saveRecord({ secret: SECRET, kind: MIND_RUN, context: { id: 3, prompt: '机器学习' }, startedAt: Date.now() });
    const calls = api({ 'GET /api/turns/resume': () => ({ status: 404, body: { code: 404, message: '没有进行中的回复' } }) });
    const { result } = renderController();
    expect(result.current.streaming).toBe(true);
    await waitFor(() => expect(result.current.streaming).toBe(false));
    expect(calls.find('GET', '/api/turns/resume')[0]!.url.searchParams.get('secret')).toBe(SECRET);
    await waitFor(() => expect(result.current.current?.markdown).toBe('# 机器学习\n## 监督学习'));
  });

  it('a refused create leaves no map; a failed stream keeps what came, marked error', async () => {
    api({ 'POST /api/mind/create': () => ({ status: 200, body: { code: 400, message: '内容不合规' } }) });
    const first = renderController();
    act(() => first.result.current.generate('机器学习'));
    await waitFor(() => expect(first.result.current.streaming).toBe(false));
    expect(first.result.current.current).toBeNull();
    first.unmount();

    api({ 'POST /chatgpt/chat-mind': () => ({ sse: sse({ type: 'delta', text: '# 机器学习\n' }, { type: 'error', code: 500, message: '上游失败', id: 3 }) }) });
    const { result } = renderController();
    act(() => result.current.generate('机器学习'));
    await waitFor(() => expect(result.current.streaming).toBe(false));
    expect(result.current.current).toMatchObject({ status: 'error', markdown: '# 机器学习\n' });
  });

  it('a guest is asked to log in and nothing is called', () => {
    tokenStore.clear();
    resetSession({ ready: true, globalConfig: globalConfig() });
    const calls = api();
    const { result } = renderController();
    act(() => result.current.generate('机器学习'));
    expect(useSession.getState().loginOpen).toBe(true);
    expect(calls.find('POST', '/api/mind/create')).toHaveLength(0);
    expect(result.current.streaming).toBe(false);
  });
});
