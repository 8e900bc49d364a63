import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from '../../../lib/router/index.tsx';
import type { Feature, TranslateItem } from '@app/shared';
import { TRANSLATE_AUTO } from '@app/shared/translate-languages';
import { globalConfig, resetSession, website } from '../../../app/test/fixtures.ts';
import { copyText } from '../../../lib/clipboard.ts';
import { useSession } from '../../../lib/session.ts';
import { saveRecord } from '../../../lib/stream-run/record.ts';
import { tokenStore } from '../../../lib/storage.ts';
import { toast } from '../../../lib/toast.ts';
import { mockApi, ok, sse, type Route } from '../../../test/mock-api.ts';
import '../locales.ts';
import { DEFAULT_INPUT_LIMIT, TRANSLATE_RUN, useTranslateController } from './useTranslateController.ts';

vi.mock('../../../lib/toast.ts', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));
vi.mock('../../../lib/clipboard.ts', () => ({ copyText: vi.fn(async () => true) }));

const SECRET = 's'.repeat(32);
const feature = (code: string, input_ext: number): Feature => ({ code, label: code, input_ext, vision: false, pool: 'model3', cost: 1, description: '' });
const item = (id: number, patch: Partial<TranslateItem> = {}): TranslateItem => ({
  id,
  from: 'zh-CN',
  to: 'en',
  source: '你好',
  result: 'Hello',
  status: 'complete',
  error: null,
  model: 'm1',
  created_at: '2026-11-27T00:00:00.000Z',
  ...patch,
});
const done = (patch: object = {}) => ({ type: 'done', id: 7, status: 'complete', usage: null, charged: 0, ...patch });

function api(routes: Record<string, Route> = {}, list: TranslateItem[] = []) {
  return mockApi({
    'GET /api/translate/histories': () => ok({ list }),
    'POST /api/translate/create': (b) => ok({ id: 7, secret: SECRET, from: (b as { from: string }).from, to: (b as { to: string }).to }),
    'POST /api/chat/translate': () => ({ sse: sse({ type: 'delta', text: 'Good ' }, { type: 'delta', text: 'morning' }, done()) }),
    'POST /api/translate/stop': () => ok(null),
    'POST /api/translate/delete': () => ok(null),
    ...routes,
  });
}

function renderController(state?: unknown) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[{ pathname: '/translate', state }]}>{children}</MemoryRouter>
    </QueryClientProvider>
  );
  return renderHook(() => useTranslateController(), { wrapper });
}

function logIn(features: Feature[] = [feature('m1', 50), feature('m2', 500)]) {
  tokenStore.set('tok');
  resetSession({ ready: true, token: 'tok', globalConfig: globalConfig(), website: { ...website(), features } });
}

beforeEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(toast.error).mockClear();
  vi.mocked(toast.success).mockClear();
  vi.mocked(copyText).mockClear();
  resetSession({ ready: true, globalConfig: globalConfig() });
});

describe('useTranslateController', () => {
  it('takes the text typed in the chat input, and the first model with its input cap', () => {
    logIn();
    api();
    const { result } = renderController({ text: 'from chat' });
    expect(result.current.text).toBe('from chat');
    expect(result.current.feature?.code).toBe('m1');
    expect(result.current.limit).toBe(50);
    expect(result.current.length).toBe(9);
    act(() => result.current.setModel('m2'));
    expect(result.current.limit).toBe(500);
  });

  it('falls back to the SPEC cap without models, and counts characters, not UTF-16 units', () => {
    logIn([]);
    api();
    const { result } = renderController();
    act(() => result.current.setText('𠀀好'));
    expect(result.current.limit).toBe(DEFAULT_INPUT_LIMIT);
    expect(result.current.length).toBe(2);
  });

  it('streams a translation: sends text, languages and model, shows the deltas, refreshes the history', async () => {
    logIn();
    const calls = api();
    const { result } = renderController();
    await waitFor(() => expect(calls.find('GET', '/api/translate/histories')).toHaveLength(1));
    act(() => result.current.setText('  早上好  '));
    expect(result.current.detected).toBe('zh-CN');
    act(() => result.current.submit());
    expect(result.current.running).toBe(true);
    expect(result.current.resultStatus).toBe('running');
    await waitFor(() => expect(result.current.running).toBe(false));
    expect(result.current.result).toBe('Good morning');
    expect(result.current.resultStatus).toBe('complete');
    expect(calls.find('POST', '/api/translate/create')[0]!.body).toEqual({ text: '早上好', from: TRANSLATE_AUTO, to: 'en', model: 'm1' });
    expect(calls.find('POST', '/api/chat/translate')[0]!.body).toEqual({ secret: SECRET });
    await waitFor(() => expect(calls.find('GET', '/api/translate/histories')).toHaveLength(2));
  });

  it('asks a guest to log in and calls nothing', () => {
    const calls = api();
    const { result } = renderController();
    act(() => result.current.setText('hello'));
    act(() => result.current.submit());
    expect(useSession.getState().loginOpen).toBe(true);
    expect(result.current.running).toBe(false);
    expect(result.current.guest).toBe(true);
    expect(calls.calls).toHaveLength(0);
  });

  it('refuses a text over the model cap with the SPEC message, without a request', async () => {
    logIn();
    const calls = api();
    const { result } = renderController();
    act(() => result.current.setText('x'.repeat(51)));
    act(() => result.current.submit());
    expect(toast.error).toHaveBeenCalledWith('当前模型最大文字限制为50字，请精简内容或选择更大文本模型');
    expect(result.current.running).toBe(false);
    expect(calls.find('POST', '/api/translate/create')).toHaveLength(0);
  });

  it('refuses the same source and target language (detected or chosen)', () => {
    logIn();
    const calls = api();
    const { result } = renderController();
    act(() => result.current.setText('hello world'));
    act(() => result.current.submit());
    act(() => {
      result.current.setFrom('ja');
      result.current.setTo('ja');
    });
    act(() => result.current.submit());
    expect(vi.mocked(toast.error).mock.calls).toEqual([['源语言与目标语言相同'], ['源语言与目标语言相同']]);
    expect(calls.find('POST', '/api/translate/create')).toHaveLength(0);
  });

  it('does nothing for blank text', () => {
    logIn();
    const calls = api();
    const { result } = renderController();
    act(() => result.current.setText('   '));
    act(() => result.current.submit());
    expect(result.current.running).toBe(false);
    expect(calls.find('POST', '/api/translate/create')).toHaveLength(0);
  });

  it('a refused preparation (balance, moderation) leaves no status and no stream', async () => {
    logIn();
    const calls = api({ 'POST /api/translate/create': () => ({ body: { code: 400, message: '余额不足' } }) });
    const { result } = renderController();
    act(() => result.current.setText('你好'));
    act(() => result.current.submit());
    await waitFor(() => expect(result.current.running).toBe(false));
    expect(result.current.resultStatus).toBeNull();
    expect(result.current.result).toBe('');
    expect(calls.find('POST', '/api/chat/translate')).toHaveLength(0);
  });

  it('an error event keeps the text so far and marks it unfinished', async () => {
    logIn();
    api({ 'POST /api/chat/translate': () => ({ sse: sse({ type: 'delta', text: 'Half' }, { type: 'error', code: 500, message: '上游失败', id: 7 }) }) });
    const { result } = renderController();
    act(() => result.current.setText('你好'));
    act(() => result.current.submit());
    await waitFor(() => expect(result.current.running).toBe(false));
    expect(result.current.resultStatus).toBe('error');
    expect(result.current.result).toBe('Half');
  });

  it('a stream that ends without a closing event is reported as cut', async () => {
    logIn();
    api({ 'POST /api/chat/translate': () => ({ sse: sse({ type: 'delta', text: 'Half' }) }) });
    const { result } = renderController();
    act(() => result.current.setText('你好'));
    act(() => result.current.submit());
    await waitFor(() => expect(result.current.running).toBe(false), { timeout: 15000 });
    expect(result.current.resultStatus).toBe('error');
    expect(toast.error).toHaveBeenCalledWith('连接中断，翻译未完成，请重试');
  }, 20000);

  it('a stopped translation says so and keeps what was translated', async () => {
    logIn();
    api({ 'POST /api/chat/translate': () => ({ sse: sse({ type: 'delta', text: 'Half' }, done({ status: 'stopped' })) }) });
    const { result } = renderController();
    act(() => result.current.setText('你好'));
    act(() => result.current.submit());
    await waitFor(() => expect(result.current.running).toBe(false));
    expect(result.current.resultStatus).toBe('stopped');
    expect(result.current.result).toBe('Half');
    expect(toast.success).toHaveBeenCalledWith('已停止，保留已翻译的部分');
  });

  it('swaps the languages and, with a result, the texts; not while automatic detection found nothing', async () => {
    logIn();
    api();
    const { result } = renderController();
    act(() => result.current.swap());
    expect(result.current.from).toBe(TRANSLATE_AUTO);
    act(() => result.current.setText('早上好'));
    act(() => result.current.submit());
    await waitFor(() => expect(result.current.result).toBe('Good morning'));
    act(() => result.current.swap());
    expect(result.current.from).toBe('en');
    expect(result.current.to).toBe('zh-CN');
    expect(result.current.text).toBe('Good morning');
    expect(result.current.result).toBe('早上好');
  });

  it('copies the result; a failed copy says so', async () => {
    logIn();
    api();
    const { result } = renderController();
    await act(() => result.current.copy());
    expect(result.current.copied).toBe(true);
    vi.mocked(copyText).mockResolvedValueOnce(false);
    await act(() => result.current.copy());
    expect(toast.error).toHaveBeenCalledWith('复制失败');
  });

  it('opens a past translation, deletes one, starts a new one', async () => {
    logIn();
    const calls = api({}, [item(1, { status: 'stopped' }), item(2)]);
    const { result } = renderController();
    await waitFor(() => expect(result.current.history.items).toHaveLength(2));
    act(() => result.current.setDrawerOpen(true));
    act(() => result.current.show(result.current.history.items[0]!));
    expect(result.current).toMatchObject({ text: '你好', from: 'zh-CN', to: 'en', result: 'Hello', resultStatus: 'stopped', drawerOpen: false });
    await act(() => result.current.remove(item(2)));
    expect(calls.find('POST', '/api/translate/delete')[0]!.body).toEqual({ id: 2 });
    expect(toast.success).toHaveBeenCalledWith('删除成功');
    act(() => result.current.startNew());
    expect(result.current).toMatchObject({ text: '', result: '', resultStatus: null });
  });

  it('resumes a translation that was streaming before a reload', async () => {
    logIn();
    const calls = api({ 'GET /api/turns/resume': () => ({ sse: sse({ type: 'resume', text: 'Good ' }, { type: 'delta', text: 'night' }, done()) }) });
    saveRecord({ secret: SECRET, kind: TRANSLATE_RUN, context: { text: '晚安', from: 'zh-CN', to: 'en' }, startedAt: Date.now() });
    const { result } = renderController();
    expect(result.current).toMatchObject({ text: '晚安', from: 'zh-CN', to: 'en', running: true });
    await waitFor(() => expect(result.current.running).toBe(false));
    expect(result.current.result).toBe('Good night');
    expect(calls.find('GET', '/api/turns/resume')[0]!.url.searchParams.get('secret')).toBe(SECRET);
    expect(calls.find('POST', '/api/translate/create')).toHaveLength(0);
  });

  it('a turn that ended meanwhile (404 on resume) leaves the screen idle and refreshes the history', async () => {
    logIn();
    const calls = api({ 'GET /api/turns/resume': () => ({ status: 404, body: { code: 404, message: '对话已结束' } }) });
    saveRecord({ secret: SECRET, kind: TRANSLATE_RUN, context: { text: '晚安', from: 'zh-CN', to: 'en' }, startedAt: Date.now() });
    const { result } = renderController();
    await waitFor(() => expect(result.current.running).toBe(false));
    expect(result.current.resultStatus).toBeNull();
    await waitFor(() => expect(calls.find('GET', '/api/translate/histories').length).toBeGreaterThanOrEqual(2));
  });

  it('a guest with a leftover record does not resume', () => {
    const calls = api();
    saveRecord({ secret: SECRET, kind: TRANSLATE_RUN, context: { text: '晚安', from: 'zh-CN', to: 'en' }, startedAt: Date.now() });
    const { result } = renderController();
    expect(result.current.running).toBe(false);
    expect(result.current.text).toBe('');
    expect(calls.calls).toHaveLength(0);
  });
});
