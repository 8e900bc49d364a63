import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ThesisDetail } from '@app/shared';
import * as api from '../api.ts';
import '../locales.ts';
import { ThesisView } from './ThesisView.tsx';

vi.mock('../api.ts', async (importOriginal) => ({
  thesisKeys: (await importOriginal<typeof import('../api.ts')>()).thesisKeys,
  watchUrl: (id: number) => `/api/thesis/watch?id=${id}`,
  fetchThesis: vi.fn(),
  cancelWriting: vi.fn(),
  prepareOutline: vi.fn(),
  stopOutline: vi.fn(),
  deleteThesis: vi.fn(),
  downloadExport: vi.fn(),
  rewriteSection: vi.fn(),
  saveOutline: vi.fn(),
  startWriting: vi.fn(),
}));
// The writing progress stream stays quiet here.
vi.mock('../../../lib/useJobProgress.ts', () => ({ useJobProgress: vi.fn() }));

const detail = (patch: Partial<ThesisDetail> = {}): ThesisDetail => ({
  id: 1,
  title: '城市更新中的社区参与研究',
  kind: '毕业论文',
  discipline: '社会学',
  length: 3000,
  language: '中文',
  status: 'writing',
  written: 120,
  updated_at: '2025-01-01T00:00:00.000Z',
  requirements: '',
  reference_title: '',
  outline: [
    {
      key: 'c1',
      title: '绪论',
      sections: [
        { key: 's1', title: '研究背景', chars: 2000, status: 'stopped', text: '已经写出的一段正文' },
        { key: 's2', title: '研究意义', chars: 1000, status: 'pending', text: '' },
      ],
    },
  ],
  abstract: '摘要正文',
  keywords: '社区；参与',
  order_sn: null,
  charged: 0,
  estimate: 3,
  error: null,
  job_id: 9,
  writing_key: null,
  offline: false,
  abstract_en: '',
  keywords_en: '',
  pdf: false,
  ...patch,
});

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

const view = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <ThesisView id={1} autoOutline={false} orders={[]} onBack={vi.fn()} />
    </QueryClientProvider>,
  );

describe('thesis view: stopping the writing', () => {
  it('asks first and says what a stop keeps and charges; stops only when confirmed', async () => {
    vi.mocked(api.fetchThesis).mockResolvedValue(detail());
    vi.mocked(api.cancelWriting).mockResolvedValue(null);
    view();
    fireEvent.click(await screen.findByRole('button', { name: '停止写作' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('按已写字数扣除积分');
    expect(dialog.textContent).toContain('正在写的这一节已显示的部分');
    expect(api.cancelWriting).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    await waitFor(() => expect(api.cancelWriting).toHaveBeenCalledWith(1));
  });

  it('paid by a thesis order: the confirm says no credits are charged', async () => {
    vi.mocked(api.fetchThesis).mockResolvedValue(detail({ order_sn: 'T123456' }));
    view();
    fireEvent.click(await screen.findByRole('button', { name: '停止写作' }));
    expect((await screen.findByRole('dialog')).textContent).toContain('不扣积分');
    fireEvent.click(screen.getByRole('button', { name: '取消' }));
    expect(api.cancelWriting).not.toHaveBeenCalled();
  });

  it('a section cut short by a stop shows as stopped with its text', async () => {
    vi.mocked(api.fetchThesis).mockResolvedValue(detail({ status: 'outlined', job_id: null }));
    view();
    const section = (await screen.findByText('已经写出的一段正文')).closest('[data-section]')!;
    expect(section.getAttribute('data-status')).toBe('stopped');
    expect(section.textContent).toContain('已停止（未写完）');
  });
});
