import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { DrawImageView } from '@app/shared';
import { mockApi, ok, resetSession } from '../../app/test/fixtures.ts';
import { tokenStore } from '../../lib/storage.ts';
import { useDrawResults } from './api.ts';
import { HistoryGrid, ImageGrid } from './components/HistoryGrid.tsx';

const image = (patch: Partial<DrawImageView> = {}): DrawImageView => ({
  id: 41,
  kind: 'basic',
  type: 'general',
  prompt: '雪山下的湖泊',
  prompt_en: null,
  url: '/uploads/draw/41.png',
  thumb_url: '/uploads/draw/41-thumb.webp',
  width: 1024,
  height: 1024,
  public: false,
  offline: true,
  created_at: '2026-11-22T04:00:00.000Z',
  ...patch,
});

let show: (list: DrawImageView[]) => void = () => {};

/** What the drawing page renders: 本次结果 (its last drawing) above 我的作品. */
function Screen() {
  const results = useDrawResults('draw');
  show = results.show;
  return (
    <>
      <section aria-label="本次结果">
        <ImageGrid images={results.images} />
      </section>
      <HistoryGrid kind="basic" />
    </>
  );
}

beforeEach(() => {
  vi.unstubAllGlobals();
  tokenStore.set('tok');
  resetSession({ ready: true, token: 'tok' });
});

describe('publishing from 本次结果', () => {
  it('shows the image published in 本次结果 and in 我的作品 alike, and withdrawn alike', { timeout: 15_000 }, async () => {
    let server = image();
    const api = mockApi({
      'GET /api/draw-image/histories': () => ok({ list: [server], meta: { page: 1, size: 12, total: 1 } }),
      'POST /api/draw-image/publish': (_url, body) => {
        server = { ...server, public: (body as { public: boolean }).public };
        return ok(server);
      },
    });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <Screen />
      </QueryClientProvider>,
    );
    act(() => show([image()]));
    const results = screen.getByRole('region', { name: '本次结果' });
    const works = screen.getByRole('region', { name: '我的作品' });
    await within(works).findByRole('button', { name: '发布到广场' });

    fireEvent.click(within(results).getByRole('button', { name: '发布到广场' }));
    await within(results).findByRole('button', { name: '从广场撤回' });
    await within(works).findByRole('button', { name: '从广场撤回' });
    expect(within(results).getByText('已公开')).toBeTruthy();
    expect(within(works).getByText('已公开')).toBeTruthy();
    expect(api.count('POST', '/api/draw-image/publish')).toBe(1);

    // And back, from 我的作品 this time.
    fireEvent.click(within(works).getByRole('button', { name: '从广场撤回' }));
    await within(results).findByRole('button', { name: '发布到广场' });
    await waitFor(() => expect(within(works).getByRole('button', { name: '发布到广场' })).toBeTruthy());
    expect(within(results).queryByText('已公开')).toBeNull();
  });
});
