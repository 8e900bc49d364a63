import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from '../../lib/router/index.tsx';
import { globalConfig, resetSession, website } from '../../app/test/fixtures.ts';
import { tokenStore } from '../../lib/storage.ts';
import { mockApi, ok, sse } from '../../test/mock-api.ts';
import TranslatePage from './TranslatePage.tsx';

vi.mock('../../lib/toast.ts', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

const SECRET = 's'.repeat(32);

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/translate']}>
        <TranslatePage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

function logIn() {
  tokenStore.set('tok');
  resetSession({ ready: true, token: 'tok', globalConfig: globalConfig(), website: { ...website(), features: [{ code: 'm1', label: 'M1', input_ext: 5, vision: false, pool: 'model3', cost: 1, description: '' }] } as never });
}

beforeEach(() => {
  vi.unstubAllGlobals();
  resetSession({ ready: true, globalConfig: globalConfig() });
});

describe('/translate', () => {
  it('shows the detected language and marks the count over the cap', async () => {
    logIn();
    mockApi({ 'GET /api/translate/histories': () => ok({ list: [] }) });
    renderPage();
    fireEvent.change(screen.getByLabelText('原文'), { target: { value: '今天天气很好' } });
    expect(screen.getByTestId('tr-detected').textContent).toBe('检测到：中文（简体）');
    const count = screen.getByText('6 / 5');
    expect(count.className).toContain('text-red-600');
    expect(await screen.findByText('还没有翻译记录')).toBeTruthy();
  });

  it('Ctrl+Enter translates; a failed stream leaves the partial text marked 未完成 and copy enabled', async () => {
    logIn();
    mockApi({
      'GET /api/translate/histories': () => ok({ list: [] }),
      'POST /api/translate/create': () => ok({ id: 1, secret: SECRET, from: 'zh-CN', to: 'en' }),
      'POST /api/chat/translate': () => ({ sse: sse({ type: 'delta', text: 'Fine' }, { type: 'error', code: 500, message: '上游失败', id: 1 }) }),
    });
    renderPage();
    fireEvent.change(screen.getByLabelText('原文'), { target: { value: '很好' } });
    fireEvent.keyDown(screen.getByLabelText('原文'), { key: 'Enter', ctrlKey: true });
    await waitFor(() => expect(screen.getByText('未完成')).toBeTruthy());
    expect(screen.getByTestId('tr-result').textContent).toBe('Fine');
    expect(screen.getByRole('button', { name: '复制译文' }).hasAttribute('disabled')).toBe(false);
    expect(screen.getByRole('button', { name: '翻译' }).hasAttribute('disabled')).toBe(false);
  });

  it('a guest sees the login prompt in the history and the empty result', () => {
    mockApi({});
    renderPage();
    expect(screen.getAllByText('登录后即可使用翻译').length).toBeGreaterThan(0);
    expect(screen.getByText('译文会显示在这里')).toBeTruthy();
    expect(screen.getByRole('button', { name: '翻译' }).hasAttribute('disabled')).toBe(true);
  });
});
