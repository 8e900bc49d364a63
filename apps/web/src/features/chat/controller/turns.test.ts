import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { on } from '../../../lib/events.ts';
import { useSession } from '../../../lib/session.ts';
import { useChat } from '../stores/chat-store.ts';
import { useDraft } from '../stores/draft-store.ts';
import { streamStore } from '../stores/stream-store.ts';
import { mockApi, ok, serverGroup, serverMessage, session, sse } from '../test/fixtures.ts';
import { stopReply } from './run.ts';
import { heldSse } from '../../../test/mock-api.ts';
import { readRecord, saveRecord } from '../../../lib/stream-run/record.ts';
import { loadHistory } from './groups.ts';
import { pendingResume } from './pending-resume.ts';
import { resumeReply } from './resume.ts';
import { continueReply, retryReply, sendMessage } from './turns.ts';

vi.mock('../../../lib/toast.ts', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

const SECRET = 's'.repeat(32);

beforeEach(() => {
  useChat.getState().reset();
  useDraft.getState().clear();
  session();
});
afterEach(() => vi.unstubAllGlobals());

const done = { type: 'done', uuid: 7, messageId: 12, userMessageId: 11, status: 'complete', usage: null, charged: 0 };

describe('sendMessage (SPEC §4.2)', () => {
  it('a guest is asked to log in and nothing is sent', async () => {
    session({ token: null });
    const api = mockApi({});
    expect(await sendMessage('你好')).toBe(false);
    expect(useSession.getState().loginOpen).toBe(true);
    expect(api.calls).toHaveLength(0);
  });

  it('blank input is never sent', async () => {
    const api = mockApi({});
    expect(await sendMessage('  \n ')).toBe(false);
    expect(api.calls).toHaveLength(0);
  });

  it('prepares, streams deltas split across chunks, and saves the ids from done', async () => {
    const events = sse({ type: 'delta', text: '你好' }, { type: 'delta', text: '，世界' }, done).join('');
    const api = mockApi({
      'POST /api/chat/create': () => ok({ uuid: 7, secret: SECRET }),
      'GET /api/chat/stream': () => ({ sse: [events.slice(0, 17), events.slice(17, 50), events.slice(50)] }),
      'GET /api/chat/histories': () => ok({ list: [serverGroup(7, '你好呀')] }),
    });
    expect(await sendMessage('你好呀')).toBe(true);
    expect(api.find('POST', '/api/chat/create')[0]!.body).toMatchObject({ input: '你好呀', uuid: 0, feature: 'ai_35', retry: false });
    const stream = api.find('GET', '/api/chat/stream')[0]!.url;
    expect(stream.searchParams.get('secret')).toBe(SECRET);
    expect(stream.searchParams.get('feature')).toBe('ai_35');
    const s = useChat.getState();
    expect(s.generating).toBe(false);
    expect(s.active).toBe(7);
    expect(s.chatList.map((m) => [m.inversion, m.text, m.id, m.loading])).toEqual([
      [true, '你好呀', 11, false],
      [false, '你好，世界', 12, false],
    ]);
    expect(streamStore.key()).toBeNull();
    // SPEC §4.2 step 4: after the first exchange the group list is refreshed.
    await vi.waitFor(() => expect(api.find('GET', '/api/chat/histories')).toHaveLength(1));
  });

  it('a 408xxx error opens the purchase dialog and shows on the bubble', async () => {
    const low = vi.fn();
    const off = on('balance-low', low);
    mockApi({
      'POST /api/chat/create': () => ok({ uuid: 7, secret: SECRET }),
      'GET /api/chat/stream': () => ({ sse: sse({ type: 'error', code: 408001, message: '基础对话额度不足', uuid: 7, messageId: null }) }),
    });
    await sendMessage('你好');
    off();
    expect(low).toHaveBeenCalledWith({ code: 408001, message: '基础对话额度不足' });
    const reply = useChat.getState().chatList[1]!;
    expect(reply).toMatchObject({ error: true, errorText: '基础对话额度不足', loading: false });
    // The server discarded the new group: it is a new session again.
    expect(useChat.getState().active).toBe(0);
  });

  it('puts the text back when the prepare call fails', async () => {
    mockApi({ 'POST /api/chat/create': () => ({ status: 400, body: { code: 400, message: '输入内容过长' } }) });
    expect(await sendMessage('很长的问题')).toBe(false);
    expect(useChat.getState().chatList).toEqual([]);
    expect(useDraft.getState().text).toBe('很长的问题');
    expect(useChat.getState().generating).toBe(false);
  });

  it('a stream cut before done shows an error with retry', async () => {
    mockApi({
      'POST /api/chat/create': () => ok({ uuid: 7, secret: SECRET }),
      'GET /api/chat/stream': () => ({ sse: sse({ type: 'delta', text: '一半' }) }),
      'GET /api/chat/history': () => ok({ list: [] }),
    });
    await sendMessage('你好');
    expect(useChat.getState().chatList[1]).toMatchObject({ text: '一半', error: true, status: 'error' });
  });
});

describe('stop, continue, retry', () => {
  it('stop tells the server with the secret and the reply ends as stopped', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => (release = r));
    const api = mockApi({
      'POST /api/chat/create': () => ok({ uuid: 7, secret: SECRET }),
      'GET /api/chat/stream': () => ({ sse: sse({ type: 'delta', text: '正在' }) }),
      'POST /api/chat/stop': () => {
        release();
        return ok(null, '已停止');
      },
      'GET /api/chat/history': () => ok({ list: [] }),
    });
    // Hold the stream open until stop is pressed.
    const realFetch = globalThis.fetch;
    vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
      const res = await realFetch(input, init);
      if (!String(input).startsWith('/api/chat/stream')) return res;
      const reader = res.body!.getReader();
      const body = new ReadableStream<Uint8Array>({
        async start(c) {
          for (;;) {
            const { done, value } = await reader.read();
            if (done) break;
            c.enqueue(value);
          }
          await gate;
          c.enqueue(new TextEncoder().encode(sse({ ...done, status: 'stopped' }).join('')));
          c.close();
        },
      });
      return new Response(body, { headers: { 'Content-Type': 'text/event-stream' } });
    });
    const sending = sendMessage('写一首诗');
    await vi.waitFor(() => expect(streamStore.text()).toBe('正在'));
    expect(useChat.getState().generating).toBe(true);
    await stopReply();
    await sending;
    expect(api.find('POST', '/api/chat/stop')[0]!.body).toEqual({ secret: SECRET });
    expect(useChat.getState().chatList[1]).toMatchObject({ text: '正在', status: 'stopped', id: 12, loading: false });
    expect(useChat.getState().generating).toBe(false);
  });

  it('continue sends 继续 in the same group', async () => {
    const api = mockApi({
      'POST /api/chat/create': () => ok({ uuid: 7, secret: SECRET }),
      'GET /api/chat/stream': () => ({ sse: sse({ type: 'delta', text: '好' }, done) }),
      'GET /api/chat/histories': () => ok({ list: [serverGroup(7)] }),
    });
    await sendMessage('讲个故事');
    await continueReply();
    const creates = api.find('POST', '/api/chat/create');
    expect(creates[1]!.body).toMatchObject({ input: '继续', uuid: 7, retry: false });
  });

  it('retry re-sends with the retry flag and replaces the last reply', async () => {
    const api = mockApi({
      'POST /api/chat/create': () => ok({ uuid: 7, secret: SECRET }),
      'GET /api/chat/stream': () => ({ sse: sse({ type: 'delta', text: '新回答' }, { ...done, messageId: 13 }) }),
      'GET /api/chat/histories': () => ok({ list: [serverGroup(7)] }),
    });
    await sendMessage('问题');
    await retryReply();
    expect(api.find('POST', '/api/chat/create')[1]!.body).toMatchObject({ uuid: 7, retry: true });
    expect(useChat.getState().chatList.map((m) => m.text)).toEqual(['问题', '新回答']);
    expect(useChat.getState().chatList[1]!.id).toBe(13);
  });
});

describe('resume after a reload', () => {
  const context = { uuid: 7, question: '写一首长诗', images: [], model: 'ai_35', scope: '1,3', retry: false };
  beforeEach(() => sessionStorage.clear());

  it('the record of a streaming turn holds the group, the question and the screen', async () => {
    const stream = heldSse({ type: 'delta', text: '好' });
    mockApi({
      'POST /api/chat/create': () => ok({ uuid: 7, secret: SECRET }),
      'GET /api/chat/stream': stream.route,
      'GET /api/chat/histories': () => ok({ list: [serverGroup(7)] }),
    });
    const sending = sendMessage('写一首长诗');
    await vi.waitFor(() => expect(streamStore.text()).toBe('好'));
    expect(readRecord('chat')).toMatchObject({ secret: SECRET, kind: 'chat', context });
    stream.close(done);
    await sending;
    expect(readRecord('chat')).toBeNull();
  });

  it('a turn no longer live (404): the record goes and the history is loaded again', async () => {
    saveRecord({ secret: SECRET, kind: 'chat', context, startedAt: Date.now() });
    const api = mockApi({
      'GET /api/chat/history': () => ok({ list: [serverMessage(1, true, '写一首长诗'), serverMessage(2, false, '床前明月光')] }),
      'GET /api/turns/resume': () => ({ status: 404, body: { code: 404, message: '对话已结束' } }),
    });
    useChat.setState({ active: 7 });
    await loadHistory(7);
    expect(await resumeReply(pendingResume()!)).toBe(false);
    expect(api.find('GET', '/api/chat/history')).toHaveLength(2);
    expect(useChat.getState().chatList.map((m) => m.text)).toEqual(['写一首长诗', '床前明月光']);
    expect(useChat.getState().generating).toBe(false);
    expect(readRecord('chat')).toBeNull();
  });

  it('a record made on another chat screen (other group types) or by a guest is left alone', () => {
    saveRecord({ secret: SECRET, kind: 'chat', context: { ...context, scope: '3' }, startedAt: Date.now() });
    expect(pendingResume()).toBeNull();
    saveRecord({ secret: SECRET, kind: 'chat', context, startedAt: Date.now() });
    expect(pendingResume()).not.toBeNull();
    session({ token: null });
    useSession.setState({ token: null });
    expect(pendingResume()).toBeNull();
  });
});
