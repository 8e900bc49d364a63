import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from '../../lib/router/index.tsx';
import { on } from '../../lib/events.ts';
import { useSession } from '../../lib/session.ts';
import { storage } from '../../lib/storage.ts';
import { toast } from '../../lib/toast.ts';
import ChatFilePage from './ChatFilePage.tsx';
import { readRecord, saveRecord } from '../../lib/stream-run/record.ts';
import { STOP_GRACE_MS } from '../../lib/stream-run/run.ts';
import { heldSse } from '../../test/mock-api.ts';
import { putPart } from './logic/put-part.ts';
import { useDocuments } from './stores/document-store.ts';
import { useDocUi } from './stores/ui-store.ts';
import { useUpload } from './stores/upload-store.ts';
import { ACTIONS, doc, LANGUAGES, LIMITS, message, mockApi, ok, session, sse, tokenOf, type Route } from './test/fixtures.ts';

vi.mock('../../lib/toast.ts', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));
// happy-dom has no network for XMLHttpRequest: slices "arrive" at once.
vi.mock('./logic/put-part.ts', () => ({
  putPart: vi.fn(async (_part: unknown, blob: Blob, onProgress: (n: number) => void) => onProgress(blob.size)),
}));

const SECRET = 's'.repeat(32);

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/talk-file']}>
        <ChatFilePage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const done = (patch: object = {}) => ({ type: 'done', token: tokenOf(1), messageId: 21, userMessageId: 20, status: 'complete', usage: null, charged: 0, citations: [], ...patch });

function api(routes: Record<string, Route> = {}, docs = [doc(1, '季度报告'), doc(2, '产品手册', { file_ext: 'docx', pages: null })]) {
  let list = docs;
  return mockApi({
    'GET /api/document/actions': () => ok(ACTIONS),
    'GET /api/document/language': () => ok(LANGUAGES),
    'GET /api/document/pre_add': () => ok(LIMITS),
    'GET /api/document/histories': () => ok({ list }),
    [`GET /api/document/history/${tokenOf(1)}`]: () => ok({ document: docs[0], list: [] }),
    [`GET /api/document/history/${tokenOf(2)}`]: () => ok({ document: docs[1], list: [] }),
    'POST /api/document/ask/validate': () => ok({ secret: SECRET }),
    'POST /api/document/ask': () => ({ sse: sse({ type: 'delta', text: '离线演示：' }, { type: 'delta', text: '全文总结' }, done({ citations: [{ n: 1, page: 2, section: '引言' }] })) }),
    'POST /api/document/stop': () => ok(null),
    'POST /api/document/delete': (b) => {
      list = list.filter((d) => d.token !== (b as { token: string }).token);
      return ok(null, '删除成功');
    },
    ...routes,
  });
}

const input = () => screen.getByLabelText<HTMLTextAreaElement>('输入问题');

beforeEach(() => {
  useDocuments.getState().reset();
  useDocuments.setState({ action: null, outLang: null });
  useDocUi.setState({ drawerOpen: false, uploadOpen: false, confirm: null });
  useUpload.getState().reset();
  vi.mocked(toast.error).mockClear();
  vi.mocked(toast.success).mockClear();
});
afterEach(() => vi.unstubAllGlobals());

describe('ChatFilePage', () => {
  it('a guest sees the invitation; uploading asks to log in and nothing is requested', async () => {
    session({ token: null });
    const calls = mockApi({});
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: '文档分析' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: '上传文档' }));
    expect(useSession.getState().loginOpen).toBe(true);
    expect(calls.calls).toHaveLength(0);
  });

  it('without documents: the empty state with the accepted types and size; sending says to upload first', async () => {
    session();
    const calls = api({}, []);
    renderPage();
    const empty = await screen.findByTestId('document-empty');
    expect(within(empty).getByText('上传文档，开始智能分析')).toBeTruthy();
    await waitFor(() => expect(within(empty).getByText('docx')).toBeTruthy());
    expect(within(empty).getByText('单个文件不超过 50MB')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: '发送' }));
    expect(toast.error).toHaveBeenCalledWith('请先上传或选择文档');
    expect(calls.find('POST', '/api/document/ask/validate')).toHaveLength(0);
  });

  it('loads the documents, opens the first and shows its messages with action labels and citations', async () => {
    session();
    api(
      {
        [`GET /api/document/history/${tokenOf(1)}`]: () =>
          ok({
            document: doc(1, '季度报告'),
            list: [
              message(1, 'user', '营收增长了多少？', { action: 'qa' }),
              message(2, 'assistant', '营收同比增长 **12%**。', { citations: [{ n: 3, page: 4, section: null }, { n: 5, page: null, section: '财务摘要' }] }),
            ],
          }),
      },
      [doc(1, '季度报告'), doc(2, '会议纪要', { status: 1 }), doc(3, '扫描件', { status: 3 })],
    );
    renderPage();
    const list = await screen.findByRole('navigation', { name: '我的文档' });
    await waitFor(() => expect(within(list).getAllByTestId('document-item')).toHaveLength(3));
    expect(within(list).getByText('解析中')).toBeTruthy();
    expect(within(list).getByText('解析失败')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: '季度报告' })).toBeTruthy();
    await screen.findByText('营收增长了多少？');
    expect(screen.getByTestId('message-action').textContent).toBe('问答');
    const cites = screen.getByTestId('citations');
    expect(within(cites).getByText('第 4 页')).toBeTruthy();
    expect(within(cites).getByText('财务摘要')).toBeTruthy();
    // No model picker on document chat.
    expect(screen.queryByRole('button', { name: /选择模型/ })).toBeNull();
  });

  it('asks with an action and a language: validate, then the stream; the language is remembered', async () => {
    session();
    const calls = api();
    renderPage();
    await screen.findByTestId('document-intro');
    await waitFor(() => expect(screen.getAllByRole('tab')).toHaveLength(5));
    await userEvent.click(screen.getByRole('tab', { name: '翻译全文' }));
    await userEvent.selectOptions(screen.getByLabelText('输出语言'), 'English');
    expect(storage.get('outLang')).toBe('English');
    // The action is the request: an empty question is fine.
    await userEvent.click(screen.getByRole('button', { name: '发送' }));
    await screen.findByText(/全文总结/);
    await waitFor(() => expect(useDocuments.getState().generating).toBe(false));
    const body = { token: tokenOf(1), question: '', action: 'translate', language: 'English' };
    expect(calls.find('POST', '/api/document/ask/validate')[0]!.body).toEqual(body);
    expect(calls.find('POST', '/api/document/ask')[0]!.body).toEqual({ secret: SECRET, ...body });
    const user = screen.getByTestId('message-action');
    expect(user.textContent).toBe('翻译全文');
    expect(within(screen.getByTestId('citations')).getByText('第 2 页 · 引言')).toBeTruthy();
    expect(useDocuments.getState().messages.at(-1)).toMatchObject({ id: 21, status: 'complete', loading: false });
  });

  it('问答 needs a question; with one it is sent', async () => {
    session();
    const calls = api();
    renderPage();
    await screen.findByTestId('document-intro');
    await userEvent.click(await screen.findByRole('tab', { name: '问答' }));
    expect(input().placeholder).toContain('针对文档提问');
    fireEvent.submit(input().closest('form')!);
    expect(toast.error).toHaveBeenCalledWith('请输入你的问题');
    expect(calls.find('POST', '/api/document/ask/validate')).toHaveLength(0);
    await userEvent.type(input(), '结论是什么');
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(calls.find('POST', '/api/document/ask/validate')).toHaveLength(1));
    expect(calls.find('POST', '/api/document/ask/validate')[0]!.body).toMatchObject({ question: '结论是什么', action: 'qa', language: '中文' });
    expect(input().value).toBe('');
  });

  it('stop posts the secret and keeps the partial text', async () => {
    session();
    const pieces = Array.from({ length: 200 }, (_, i) => ({ type: 'delta', text: `第${i}段。` }));
    const calls = api({ 'POST /api/document/ask': () => ({ sse: sse(...pieces, done()), delayMs: 15 }) });
    renderPage();
    await screen.findByTestId('document-intro');
    await userEvent.click(await screen.findByRole('tab', { name: '总结全文' }));
    await userEvent.click(screen.getByRole('button', { name: '发送' }));
    await screen.findByText(/第3段/);
    await userEvent.click(screen.getByRole('button', { name: '停止生成' }));
    expect(calls.find('POST', '/api/document/stop')[0]!.body).toEqual({ secret: SECRET });
    await waitFor(() => expect(useDocuments.getState().generating).toBe(false), { timeout: STOP_GRACE_MS + 2000 });
    const reply = useDocuments.getState().messages.at(-1)!;
    expect(reply.status).toBe('stopped');
    expect(reply.text).toMatch(/^第0段。第1段。第2段。/);
    expect(reply.text).not.toContain('第199段');
    expect(screen.getByText('已停止生成')).toBeTruthy();
  });

  it('an error event shows its message on the reply; 408xxx opens the purchase dialog', async () => {
    session();
    api({ 'POST /api/document/ask': () => ({ sse: sse({ type: 'error', code: 408001, message: '对话额度不足，请购买套餐', token: tokenOf(1), messageId: null }) }) });
    const balance = vi.fn();
    const off = on('balance-low', balance);
    try {
      renderPage();
      await screen.findByTestId('document-intro');
      await userEvent.click(await screen.findByRole('button', { name: '提取要点' }));
      expect(await screen.findByText('对话额度不足，请购买套餐')).toBeTruthy();
      expect(balance).toHaveBeenCalledTimes(1);
    } finally {
      off();
    }
  });

  it('a document still parsing cannot be asked yet', async () => {
    session();
    const calls = api({}, [doc(1, '会议纪要', { status: 1 })]);
    renderPage();
    expect(await screen.findByTestId('document-parsing')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: '发送' }));
    expect(toast.error).toHaveBeenCalledWith('文档还在解析中，请稍候');
    expect(calls.find('POST', '/api/document/ask/validate')).toHaveLength(0);
  });

  it('deletes the open document after confirmation; the next one opens', async () => {
    session();
    const calls = api();
    renderPage();
    await screen.findByTestId('document-intro');
    await userEvent.click(screen.getByRole('button', { name: '删除文档' }));
    const dialog = await screen.findByRole('dialog', {}, { timeout: 5000 });
    expect(within(dialog).getByText(/确定删除「季度报告」吗/)).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: '删除' }));
    await waitFor(() => expect(calls.find('POST', '/api/document/delete')).toHaveLength(1));
    expect(calls.find('POST', '/api/document/delete')[0]!.body).toEqual({ token: tokenOf(1) });
    await waitFor(() => expect(useDocuments.getState().active).toBe(tokenOf(2)));
    expect(screen.getByRole('heading', { level: 1, name: '产品手册' })).toBeTruthy();
    expect(toast.success).toHaveBeenCalledWith('删除成功');
  });

  it('upload: a wrong suffix is refused; a PDF is sliced, added, parsed and opened', async () => {
    session();
    const newToken = tokenOf(9);
    let listed = [doc(1, '季度报告')];
    let polls = 0;
    const calls = api({
      'GET /api/document/histories': () => ok({ list: listed }),
      'GET /api/cos/signature': () =>
        ok({ secret_id: 'u', secret_key: 'k', token: 'ticket-0123456789abcdef', start_time: 0, expire_time: 0, bucket: 'b', region: 'r', key: 'k', location: 'documents/9/a.pdf', part_size: 5 * 1024 * 1024, parts: [{ part_number: 1, url: '/upload/1', headers: {} }] }),
      'POST /api/document/add': () => {
        listed = [doc(9, '年度计划', { status: 1 }), ...listed];
        return ok({ token: newToken });
      },
      'GET /api/document/query': () => {
        polls++;
        if (polls === 1) return ok({ token: newToken, status: 1, name_status: 0, title: '年度计划', error: null, pages: null });
        listed = [doc(9, '年度计划'), ...listed.slice(1)];
        return ok({ token: newToken, status: 2, name_status: 1, title: '年度计划', error: null, pages: 3 });
      },
      [`GET /api/document/history/${newToken}`]: () => ok({ document: doc(9, '年度计划'), list: [] }),
    });
    renderPage();
    await screen.findByTestId('document-intro');
    await userEvent.click(screen.getAllByRole('button', { name: '上传文档' })[0]!);
    const dialog = await screen.findByRole('dialog');
    const fileInput = within(dialog).getByTestId<HTMLInputElement>('document-file-input');

    fireEvent.change(fileInput, { target: { files: [new File(['x'], '表格.xlsx')] } });
    expect(await within(dialog).findByText('当前格式不支持！')).toBeTruthy();

    const drop = within(dialog).getByTestId('document-dropzone');
    fireEvent.drop(drop, { dataTransfer: { files: [new File(['%PDF-1.4'], '年度计划.pdf', { type: 'application/pdf' })] } });
    expect(await within(dialog).findByText('文档解析中...')).toBeTruthy();
    expect(vi.mocked(putPart)).toHaveBeenCalledTimes(1);
    expect(calls.find('GET', '/api/document/pre_add').some((c) => c.url.searchParams.get('file_name') === '年度计划.pdf')).toBe(true);
    expect(calls.find('POST', '/api/document/add')[0]!.body).toEqual({ files: 'documents/9/a.pdf', upload_token: 'ticket-0123456789abcdef', name: '年度计划.pdf', file_size: 8, file_ext: 'pdf' });

    await waitFor(() => expect(useDocuments.getState().active).toBe(newToken), { timeout: 4000 });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('heading', { level: 1, name: '年度计划' })).toBeTruthy();
    expect(toast.success).toHaveBeenCalledWith('「年度计划」解析完成，可以开始提问了');
  });

  it('upload: a failed slice says 文件上传失败！请稍后重试！', async () => {
    session();
    vi.mocked(putPart).mockRejectedValueOnce(new Error(''));
    api({
      'GET /api/cos/signature': () =>
        ok({ secret_id: 'u', secret_key: 'k', token: 'ticket-0123456789abcdef', start_time: 0, expire_time: 0, bucket: 'b', region: 'r', key: 'k', location: 'l', part_size: 5 * 1024 * 1024, parts: [{ part_number: 1, url: '/upload/1', headers: {} }] }),
    });
    renderPage();
    await screen.findByTestId('document-intro');
    await act(async () => useDocUi.getState().set({ uploadOpen: true }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByTestId('document-file-input'), { target: { files: [new File(['hello'], '说明.docx')] } });
    expect(await within(dialog).findByText('文件上传失败！请稍后重试！')).toBeTruthy();
  });

  describe('after a reload during an answer', () => {
    const record = () => ({ secret: SECRET, kind: 'document', context: { token: tokenOf(2), question: '', action: 'summary', language: '中文' }, startedAt: Date.now() - 2000 });
    beforeEach(() => sessionStorage.clear());

    it('its document opens, the text so far reappears and keeps growing; stop works', async () => {
      session();
      saveRecord(record());
      const stream = heldSse({ type: 'resume', text: '离线演示：第一部分' });
      const calls = api({
        'GET /api/turns/resume': stream.route,
        'POST /api/document/stop': () => {
          stream.close(done({ token: tokenOf(2), status: 'stopped' }));
          return ok(null);
        },
      });
      renderPage();
      expect(await screen.findByText('离线演示：第一部分')).toBeTruthy();
      expect(useDocuments.getState().active).toBe(tokenOf(2));
      expect(calls.find('GET', '/api/turns/resume')[0]!.url.searchParams.get('secret')).toBe(SECRET);
      act(() => stream.push({ type: 'delta', text: '，第二部分' }));
      expect(await screen.findByText('离线演示：第一部分，第二部分')).toBeTruthy();
      await userEvent.click(screen.getByRole('button', { name: '停止生成' }));
      await waitFor(() => expect(useDocuments.getState().generating).toBe(false));
      expect(calls.find('POST', '/api/document/stop')[0]!.body).toEqual({ secret: SECRET });
      expect(useDocuments.getState().messages.map((m) => [m.role, m.text, m.id, m.status])).toEqual([
        ['user', '', 20, 'complete'],
        ['assistant', '离线演示：第一部分，第二部分', 21, 'stopped'],
      ]);
      expect(readRecord('document')).toBeNull();
    });

    it('an answer no longer live: the history is loaded again and shows it', async () => {
      session();
      saveRecord(record());
      const calls = api({
        'GET /api/turns/resume': () => ({ status: 404, body: { code: 404, message: '对话已结束' } }),
      });
      renderPage();
      await waitFor(() => expect(calls.find('GET', `/api/document/history/${tokenOf(2)}`)).toHaveLength(2));
      expect(useDocuments.getState().generating).toBe(false);
      expect(useDocuments.getState().active).toBe(tokenOf(2));
      expect(readRecord('document')).toBeNull();
    });
  });
});
