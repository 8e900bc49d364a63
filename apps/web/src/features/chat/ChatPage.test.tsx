import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from '../../lib/router/index.tsx';
import { DELETE_DEBOUNCE_MS } from '@app/shared/constants';
import { useSession } from '../../lib/session.ts';
import { toast } from '../../lib/toast.ts';
import ChatPage from './ChatPage.tsx';
import { useChat } from './stores/chat-store.ts';
import { useDraft } from './stores/draft-store.ts';
import { useModelStore } from './stores/model-store.ts';
import { useChatUi } from './stores/ui-store.ts';
import { saveRecord } from '../../lib/stream-run/record.ts';
import { heldSse } from '../../test/mock-api.ts';
import { feature, mockApi, ok, queryClient, serverGroup, serverMessage, session, sse, withQueries } from './test/fixtures.ts';

vi.mock('../../lib/toast.ts', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

const SECRET = 's'.repeat(32);

function renderPage() {
  return render(
    <MemoryRouter initialEntries={['/talk']}>
      <ChatPage />
    </MemoryRouter>,
    { wrapper: withQueries(queryClient()) },
  );
}

function withHistory(messages = [serverMessage(1, true, '第一个问题'), serverMessage(2, false, '第一个回答'), serverMessage(3, true, '第二个问题'), serverMessage(4, false, '第二个回答')]) {
  useChat.setState({ active: 1 });
  return mockApi({
    'GET /api/chat/histories': () => ok({ list: [serverGroup(1, '旧对话'), serverGroup(2, '周报')] }),
    'GET /api/chat/history': () => ok({ list: messages }),
    'POST /api/chat/create': () => ok({ uuid: 1, secret: SECRET }),
    'GET /api/chat/stream': () => ({ sse: sse({ type: 'delta', text: '好的' }, { type: 'done', uuid: 1, messageId: 9, userMessageId: 8, status: 'complete', usage: null, charged: 0 }) }),
    'POST /chatlog/del': () => ok(null, '删除成功'),
  });
}

/** Deleting is debounced across dialogs (SPEC §5): lets an earlier test's confirmation pass. */
const pastDeleteDebounce = () => new Promise((r) => setTimeout(r, DELETE_DEBOUNCE_MS + 50));

beforeEach(() => {
  useChat.getState().reset();
  useDraft.getState().clear();
  useChatUi.setState({ historyOpen: false, confirm: null, capNotice: null, exporting: false });
  useModelStore.setState({ botType: null });
  vi.mocked(toast.error).mockClear();
  vi.mocked(toast.info).mockClear();
});
afterEach(() => vi.unstubAllGlobals());

describe('ChatPage', () => {
  it('shows the robot name and the suggestions when empty; a suggestion is sent', async () => {
    session({ token: null });
    mockApi({});
    renderPage();
    expect(screen.getByRole('heading', { name: '你好，我是知行助手' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: /写一封请假邮件/ }));
    // A guest is asked to log in.
    expect(useSession.getState().loginOpen).toBe(true);
  });

  it('a guest pressing send opens the login dialog and keeps the text', async () => {
    session({ token: null });
    const api = mockApi({});
    renderPage();
    await userEvent.type(screen.getByLabelText('输入消息'), '你好');
    await userEvent.click(screen.getByRole('button', { name: '发送' }));
    expect(useSession.getState().loginOpen).toBe(true);
    expect(screen.getByLabelText<HTMLTextAreaElement>('输入消息').value).toBe('你好');
    expect(api.calls).toHaveLength(0);
  });

  it('blank input cannot be sent', async () => {
    session();
    withHistory([]);
    renderPage();
    await userEvent.type(screen.getByLabelText('输入消息'), '   ');
    expect(screen.getByRole<HTMLButtonElement>('button', { name: '发送' }).disabled).toBe(true);
  });

  it('desktop: Enter sends, Shift+Enter does not', async () => {
    session();
    const api = withHistory([]);
    renderPage();
    const box = screen.getByLabelText('输入消息');
    await userEvent.type(box, '第一行');
    fireEvent.keyDown(box, { key: 'Enter', shiftKey: true });
    expect(api.find('POST', '/api/chat/create')).toHaveLength(0);
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(api.find('POST', '/api/chat/create')).toHaveLength(1));
    await waitFor(() => expect(screen.getByText('好的')).toBeTruthy());
    await waitFor(() => expect(useChat.getState().generating).toBe(false));
    await waitFor(() => expect(api.find('GET', '/api/chat/histories')).toHaveLength(2));
  });

  it('a first message sent while the history list still loads stays on screen (a list read before its group existed does not reset it)', async () => {
    session();
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let listed = false;
    mockApi({
      'GET /api/chat/histories': async () => {
        if (!listed) {
          listed = true;
          await gate;
          return ok({ list: [] });
        }
        return ok({ list: [serverGroup(7, '你好')] });
      },
      'GET /api/chat/history': () => ok({ list: [] }),
      'POST /api/chat/create': () => ok({ uuid: 7, secret: SECRET }),
      'GET /api/chat/stream': () => ({ sse: sse({ type: 'delta', text: '你好呀' }, { type: 'done', uuid: 7, messageId: 9, userMessageId: 8, status: 'complete', usage: null, charged: 1 }) }),
    });
    renderPage();
    const box = screen.getByLabelText('输入消息');
    await userEvent.type(box, '你好');
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(screen.getByText('你好呀')).toBeTruthy());
    await waitFor(() => expect(useChat.getState().generating).toBe(false));
    await act(async () => {
      release();
      await new Promise((r) => setTimeout(r, 20));
    });
    expect(useChat.getState().active).toBe(7);
    expect(screen.getByText('你好呀')).toBeTruthy();
  });

  it('mobile: Enter is a newline and Ctrl+Enter sends; one row to start', async () => {
    const { happyDOM } = window as unknown as { happyDOM: { setInnerWidth(w: number): void } };
    const width = window.innerWidth;
    happyDOM.setInnerWidth(375);
    try {
      session();
      const api = withHistory([]);
      renderPage();
      const box = screen.getByLabelText<HTMLTextAreaElement>('输入消息');
      expect(box.getAttribute('rows')).toBe('1');
      await userEvent.type(box, '手机上');
      fireEvent.keyDown(box, { key: 'Enter' });
      expect(api.find('POST', '/api/chat/create')).toHaveLength(0);
      fireEvent.keyDown(box, { key: 'Enter', ctrlKey: true });
      await waitFor(() => expect(api.find('POST', '/api/chat/create')).toHaveLength(1));
      await waitFor(() => expect(useChat.getState().generating).toBe(false));
      await waitFor(() => expect(api.find('GET', '/api/chat/histories')).toHaveLength(2));
    } finally {
      happyDOM.setInnerWidth(width);
    }
  });

  it('caps the input at the model input_ext and shows the warning', async () => {
    session({ features: [feature({ input_ext: 10 })] });
    withHistory([]);
    renderPage();
    const box = screen.getByLabelText<HTMLTextAreaElement>('输入消息');
    fireEvent.change(box, { target: { value: '一二三四五六七八九十十一十二' } });
    expect(box.value).toBe('一二三四五六七八九十');
    expect(useChatUi.getState().capNotice).toBe(10);
    expect(await screen.findByText(/当前模型最大文本限制为 10 字/)).toBeTruthy();
  });

  it('lists history under 其他 with a count and refuses a second new chat', async () => {
    session();
    withHistory();
    renderPage();
    expect(await screen.findByRole('heading', { name: '其他 (2)' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: '新建对话' }));
    expect(await screen.findByRole('heading', { name: '其他 (3)' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: '新建对话' }));
    expect(toast.error).toHaveBeenCalledWith('新会话已存在！');
  });

  it('history search matches by substring', async () => {
    session();
    withHistory();
    renderPage();
    await screen.findByRole('heading', { name: '其他 (2)' });
    await userEvent.type(screen.getByRole('searchbox', { name: '搜索历史记录' }), '周');
    await waitFor(() => expect(screen.getByRole('heading', { name: '其他 (1)' })).toBeTruthy());
    expect(screen.getByRole('button', { name: '周报' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '旧对话' })).toBeNull();
  });

  it('the active item deletes after a confirmation', async () => {
    session();
    const api = withHistory();
    let groups = [serverGroup(1, '旧对话'), serverGroup(2, '周报')];
    api.calls.length = 0;
    mockApi({
      'GET /api/chat/histories': () => ok({ list: groups }),
      'GET /api/chat/history': () => ok({ list: [] }),
      'POST /api/chat/history/delete': () => {
        groups = groups.slice(1);
        return ok(null, '删除成功');
      },
    });
    renderPage();
    await screen.findByRole('heading', { name: '其他 (2)' });
    await userEvent.click(screen.getByRole('button', { name: '删除对话' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('确定删除「旧对话」吗？删除后无法恢复。')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: '删除' }));
    await waitFor(() => expect(useChat.getState().active).toBe(2));
  });

  it('offers retry only on the last reply and only for ai_35 models', async () => {
    session();
    withHistory();
    renderPage();
    await screen.findByText('第二个回答');
    expect(screen.getAllByRole('button', { name: '重新生成' })).toHaveLength(1);
    expect(screen.getAllByRole('button', { name: '继续' })).toHaveLength(1);
    const lastReply = screen.getByText('第二个回答').closest('[data-role="assistant"]') as HTMLElement;
    expect(within(lastReply).getByRole('button', { name: '重新生成' })).toBeTruthy();
  });

  it('offers no retry for other models', async () => {
    session({ features: [feature({ code: 'deepseek_v3', label: 'DeepSeek' })] });
    withHistory([serverMessage(1, true, '问', { model: 'deepseek_v3' }), serverMessage(2, false, '答', { model: 'deepseek_v3' })]);
    renderPage();
    await screen.findByText('答');
    expect(screen.queryByRole('button', { name: '重新生成' })).toBeNull();
    expect(screen.getByRole('button', { name: '继续' })).toBeTruthy();
  });

  it('a failed reply offers retry in its bubble by the same rule: ai_35 and the last reply only (SPEC §2.7)', async () => {
    session({ features: [feature(), feature({ code: 'deepseek_v3', label: 'DeepSeek' })] });
    const failed = { error: true, errorText: '上游超时', status: 'error' as const };
    withHistory([serverMessage(1, true, '问一', { model: 'ai_35' }), serverMessage(2, false, '', { model: 'ai_35', ...failed }), serverMessage(3, true, '问二'), serverMessage(4, false, '', failed)]);
    const { unmount } = renderPage();
    await waitFor(() => expect(screen.getAllByRole('alert')).toHaveLength(2));
    const [older, last] = screen.getAllByRole('alert');
    expect(within(older!).queryByRole('button', { name: '重新生成' })).toBeNull();
    expect(within(last!).getByRole('button', { name: '重新生成' })).toBeTruthy();
    unmount();

    useChat.getState().reset();
    withHistory([serverMessage(1, true, '问', { model: 'deepseek_v3' }), serverMessage(2, false, '', { model: 'deepseek_v3', ...failed })]);
    renderPage();
    const bubble = await screen.findByRole('alert');
    expect(bubble.textContent).toContain('上游超时');
    expect(screen.queryByRole('button', { name: '重新生成' })).toBeNull();
  });

  it('清空当前对话: after a confirmation, /chatlog/delByGroupId empties the open conversation, which stays', async () => {
    await pastDeleteDebounce();
    session();
    useChat.setState({ active: 1 });
    let cleared = false;
    mockApi({
      'GET /api/chat/histories': () => ok({ list: [serverGroup(1, '旧对话'), serverGroup(2, '周报')] }),
      'GET /api/chat/history': () => ok({ list: cleared ? [] : [serverMessage(1, true, '第一个问题'), serverMessage(2, false, '第一个回答')] }),
      'POST /chatlog/delByGroupId': (body) => {
        expect(body).toEqual({ groupId: 1 });
        cleared = true;
        return ok({ count: 2 }, '删除成功');
      },
    });
    renderPage();
    await screen.findByText('第一个回答');
    await userEvent.click(screen.getByRole('button', { name: '清空当前对话' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('确定清空「旧对话」的全部消息吗？对话会保留，消息删除后无法恢复。')).toBeTruthy();
    // Cancel changes nothing.
    await userEvent.click(within(dialog).getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(cleared).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: '清空当前对话' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '清空' }));
    await waitFor(() => expect(screen.queryByText('第一个回答')).toBeNull());
    expect(cleared).toBe(true);
    expect(toast.success).toHaveBeenCalledWith('已清空当前对话');
    expect(useChat.getState()).toMatchObject({ active: 1, chatList: [] });
    expect(useChat.getState().groupList.map((g) => g.title)).toEqual(['旧对话', '周报']);
    // Nothing left to clear: the button goes.
    expect(screen.queryByRole('button', { name: '清空当前对话' })).toBeNull();
   }, 15_000);

  it('清空当前对话 refused (a reply still being generated elsewhere): the server says why, the messages stay', async () => {
    await pastDeleteDebounce();
    vi.mocked(toast.success).mockClear();
    session();
    useChat.setState({ active: 1 });
    mockApi({
      'GET /api/chat/histories': () => ok({ list: [serverGroup(1, '旧对话')] }),
      'GET /api/chat/history': () => ok({ list: [serverMessage(1, true, '问'), serverMessage(2, false, '答')] }),
      'POST /chatlog/delByGroupId': () => ({ status: 409, body: { code: 409, message: '回复生成中，请等它结束或先停止再清空' } }),
    });
    renderPage();
    await screen.findByText('答');
    await userEvent.click(screen.getByRole('button', { name: '清空当前对话' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '清空' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('回复生成中，请等它结束或先停止再清空'));
    expect(screen.getByText('答')).toBeTruthy();
    expect(toast.success).not.toHaveBeenCalledWith('已清空当前对话');
  });

  it('deletes a message through /chatlog/del', async () => {
    session();
    const api = withHistory();
    renderPage();
    await screen.findByText('第二个回答');
    const lastReply = screen.getByText('第二个回答').closest('[data-role="assistant"]') as HTMLElement;
    await userEvent.click(within(lastReply).getByRole('button', { name: '删除' }));
    await waitFor(() => expect(screen.queryByText('第二个回答')).toBeNull());
    expect(api.find('POST', '/chatlog/del')[0]!.body).toEqual({ id: 4 });
  });

  it('limits images to 5 per conversation', async () => {
    session({ features: [feature({ code: 'ai_4o', vision: true })] });
    useChat.setState({ active: 1 });
    mockApi({
      'GET /api/chat/histories': () => ok({ list: [serverGroup(1, '看图', { model: 'ai_4o' })] }),
      'GET /api/chat/history': () => ok({ list: [serverMessage(1, true, '看图', { images: ['/a.png', '/b.png', '/c.png', '/d.png'], model: 'ai_4o' })] }),
      'POST /api/chat/upload-image': () => ok({ url: '/files/x.png', mime: 'image/png', size: 3 }),
    });
    URL.createObjectURL = vi.fn(() => 'blob:x');
    URL.revokeObjectURL = vi.fn();
    renderPage();
    await within(await screen.findByTestId('message-list')).findByText('看图');
    const input = screen.getByTestId<HTMLInputElement>('image-input');
    const files = [new File(['a'], '1.png', { type: 'image/png' }), new File(['b'], '2.png', { type: 'image/png' })];
    await act(async () => {
      fireEvent.change(input, { target: { files } });
    });
    expect(toast.error).toHaveBeenCalledWith('每个对话最多上传5张图片');
    await waitFor(() => expect(useDraft.getState().images).toHaveLength(1));
  });

  it('after a reload during a reply: the partial reply reappears, keeps growing, and stop works', async () => {
    session();
    sessionStorage.clear();
    saveRecord({ secret: SECRET, kind: 'chat', context: { uuid: 7, question: '写一首长诗', images: [], model: 'ai_35', scope: '1,3', retry: false }, startedAt: Date.now() - 3000 });
    const stream = heldSse({ type: 'resume', text: '床前明月光，' });
    const api = mockApi({
      'GET /api/chat/histories': () => ok({ list: [serverGroup(1, '旧对话'), serverGroup(7, '写一首长诗')] }),
      'GET /api/chat/history': () => ok({ list: [] }),
      'GET /api/turns/resume': stream.route,
      'POST /api/chat/stop': () => {
        stream.close({ type: 'done', uuid: 7, messageId: 22, userMessageId: 21, status: 'stopped', usage: null, charged: 1 });
        return ok(null);
      },
      'GET /balance/query': () => ok({}),
      'GET /api/user/info': () => ok({}),
    });
    renderPage();
    expect(await screen.findByText('床前明月光，')).toBeTruthy();
    expect(screen.getByText('写一首长诗', { selector: '[data-role="user"] *' })).toBeTruthy();
    expect(useChat.getState().active).toBe(7);
    expect(api.find('GET', '/api/turns/resume')[0]!.url.searchParams.get('secret')).toBe(SECRET);
    act(() => stream.push({ type: 'delta', text: '疑是地上霜。' }));
    expect(await screen.findByText('床前明月光，疑是地上霜。')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: '停止生成' }));
    await waitFor(() => expect(useChat.getState().generating).toBe(false));
    expect(api.find('POST', '/api/chat/stop')[0]!.body).toEqual({ secret: SECRET });
    expect(useChat.getState().chatList.map((m) => [m.text, m.id, m.status])).toEqual([
      ['写一首长诗', 21, 'complete'],
      ['床前明月光，疑是地上霜。', 22, 'stopped'],
    ]);
    expect(sessionStorage.getItem('streamRun:chat')).toBeNull();
  });
});
