import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ThesisDetail } from '@app/shared';
import { globalConfig, resetSession } from '../../../app/test/fixtures.ts';
import { saveRecord } from '../../../lib/stream-run/record.ts';
import { abortRun } from '../../../lib/stream-run/run.ts';
import { tokenStore } from '../../../lib/storage.ts';
import { toast } from '../../../lib/toast.ts';
import { heldSse, mockApi, ok, sse, type Route } from '../../../test/mock-api.ts';
import '../locales.ts';
import { THESIS_OUTLINE_RUN } from './outline-run.ts';
import { useThesisView } from './useThesisView.ts';

vi.mock('../../../lib/toast.ts', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

const SECRET = 's'.repeat(32);
const detail = (patch: Partial<ThesisDetail> = {}): ThesisDetail => ({
  id: 1,
  title: '城市更新中的社区参与研究',
  kind: '毕业论文',
  discipline: '社会学',
  length: 3000,
  language: '中文',
  status: 'draft',
  written: 0,
  updated_at: '2025-01-01T00:00:00.000Z',
  requirements: '',
  reference_title: '',
  outline: null,
  abstract: '',
  keywords: '',
  order_sn: null,
  charged: 0,
  estimate: 3,
  error: null,
  job_id: null,
  writing_key: null,
  offline: true,
  abstract_en: '',
  keywords_en: '',
  pdf: false,
  ...patch,
});
const outline = [{ key: 'c1', title: '绪论', sections: [{ key: 's1', title: '研究背景', chars: 1000, status: 'pending', text: '' }] }];

function api(routes: Record<string, Route> = {}) {
  return mockApi({
    'GET /api/thesis/detail': () => ok(detail()),
    'GET /api/thesis/list': () => ok({ list: [] }),
    'GET /api/thesis/order/index': () => ok({ list: [], packages: [] }),
    'POST /api/thesis/outline/prepare': () => ok({ secret: SECRET }),
    'POST /api/thesis/outline/stream': () => ({ sse: sse({ type: 'delta', text: '# 第一章 绪论\n' }, { type: 'done', id: 1, charged: 0, outline }) }),
    'POST /api/thesis/outline/stop': () => ok(null),
    ...routes,
  });
}

function renderController(autoOutline = false) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  return renderHook(() => useThesisView(1, autoOutline), { wrapper });
}

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
  abortRun(THESIS_OUTLINE_RUN);
});

describe('useThesisView', () => {
  it('a new thesis generates its outline at once (prepare → stream with id and secret), then reads the detail again', async () => {
    let status: ThesisDetail['status'] = 'draft';
    const calls = api({
      'GET /api/thesis/detail': () => ok(detail({ status, outline: status === 'draft' ? null : outline })),
      // The server saves the outline as the stream ends, before the page reads the detail again.
      'POST /api/thesis/outline/stream': () => {
        status = 'outlined';
        return { sse: sse({ type: 'delta', text: '# 第一章 绪论\n' }, { type: 'done', id: 1, charged: 0, outline }) };
      },
    });
    const { result } = renderController(true);
    await waitFor(() => expect(calls.find('POST', '/api/thesis/outline/stream')).toHaveLength(1));
    expect(calls.find('POST', '/api/thesis/outline/stream')[0]!.body).toEqual({ id: 1, secret: SECRET });
    await waitFor(() => expect(result.current.detail?.status).toBe('outlined'));
    expect(result.current.outlineText).toBeNull();
    expect(calls.find('POST', '/api/thesis/outline/prepare')).toHaveLength(1);
  });

  it('stop: tells the server by the secret; 已停止生成大纲 is said as information', async () => {
    const held = heldSse({ type: 'delta', text: '# 第一章 绪论\n' });
    const calls = api({
      'POST /api/thesis/outline/stream': held.route,
      'POST /api/thesis/outline/stop': () => {
        held.close({ type: 'error', id: 1, code: 400, message: '已停止生成大纲' });
        return ok(null);
      },
    });
    const { result } = renderController();
    await waitFor(() => expect(result.current.detail).not.toBeNull());
    act(() => result.current.generate());
    await waitFor(() => expect(result.current.outlineText).toContain('绪论'));
    expect(sessionStorage.getItem(`streamRun:${THESIS_OUTLINE_RUN}`)).toContain(SECRET);
    act(() => result.current.stopOutline());
    await waitFor(() => expect(calls.find('POST', '/api/thesis/outline/stop')[0]?.body).toEqual({ secret: SECRET }));
    await waitFor(() => expect(toast.info).toHaveBeenCalledWith('已停止生成大纲'));
    expect(toast.error).not.toHaveBeenCalled();
    expect(result.current.outlineText).toBeNull();
  });

  it('after a reload: re-attaches to its own thesis by the saved secret; not to another one', async () => {
    saveRecord({ secret: SECRET, kind: THESIS_OUTLINE_RUN, context: { id: 2 }, startedAt: Date.now() });
    const held = heldSse({ type: 'resume', text: '# 第一章 绪论\n## 1.1 研究背景\n' });
    const calls = api({ 'GET /api/turns/resume': held.route });
    const first = renderController();
    await waitFor(() => expect(first.result.current.detail).not.toBeNull());
    expect(calls.find('GET', '/api/turns/resume')).toHaveLength(0);
    first.unmount();
    saveRecord({ secret: SECRET, kind: THESIS_OUTLINE_RUN, context: { id: 1 }, startedAt: Date.now() });
    const { result } = renderController();
    await waitFor(() => expect(result.current.outlineText).toContain('研究背景'));
    held.close({ type: 'done', id: 1, charged: 0, outline });
    await waitFor(() => expect(result.current.outlineText).toBeNull());
  });

  it('a failed outline is toasted as an error', async () => {
    api({ 'POST /api/thesis/outline/stream': () => ({ sse: sse({ type: 'error', id: 1, code: 500, message: '模型服务出错，请稍后再试' }) }) });
    const { result } = renderController();
    await waitFor(() => expect(result.current.detail).not.toBeNull());
    act(() => result.current.generate());
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('模型服务出错，请稍后再试'));
  });

  it('writing: the job progress shows the section in progress, and job.end reads the detail again', async () => {
    let status: ThesisDetail['status'] = 'writing';
    const held = heldSse({ type: 'job.snapshot', status: 'writing', key: 's1', text: '第一段' });
    api({ 'GET /api/thesis/detail': () => ok(detail({ status, job_id: status === 'writing' ? 9 : null, outline: outline })), 'GET /api/thesis/watch': held.route });
    const { result } = renderController();
    await waitFor(() => expect(result.current.live).toEqual({ key: 's1', text: '第一段' }));
    held.push({ type: 'delta', key: 's1', text: '，第二句', at: 3 });
    await waitFor(() => expect(result.current.live.text).toBe('第一段，第二句'));
    status = 'done';
    held.close({ type: 'job.end', status: 'done', error: null, charged: 3 });
    await waitFor(() => expect(result.current.detail?.status).toBe('done'));
    expect(result.current.writing).toBe(false);
  });
});
