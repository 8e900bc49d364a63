import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation, useSearchParams } from './router/index.tsx';
import { mockApi, ok } from '../app/test/fixtures.ts';
import { toast } from './toast.ts';
import { useAppIdQuery } from './useAppIdQuery.ts';

vi.mock('./toast.ts', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

const notFound = () => ({ status: 404, body: { code: 404, message: '应用不存在' } });

function Where() {
  const loc = useLocation();
  return <p data-testid="where">{loc.pathname + loc.search}</p>;
}
function Talk() {
  useAppIdQuery();
  return <Where />;
}
/** A screen that shows one kind itself and opens it in place, as /talk-temp and /talk-expert do. */
function Own({ kind }: { kind: 'template' | 'expert' }) {
  const [, setParams] = useSearchParams();
  useAppIdQuery({ kind, open: (id) => setParams({ id: String(id), opened: kind }, { replace: true }) });
  return <Where />;
}
const renderAt = (url: string) =>
  render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path="/talk" element={<Talk />} />
        <Route path="/talk-file" element={<Talk />} />
        <Route path="/talk-temp" element={<Own kind="template" />} />
        <Route path="/talk-expert" element={<Own kind="expert" />} />
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );

describe('appId in the query of /talk (SPEC §2.1)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.mocked(toast.error).mockClear();
  });

  it('opens a template app on /talk-temp', async () => {
    mockApi({ 'GET /api/template/info/11': () => ok({ id: 11 }) });
    renderAt('/talk?appId=11');
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/talk-temp?id=11'));
  });

  it('opens an expert on /talk-expert', async () => {
    const api = mockApi({ 'GET /api/template/info/21': notFound, 'GET /api/app/detail/21': () => ok({ id: 21 }) });
    renderAt('/talk?appId=21');
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/talk-expert?id=21'));
    expect(api.count('GET', '/api/template/info/21')).toBe(1);
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('an unknown or malformed id is said once and dropped from the address; the chat stays', async () => {
    mockApi({ 'GET /api/template/info/99': notFound, 'GET /api/app/detail/99': notFound });
    renderAt('/talk?appId=99&x=1');
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/talk?x=1'));
    expect(toast.error).toHaveBeenCalledTimes(1);
    expect(vi.mocked(toast.error).mock.calls[0]![0]).toBe('应用不存在或已下架');

    const api = mockApi({});
    renderAt('/talk?appId=1e99');
    await waitFor(() => expect(toast.error).toHaveBeenCalledTimes(2));
    expect(api.calls).toHaveLength(0);
  });
});

describe('appId on the other chat screens (SPEC §2.1)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.mocked(toast.error).mockClear();
  });
  const template = { 'GET /api/template/info/11': () => ok({ id: 11 }) };
  const expert = { 'GET /api/template/info/21': notFound, 'GET /api/app/detail/21': () => ok({ id: 21 }) };

  it('/talk-temp opens its own kind in place and sends an expert to /talk-expert', async () => {
    mockApi(template);
    renderAt('/talk-temp?appId=11');
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/talk-temp?id=11&opened=template'));
    cleanup();
    mockApi(expert);
    renderAt('/talk-temp?appId=21');
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/talk-expert?id=21'));
  });

  it('/talk-expert opens its own kind in place and sends a template to /talk-temp', async () => {
    mockApi(expert);
    renderAt('/talk-expert?appId=21');
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/talk-expert?id=21&opened=expert'));
    cleanup();
    mockApi(template);
    renderAt('/talk-expert?appId=11');
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/talk-temp?id=11'));
  });

  it('/talk-file opens the app on its screen; an unknown id is said and dropped', async () => {
    mockApi(expert);
    renderAt('/talk-file?appId=21');
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/talk-expert?id=21'));
    cleanup();
    mockApi({ 'GET /api/template/info/7': notFound, 'GET /api/app/detail/7': notFound });
    renderAt('/talk-file?appId=7');
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/talk-file'));
    expect(toast.error).toHaveBeenCalledTimes(1);
  });
});
