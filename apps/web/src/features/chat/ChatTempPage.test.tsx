import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from '../../lib/router/index.tsx';
import { useSession } from '../../lib/session.ts';
import { toast } from '../../lib/toast.ts';
import ChatExpertPage from './ChatExpertPage.tsx';
import ChatTempPage from './ChatTempPage.tsx';
import { getGroupScope } from './api.ts';
import { useChat } from './stores/chat-store.ts';
import { useDraft } from './stores/draft-store.ts';
import { useModelStore } from './stores/model-store.ts';
import { useChatUi } from './stores/ui-store.ts';
import { mockApi, ok, queryClient, serverGroup, serverMessage, session, sse, withQueries } from './test/fixtures.ts';

vi.mock('../../lib/toast.ts', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

const SECRET = 's'.repeat(32);
const done = { type: 'done', uuid: 7, messageId: 9, userMessageId: 8, status: 'complete', usage: null, charged: 0 };

const template = {
  id: 11,
  title: '周报助手',
  description: '根据要点生成周报',
  icon: '📝',
  questions: [],
  template_variable: {
    topic: { name: '工作内容', form_type: 'input_textarea', placeholder: '本周做了什么', tip: '每行一条', require: true },
    words: { name: '字数', form_type: 'input_number', placeholder: '字数', tip: '', require: false, limit_min: 100 },
    tone: { name: '语气', form_type: 'select', placeholder: '请选择语气', tip: '', require: false, select_values: ['正式', '轻松'] },
  },
};

const expert = {
  id: 21,
  title: '法律顾问',
  description: '解答法律问题',
  icon: '⚖️',
  identity_description: '我是一名资深法律顾问，擅长合同与劳动法。',
  identity_questions: ['劳动合同到期不续签有补偿吗？', '租房押金不退怎么办？'],
};

function api(extra: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    'GET /api/template/list': () => ok({ list: [{ id: 1, name: '职场', icon: '', templates: [{ id: 11, title: '周报助手', description: '根据要点生成周报', icon: '📝' }, { id: 12, title: '邮件', description: '', icon: '' }] }] }),
    'GET /api/template/info/11': () => ok(template),
    'GET /api/app/list': () => ok({ list: [{ id: 2, name: '法律', icon: '', identities: [{ id: 21, title: '法律顾问', description: '解答法律问题', icon: '⚖️' }] }] }),
    'GET /api/app/detail/21': () => ok(expert),
    'GET /api/chat/histories': () => ok({ list: [] }),
    'GET /api/chat/history': () => ok({ list: [] }),
    'POST /api/chat/create': () => ok({ uuid: 7, secret: SECRET }),
    'GET /api/chat/stream': () => ({ sse: sse({ type: 'delta', text: '这是生成的周报' }, done) }),
    ...extra,
  });
}

const renderAt = (path: string, page: React.ReactElement) =>
  render(<MemoryRouter initialEntries={[path]}>{page}</MemoryRouter>, { wrapper: withQueries(queryClient()) });

beforeEach(() => {
  useChat.getState().reset();
  useDraft.getState().clear();
  useChatUi.setState({ historyOpen: false, confirm: null, capNotice: null, exporting: false });
  useModelStore.setState({ botType: null });
  vi.mocked(toast.error).mockClear();
});
afterEach(() => vi.unstubAllGlobals());

describe('ChatTempPage', () => {
  it('shows the form of the ?id template with names, placeholders, tips and the required mark', async () => {
    session();
    const calls = api();
    renderAt('/talk-temp?id=11', <ChatTempPage />);
    const topic = await screen.findByLabelText<HTMLTextAreaElement>(/工作内容/);
    expect(topic.tagName).toBe('TEXTAREA');
    expect(topic.placeholder).toBe('本周做了什么');
    expect(topic.getAttribute('aria-required')).toBe('true');
    expect(screen.getByText('每行一条')).toBeTruthy();
    expect(screen.getByLabelText('字数').getAttribute('type')).toBe('number');
    expect(screen.getByLabelText('语气').tagName).toBe('SELECT');
    expect(screen.getByRole('tab', { name: '模板', selected: true })).toBeTruthy();
    expect(screen.getByRole('tab', { name: '历史' })).toBeTruthy();
    // The composer appears only after the first exchange.
    expect(screen.queryByLabelText('输入消息')).toBeNull();
    await waitFor(() => expect(calls.find('GET', '/api/chat/histories')[0]?.url.searchParams.get('type')).toBe('3'));
    expect(getGroupScope()).toBe('3');
  });

  it('a required field left empty shows 请正确输入必填项 and sends nothing', async () => {
    session();
    const calls = api();
    renderAt('/talk-temp?id=11', <ChatTempPage />);
    await screen.findByLabelText(/工作内容/);
    await userEvent.click(screen.getByRole('button', { name: '生成内容' }));
    expect(await screen.findByText('请正确输入必填项')).toBeTruthy();
    expect(toast.error).toHaveBeenCalledWith('请正确输入必填项');
    expect(calls.find('POST', '/api/chat/create')).toHaveLength(0);
  });

  it('a number below limit_min shows the message and resets to the minimum', async () => {
    session();
    const calls = api();
    renderAt('/talk-temp?id=11', <ChatTempPage />);
    const words = await screen.findByLabelText<HTMLInputElement>('字数');
    fireEvent.change(words, { target: { value: '20' } });
    fireEvent.blur(words);
    expect(await screen.findByText('输入值必须大于100')).toBeTruthy();
    expect(words.value).toBe('100');
    expect(toast.error).toHaveBeenCalledWith('输入值必须大于100');
    // On submit too.
    fireEvent.change(screen.getByLabelText(/工作内容/), { target: { value: '写代码' } });
    fireEvent.change(words, { target: { value: '5' } });
    await userEvent.click(screen.getByRole('button', { name: '生成内容' }));
    await waitFor(() => expect(words.value).toBe('100'));
    expect(calls.find('POST', '/api/chat/create')).toHaveLength(0);
  });

  it('a valid form sends temp_id and variable, streams the result, then locks the form and shows the input', async () => {
    session();
    let groups: ReturnType<typeof serverGroup>[] = [];
    const calls = api({
      'GET /api/chat/histories': () => ok({ list: groups }),
      'POST /api/chat/create': () => {
        groups = [serverGroup(7, '周报助手', { type: 3, templateId: 11 })];
        return ok({ uuid: 7, secret: SECRET });
      },
    });
    renderAt('/talk-temp?id=11', <ChatTempPage />);
    fireEvent.change(await screen.findByLabelText(/工作内容/), { target: { value: '修复登录问题' } });
    fireEvent.change(screen.getByLabelText('字数'), { target: { value: '300' } });
    fireEvent.change(screen.getByLabelText('语气'), { target: { value: '正式' } });
    await userEvent.click(screen.getByRole('button', { name: '生成内容' }));
    await waitFor(() => expect(calls.find('POST', '/api/chat/create')).toHaveLength(1));
    const body = calls.find('POST', '/api/chat/create')[0]!.body as Record<string, unknown>;
    expect(body).toMatchObject({ temp_id: 11, uuid: 0, variable: { topic: '修复登录问题', words: '300', tone: '正式' } });
    expect(await screen.findByText('这是生成的周报')).toBeTruthy();
    await waitFor(() => expect(useChat.getState().generating).toBe(false));
    expect(await screen.findByLabelText('输入消息')).toBeTruthy();
    expect(screen.getByLabelText<HTMLTextAreaElement>(/工作内容/).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: '生成内容' })).toBeNull();
    await waitFor(() => expect(useChat.getState().groupList[0]).toMatchObject({ uuid: 7, type: 3, templateId: 11 }));
    // The values it was generated with stay in the (disabled) form.
    expect(screen.getByLabelText<HTMLTextAreaElement>(/工作内容/).value).toBe('修复登录问题');
    // SPEC §3: the chat meta names the template and the values, and is saved with the groups.
    const meta = { title: expect.any(String), variable: { topic: '修复登录问题', words: '300', tone: '正式' } };
    expect(useChat.getState().chatMeta).toMatchObject(meta);
    expect(useChat.getState().chatMeta?.template_variable).toHaveProperty('topic');
    expect(JSON.parse(localStorage.getItem('chatStorage') ?? '{}')).toMatchObject({ data: { chatMeta: meta } });
  });

  it('a field the server refuses (400, data.field variable.<key>) shows its message on that field', async () => {
    session();
    const calls = api({
      'POST /api/chat/create': () => ({ status: 400, body: { code: 400, message: '工作内容过长', data: { field: 'variable.topic' } } }),
    });
    renderAt('/talk-temp?id=11', <ChatTempPage />);
    fireEvent.change(await screen.findByLabelText(/工作内容/), { target: { value: '写代码' } });
    await userEvent.click(screen.getByRole('button', { name: '生成内容' }));
    await waitFor(() => expect(calls.find('POST', '/api/chat/create')).toHaveLength(1));
    expect(await screen.findByText('工作内容过长', { selector: 'p' })).toBeTruthy();
    expect(screen.getByLabelText(/工作内容/).getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByLabelText('输入消息')).toBeNull();
  });

  it('a guest can browse but generating asks to log in', async () => {
    session({ token: null });
    const calls = api();
    renderAt('/talk-temp?id=11', <ChatTempPage />);
    fireEvent.change(await screen.findByLabelText(/工作内容/), { target: { value: '写代码' } });
    await userEvent.click(screen.getByRole('button', { name: '生成内容' }));
    expect(useSession.getState().loginOpen).toBe(true);
    expect(calls.find('POST', '/api/chat/create')).toHaveLength(0);
  });

  it('the history tab lists type-3 groups; selecting one loads it and refills the form it was made with', async () => {
    session();
    api({
      'GET /api/chat/histories': () => ok({ list: [serverGroup(5, '上周周报', { type: 3, templateId: 11, variable: { topic: '完成了登录模块', words: '300', tone: '正式' } })] }),
      'GET /api/chat/history': () => ok({ list: [serverMessage(1, true, '周报助手'), serverMessage(2, false, '旧的周报内容')] }),
    });
    renderAt('/talk-temp', <ChatTempPage />);
    await userEvent.click(screen.getByRole('tab', { name: '历史' }));
    await userEvent.click(await screen.findByRole('button', { name: '上周周报' }));
    expect(await screen.findByText('旧的周报内容')).toBeTruthy();
    expect(await screen.findByLabelText('输入消息')).toBeTruthy();
    expect(await screen.findByDisplayValue('完成了登录模块')).toBeTruthy();
    expect(screen.getByDisplayValue('300')).toBeTruthy();
  });
});

describe('ChatExpertPage', () => {
  it('shows the description, the examples and the AI notice; an example sends identity_id + input', async () => {
    session();
    const calls = api({ 'GET /api/chat/stream': () => ({ sse: sse({ type: 'delta', text: '视情况而定' }, done) }) });
    renderAt('/talk-expert?id=21', <ChatExpertPage />);
    expect(await screen.findByText('我是一名资深法律顾问，擅长合同与劳动法。')).toBeTruthy();
    expect(useChat.getState().chatMeta).toMatchObject({ identity_description: '我是一名资深法律顾问，擅长合同与劳动法。', identity_questions: expect.arrayContaining(['劳动合同到期不续签有补偿吗？']) });
    expect(screen.getByText(/以上回答由 AI 生成/)).toBeTruthy();
    expect(screen.getByRole('tab', { name: '专家', selected: true })).toBeTruthy();
    expect(screen.queryByLabelText('输入消息')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: '劳动合同到期不续签有补偿吗？' }));
    await waitFor(() => expect(calls.find('POST', '/api/chat/create')).toHaveLength(1));
    expect(calls.find('POST', '/api/chat/create')[0]!.body).toMatchObject({ identity_id: 21, input: '劳动合同到期不续签有补偿吗？', uuid: 0 });
    expect(await screen.findByText('视情况而定')).toBeTruthy();
    await waitFor(() => expect(useChat.getState().generating).toBe(false));
    expect(await screen.findByLabelText('输入消息')).toBeTruthy();
    expect(calls.find('GET', '/api/chat/histories').every((c) => c.url.searchParams.get('type') === '2')).toBe(true);
  });

  it('a guest clicking an example is asked to log in; the history query is type 2', async () => {
    session({ token: null });
    const calls = api();
    renderAt('/talk-expert?id=21', <ChatExpertPage />);
    await userEvent.click(await screen.findByRole('button', { name: '租房押金不退怎么办？' }));
    expect(useSession.getState().loginOpen).toBe(true);
    expect(calls.find('POST', '/api/chat/create')).toHaveLength(0);
    expect(getGroupScope()).toBe('2');
  });
});
