import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from '../../lib/router/index.tsx';
import { globalConfig, resetSession } from '../../app/test/fixtures.ts';
import { toast } from '../../lib/toast.ts';
import { mockApi, ok, type Route as ApiRoute } from '../../test/mock-api.ts';
import SharedConversationPage from './SharedConversationPage.tsx';

vi.mock('../../lib/toast.ts', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

const TOKEN = 'A'.repeat(22);
const VIEW = `/api/share/view/${TOKEN}`;
const snapshot = {
  title: '周末去哪玩',
  viewCount: 12,
  created_at: '2026-11-26T18:30:00.000Z',
  messages: [
    { role: 'user', text: '杭州周末去哪？', dateTime: '2026-11-26T18:00:00.000Z' },
    { role: 'assistant', text: '可以去**西湖**走走。', dateTime: '2026-11-26T18:00:05.000Z' },
  ],
};

function renderPage(routes: Record<string, ApiRoute>) {
  const api = mockApi(routes);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[`/s/${TOKEN}`]}>
        <Routes>
          <Route path="/s/:token" element={<SharedConversationPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return api;
}

beforeEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(toast.error).mockClear();
  document.title = '';
  resetSession({ ready: true, globalConfig: globalConfig({ siteName: '知行 AI' }) });
});

describe('/s/:token (a shared conversation)', () => {
  it('shows the snapshot: title, date at UTC+8 and views, both sides, the way into the app, and the tab title', async () => {
    renderPage({ [`GET ${VIEW}`]: () => ok(snapshot) });
    expect(screen.getByRole('status', { name: '正在加载分享内容' })).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 1, name: '周末去哪玩' })).toBeTruthy();
    expect(screen.getByText('2026-11-27 分享 · 12 次浏览')).toBeTruthy();
    expect(screen.getByText('杭州周末去哪？')).toBeTruthy();
    expect((await screen.findByText('西湖')).tagName).toBe('STRONG');
    expect(screen.getByRole('link', { name: /在 知行 AI 中打开/ }).getAttribute('href')).toBe('/talk');
    await waitFor(() => expect(document.title).toBe('周末去哪玩 - 知行 AI'));
  });

  it('a revoked or unknown link (404) says so, offers the app, and shows no open button', async () => {
    renderPage({ [`GET ${VIEW}`]: () => ({ status: 404, body: { code: 404, message: '分享不存在' } }) });
    expect(await screen.findByRole('heading', { name: '分享不存在或已失效' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '去 知行 AI 看看' }).getAttribute('href')).toBe('/talk');
    expect(screen.queryByRole('link', { name: /中打开/ })).toBeNull();
    await waitFor(() => expect(document.title).toBe('分享不存在或已失效 - 知行 AI'));
    // The read is silent: the page's own message, no toast.
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('a failed load offers a retry that loads the snapshot', async () => {
    let fail = true;
    const api = renderPage({ [`GET ${VIEW}`]: () => (fail ? { status: 500, body: { code: 500, message: '' } } : ok(snapshot)) });
    expect((await screen.findByRole('alert')).textContent).toContain('加载失败，请稍后再试');
    expect(document.title).toBe('');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByRole('heading', { level: 1, name: '周末去哪玩' })).toBeTruthy();
    expect(api.find('GET', VIEW)).toHaveLength(2);
  });

  it('a network failure is the retry state too, not the gone one', async () => {
    renderPage({
      [`GET ${VIEW}`]: () => {
        throw new TypeError('Failed to fetch');
      },
    });
    expect(await screen.findByRole('button', { name: '重试' })).toBeTruthy();
    expect(screen.queryByText('分享不存在或已失效')).toBeNull();
  });

  it('falls back to the default site name before the config loads', async () => {
    resetSession({ ready: true });
    renderPage({ [`GET ${VIEW}`]: () => ok(snapshot) });
    expect(await screen.findByRole('heading', { level: 1, name: '周末去哪玩' })).toBeTruthy();
    await waitFor(() => expect(document.title).toMatch(/^周末去哪玩 - .+/));
  });
});
