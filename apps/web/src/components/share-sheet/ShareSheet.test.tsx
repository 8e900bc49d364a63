import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { globalConfig, resetSession } from '../../app/test/fixtures.ts';
import { copyText } from '../../lib/clipboard.ts';
import { tokenStore } from '../../lib/storage.ts';
import { toast } from '../../lib/toast.ts';
import { mockApi, ok, type Route } from '../../test/mock-api.ts';
import ShareSheet, { type ShareableMessage } from './ShareSheet.tsx';

vi.mock('../../lib/toast.ts', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));
vi.mock('../../lib/clipboard.ts', () => ({ copyText: vi.fn(async () => true) }));

const URL_OF = 'https://ai.example.com/s/AAAAAAAAAAAAAAAAAAAAAA';
const made = { id: 3, token: 'A'.repeat(22), url: URL_OF, title: '旅行计划', messageCount: 2, viewCount: 0, revoked: false, created_at: '2026-11-27T00:00:00.000Z' };
const messages: ShareableMessage[] = [
  { id: 11, inversion: true, text: '去哪里玩？' },
  { id: 12, inversion: false, text: '## 建议\n\n**西湖**、灵隐寺、千岛湖和更多更多更多更多的地方' },
  { id: null, inversion: true, text: '还没保存的问题' },
];

function renderSheet(routes: Record<string, Route>, uuid = 9) {
  const api = mockApi(routes);
  const onOpenChange = vi.fn();
  render(<ShareSheet open onOpenChange={onOpenChange} uuid={uuid} title="旅行计划" messages={messages} />);
  return api;
}

beforeEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(toast.error).mockClear();
  vi.mocked(toast.success).mockClear();
  tokenStore.set('tok');
  resetSession({ ready: true, token: 'tok', globalConfig: globalConfig() });
});

describe('ShareSheet', () => {
  it('shares the whole conversation under the edited title, then shows and copies the link', async () => {
    const api = renderSheet({ 'POST /api/share/create': () => ok(made) });
    fireEvent.change(screen.getByLabelText('分享标题'), { target: { value: '  杭州两日游  ' } });
    fireEvent.click(screen.getByRole('button', { name: '生成链接' }));
    expect((await screen.findByTestId<HTMLInputElement>('share-url')).value).toBe(URL_OF);
    expect(api.find('POST', '/api/share/create')[0]!.body).toEqual({ uuid: 9, title: '杭州两日游' });
    expect(toast.success).toHaveBeenCalledWith('分享链接已生成');
    expect(screen.getByRole('link', { name: '打开' }).getAttribute('href')).toBe(URL_OF);
    fireEvent.click(screen.getByRole('button', { name: '复制链接' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('链接已复制'));
    expect(copyText).toHaveBeenCalledWith(URL_OF);
  });

  it('offers only saved messages as an end point, with a plain-text preview', async () => {
    const api = renderSheet({ 'POST /api/share/create': () => ok(made) });
    const scope = screen.getByLabelText<HTMLSelectElement>('分享范围');
    expect(Array.from(scope.options).map((o) => o.textContent)).toEqual(['整个对话（3 条消息）', '到第 1 条为止：去哪里玩？', '到第 2 条为止：建议 西湖 、灵隐寺、千岛湖和更多更多更多更多的…']);
    fireEvent.change(scope, { target: { value: '12' } });
    fireEvent.change(screen.getByLabelText('分享标题'), { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: '生成链接' }));
    await screen.findByTestId('share-url');
    expect(api.find('POST', '/api/share/create')[0]!.body).toEqual({ uuid: 9, messageId: 12 });
  });

  it('a refused share (too many, too large) keeps the form, shows the server message once, makes no link', async () => {
    renderSheet({ 'POST /api/share/create': () => ({ body: { code: 400, message: '分享数量已达上限' } }) });
    fireEvent.click(screen.getByRole('button', { name: '生成链接' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('分享数量已达上限'));
    expect(toast.error).toHaveBeenCalledTimes(1);
    expect(screen.queryByTestId('share-url')).toBeNull();
    expect(screen.getByRole('button', { name: '生成链接' }).hasAttribute('disabled')).toBe(false);
  });

  it('a failed copy says so', async () => {
    vi.mocked(copyText).mockResolvedValueOnce(false);
    renderSheet({ 'POST /api/share/create': () => ok(made) });
    fireEvent.click(screen.getByRole('button', { name: '生成链接' }));
    await screen.findByTestId('share-url');
    fireEvent.click(screen.getByRole('button', { name: '复制链接' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('复制链接'));
  });

  it('an unsaved conversation cannot be shared', () => {
    const api = renderSheet({}, 0);
    expect(screen.getByText('对话还没有保存，发送一条消息后再分享')).toBeTruthy();
    expect(screen.getByRole('button', { name: '生成链接' }).hasAttribute('disabled')).toBe(true);
    expect(api.calls).toHaveLength(0);
  });
});
