import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useLocation } from '../../lib/router/index.tsx';
import { createMemoryRouter, RouterProvider } from '../../lib/router/testing.tsx';
import type { AppCard } from '@app/shared';
import { useSession } from '../../lib/session.ts';
import { tokenStore } from '../../lib/storage.ts';
import { toast } from '../../lib/toast.ts';
import AppExpertPage from './AppExpertPage.tsx';
import AppH5Page from './AppH5Page.tsx';
import AppStorePage from './AppStorePage.tsx';
import { card, catalogue, categories, fail, mockApi, ok, storeRoute } from './test/fixtures.ts';

vi.mock('../../lib/toast.ts', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

function Chat() {
  const loc = useLocation();
  return <p>chat {loc.pathname + loc.search}</p>;
}

function renderAt(url: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/app-store', element: <AppStorePage /> },
      { path: '/app-h5', element: <AppH5Page /> },
      { path: '/app-expert', element: <AppExpertPage /> },
      { path: '/talk-temp', element: <Chat /> },
      { path: '/talk-expert', element: <Chat /> },
    ],
    { initialEntries: [url] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

function login() {
  tokenStore.set('tok');
  useSession.setState({ token: 'tok' });
}

const titles = () => screen.getAllByTestId('app-card').map((el) => within(el).getByRole('heading').textContent);

beforeEach(() => {
  useSession.setState({ token: null, loginOpen: false, showOrder: false, orderSn: '' });
  vi.mocked(toast.success).mockClear();
  vi.mocked(toast.error).mockClear();
});
afterEach(() => vi.unstubAllGlobals());

describe('the app store', () => {
  it('shows skeletons, then the cards, with 全部, 我的 and the non-empty categories as tabs', async () => {
    mockApi({ 'GET /api/app/category': () => ok({ list: categories }), 'GET /api/app/store': storeRoute(catalogue) });
    renderAt('/app-store');
    expect(screen.getByRole('tabpanel').getAttribute('aria-busy')).toBe('true');
    await waitFor(() => expect(titles()).toEqual(['周报生成', '会议纪要', '论文摘要', '资深面试官']));
    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['全部', '我的', '工作', '学习', '职场']);
    expect(screen.getByRole('tab', { name: '全部' }).getAttribute('aria-selected')).toBe('true');
    // One h1 for narrow screens, one for wide ones; CSS shows one of them.
    expect(screen.getAllByRole('heading', { level: 1, name: '应用广场' })).toHaveLength(2);
    // Experts are marked; templates are not.
    expect(within(screen.getAllByTestId('app-card')[3]!).getByText('专家')).toBeTruthy();
    expect(within(screen.getAllByTestId('app-card')[0]!).queryByText('模板')).toBeNull();
    expect(screen.getByText('工作 · 3 人收藏')).toBeTruthy();
  });

  it('filters by category through the server, and keeps the tab in the URL', async () => {
    const api = mockApi({ 'GET /api/app/category': () => ok({ list: categories }), 'GET /api/app/store': storeRoute(catalogue) });
    const router = renderAt('/app-store');
    await screen.findAllByTestId('app-card');
    await userEvent.click(await screen.findByRole('tab', { name: '学习' }));
    await waitFor(() => expect(titles()).toEqual(['论文摘要']));
    expect(api.find('GET', '/api/app/store').at(-1)!.query).toMatchObject({ category: '2', page: '1' });
    expect(router.state.location.search).toBe('?tab=2');
    expect(screen.getByRole('tab', { name: '学习' }).getAttribute('aria-selected')).toBe('true');
  });

  it('a link to a category that no longer exists shows everything', async () => {
    mockApi({ 'GET /api/app/category': () => ok({ list: categories }), 'GET /api/app/store': storeRoute(catalogue) });
    renderAt('/app-store?tab=99');
    await waitFor(() => expect(titles()).toHaveLength(4));
    expect(screen.getByRole('tab', { name: '全部' }).getAttribute('aria-selected')).toBe('true');
  });

  it('searches as the user types (debounced), and explains an empty result with a way out', async () => {
    const api = mockApi({ 'GET /api/app/category': () => ok({ list: categories }), 'GET /api/app/store': storeRoute(catalogue) });
    renderAt('/app-store');
    await screen.findAllByTestId('app-card');
    const box = screen.getByRole('searchbox', { name: '搜索应用' });
    await userEvent.type(box, '周报');
    await waitFor(() => expect(titles()).toEqual(['周报生成']));
    const searches = api.find('GET', '/api/app/store').filter((c) => c.query.keyword);
    expect(searches.map((c) => c.query.keyword)).toEqual(['周报']);

    await userEvent.clear(box);
    await userEvent.type(box, '火星');
    expect(await screen.findByText('没有找到与「火星」相关的应用')).toBeTruthy();
    await userEvent.click(within(screen.getByRole('status')).getByRole('button', { name: '清除搜索' }));
    await waitFor(() => expect(titles()).toHaveLength(4));
    expect((box as HTMLInputElement).value).toBe('');
  });

  it('a card opens the right chat screen', async () => {
    mockApi({ 'GET /api/app/category': () => ok({ list: categories }), 'GET /api/app/store': storeRoute(catalogue) });
    const router = renderAt('/app-store');
    await userEvent.click(await screen.findByRole('link', { name: '打开周报生成' }));
    expect(router.state.location.pathname + router.state.location.search).toBe('/talk-temp?id=11');
    await router.navigate('/app-store');
    await userEvent.click(await screen.findByRole('link', { name: '打开资深面试官' }));
    expect(router.state.location.pathname + router.state.location.search).toBe('/talk-expert?id=21');
  });

  it('collects and uncollects: the star flips at once, the server decides, a toast confirms', async () => {
    login();
    let collected = false;
    const api = mockApi({
      'GET /api/app/category': () => ok({ list: categories }),
      'GET /api/app/store': storeRoute(catalogue),
      'GET /app/mineApps': () => ok({ rows: [] }),
      'POST /app/collect': () => {
        collected = !collected;
        return ok({ collected, collect_count: collected ? 4 : 3 }, collected ? '收藏成功' : '已取消收藏');
      },
    });
    renderAt('/app-store');
    const star = await screen.findByRole('button', { name: '收藏周报生成' });
    expect(star.getAttribute('aria-pressed')).toBe('false');
    await userEvent.click(star);
    const on = await screen.findByRole('button', { name: '取消收藏周报生成' });
    expect(on.getAttribute('aria-pressed')).toBe('true');
    expect(api.find('POST', '/app/collect')[0]!.body).toEqual({ appId: 11 });
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('已收藏，可在「我的」中找到'));
    expect(screen.getByText('工作 · 4 人收藏')).toBeTruthy();

    await userEvent.click(on);
    await screen.findByRole('button', { name: '收藏周报生成' });
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('已取消收藏'));
    expect(screen.getByText('工作 · 3 人收藏')).toBeTruthy();
  });

  it('a refused collect puts the star back', async () => {
    login();
    mockApi({
      'GET /api/app/category': () => ok({ list: categories }),
      'GET /api/app/store': storeRoute(catalogue),
      'GET /app/mineApps': () => ok({ rows: [] }),
      'POST /app/collect': () => fail(404, '应用不存在或已下架'),
    });
    renderAt('/app-store');
    await userEvent.click(await screen.findByRole('button', { name: '收藏会议纪要' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('应用不存在或已下架'));
    expect((await screen.findByRole('button', { name: '收藏会议纪要' })).getAttribute('aria-pressed')).toBe('false');
  });

  it('a visitor who taps a star is asked to log in, and sees why 我的 is empty', async () => {
    const api = mockApi({ 'GET /api/app/category': () => ok({ list: categories }), 'GET /api/app/store': storeRoute(catalogue) });
    renderAt('/app-store');
    await userEvent.click(await screen.findByRole('button', { name: '收藏周报生成' }));
    expect(useSession.getState().loginOpen).toBe(true);
    expect(api.find('POST', '/app/collect')).toHaveLength(0);
    useSession.setState({ loginOpen: false });
    await userEvent.click(screen.getByRole('tab', { name: '我的' }));
    expect(await screen.findByText('登录后查看我的应用')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: '登录' }));
    expect(useSession.getState().loginOpen).toBe(true);
  });
});

describe('my apps', () => {
  const mine: AppCard[] = [
    card({ id: 90, title: '小红书标题助手', custom: true, category_id: null, category: '' }),
    card({ id: 11, title: '周报生成', collected: true, collect_count: 1 }),
  ];

  it('lists my own and collected apps; deletes my own app after a confirmation', async () => {
    login();
    let rows = [...mine];
    const api = mockApi({
      'GET /api/app/category': () => ok({ list: categories }),
      'GET /app/mineApps': () => ok({ rows }),
      'POST /app/delMineApp': ({ body }) => {
        rows = rows.filter((r) => r.id !== body.appId);
        return ok({ removed: 'custom' }, '删除成功');
      },
    });
    renderAt('/app-store?tab=mine');
    await waitFor(() => expect(titles()).toEqual(['小红书标题助手', '周报生成']));
    expect(screen.getByText('自建')).toBeTruthy();
    // My own app has no star; a collected one has no bin.
    expect(screen.queryByRole('button', { name: '收藏小红书标题助手' })).toBeNull();
    expect(screen.queryByRole('button', { name: '删除周报生成' })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: '删除小红书标题助手' }));
    const dialog = await screen.findByRole('dialog', { name: '删除应用' });
    expect(within(dialog).getByText('确定删除「小红书标题助手」吗？删除后不可恢复，已有的对话记录不受影响。')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: '删除' }));
    await waitFor(() => expect(titles()).toEqual(['周报生成']));
    expect(api.find('POST', '/app/delMineApp')[0]!.body).toEqual({ appId: 90 });
    expect(toast.success).toHaveBeenCalledWith('应用已删除');
  });

  it('cancelling the confirmation deletes nothing', async () => {
    login();
    const api = mockApi({ 'GET /api/app/category': () => ok({ list: categories }), 'GET /app/mineApps': () => ok({ rows: mine }) });
    renderAt('/app-store?tab=mine');
    await userEvent.click(await screen.findByRole('button', { name: '删除小红书标题助手' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.find('POST', '/app/delMineApp')).toHaveLength(0);
  });

  it('an empty list says how to fill it', async () => {
    login();
    mockApi({ 'GET /api/app/category': () => ok({ list: categories }), 'GET /app/mineApps': () => ok({ rows: [] }), 'GET /api/app/store': storeRoute(catalogue) });
    renderAt('/app-store?tab=mine');
    expect(await screen.findByText('还没有我的应用')).toBeTruthy();
    expect(screen.getByText('在广场中点击 ☆ 收藏常用应用，或者创建一个属于你自己的应用')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: '浏览全部应用' }));
    await waitFor(() => expect(titles()).toHaveLength(4));
  });

  it('creates an app: checks the form first, sends the variables, then shows 我的', async () => {
    login();
    let rows: AppCard[] = [];
    const api = mockApi({
      'GET /api/app/category': () => ok({ list: categories }),
      'GET /api/app/store': storeRoute(catalogue),
      'GET /app/mineApps': () => ok({ rows }),
      'POST /app/customApp': ({ body }) => {
        rows = [card({ id: 95, title: body.title, custom: true, category_id: null, category: '' })];
        return ok(rows[0], '创建成功');
      },
    });
    const router = renderAt('/app-store');
    await screen.findAllByTestId('app-card');
    await userEvent.click(screen.getAllByRole('button', { name: '创建应用' })[0]!);
    const dialog = await screen.findByRole('dialog', { name: '创建我的应用' });
    const d = within(dialog);

    await userEvent.click(d.getByRole('button', { name: '创建' }));
    expect(d.getByText('请输入应用名称')).toBeTruthy();
    expect(d.getByText('请输入提示词')).toBeTruthy();
    expect(api.find('POST', '/app/customApp')).toHaveLength(0);

    await userEvent.type(d.getByLabelText('应用名称'), '周末去哪儿');
    await userEvent.click(d.getByRole('button', { name: '添加变量' }));
    await userEvent.type(d.getByLabelText('显示名称'), '城市');
    await userEvent.click(d.getByRole('button', { name: '添加变量' }));
    const names = d.getAllByLabelText('显示名称');
    await userEvent.type(names[1]!, '人数');
    await userEvent.selectOptions(d.getAllByLabelText('表单类型')[1]!, 'input_number');
    await userEvent.type(d.getByLabelText('最小值'), 'abc');
    const prompt = d.getByLabelText('提示词');
    await userEvent.type(prompt, '推荐{{{{var1}}的周末去处');
    await userEvent.click(d.getByRole('button', { name: '创建' }));
    expect(d.getByText('最小值必须是数字')).toBeTruthy();
    expect(d.getByText('变量「var2」没有在提示词中使用，请在提示词中写入 {{var2}}')).toBeTruthy();

    await userEvent.clear(d.getByLabelText('最小值'));
    await userEvent.type(d.getByLabelText('最小值'), '1');
    await userEvent.click(d.getByRole('button', { name: '把 {{var2}} 插入提示词' }));
    expect((prompt as HTMLTextAreaElement).value).toContain('{{var2}}');
    await userEvent.click(d.getByRole('button', { name: '创建' }));

    await waitFor(() => expect(api.find('POST', '/app/customApp')).toHaveLength(1));
    const sent = api.find('POST', '/app/customApp')[0]!.body as any;
    expect(sent.title).toBe('周末去哪儿');
    expect(sent.variables).toEqual({
      var1: { name: '城市', form_type: 'input_text', placeholder: '', tip: '', require: true },
      var2: { name: '人数', form_type: 'input_number', placeholder: '', tip: '', require: true, limit_min: 1 },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(toast.success).toHaveBeenCalledWith('应用已创建');
    expect(router.state.location.search).toBe('?tab=mine');
    await waitFor(() => expect(titles()).toEqual(['周末去哪儿']));
  });

  it("puts the server's refusal next to the field it names", async () => {
    login();
    mockApi({
      'GET /api/app/category': () => ok({ list: categories }),
      'GET /app/mineApps': () => ok({ rows: [] }),
      'POST /app/customApp': () => fail(400, '最多创建50个应用，请先删除不再使用的应用', { field: 'title' }),
    });
    renderAt('/app-store?tab=mine');
    await userEvent.click((await screen.findAllByRole('button', { name: '创建应用' }))[0]!);
    const d = within(await screen.findByRole('dialog'));
    await userEvent.type(d.getByLabelText('应用名称'), '又一个');
    await userEvent.type(d.getByLabelText('提示词'), '写一首诗');
    await userEvent.click(d.getByRole('button', { name: '创建' }));
    expect(await d.findByText('最多创建50个应用，请先删除不再使用的应用')).toBeTruthy();
    expect(toast.error).not.toHaveBeenCalled();
  });
});

describe('the mobile app square and the experts page', () => {
  it('/app-h5 shows the same cards in one column with scrolling tabs', async () => {
    mockApi({ 'GET /api/app/category': () => ok({ list: categories }), 'GET /api/app/store': storeRoute(catalogue) });
    renderAt('/app-h5');
    await waitFor(() => expect(titles()).toHaveLength(4));
    expect(screen.getByRole('heading', { level: 1, name: '应用广场' })).toBeTruthy();
    expect(screen.getByRole('tablist').className).toContain('overflow-x-auto');
  });

  it('/app-expert asks for experts only and offers no create button', async () => {
    const api = mockApi({ 'GET /api/app/category': () => ok({ list: categories.filter((c) => c.kind === 'expert') }), 'GET /api/app/store': storeRoute(catalogue) });
    renderAt('/app-expert');
    await waitFor(() => expect(titles()).toEqual(['资深面试官']));
    expect(api.find('GET', '/api/app/store')[0]!.query.kind).toBe('expert');
    expect(api.find('GET', '/api/app/category')[0]!.query.kind).toBe('expert');
    expect(screen.queryByRole('button', { name: '创建应用' })).toBeNull();
    expect(screen.getByRole('searchbox').getAttribute('placeholder')).toBe('搜索专家');
  });
});
