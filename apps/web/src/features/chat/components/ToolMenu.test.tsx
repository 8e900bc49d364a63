import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { focusManager, type QueryClient } from '@tanstack/react-query';
import { preloadModal } from '../../../components/Modal.tsx';
import { useSession } from '../../../lib/session.ts';
import { toolKeys, TOOL_LIST_STALE_MS } from '../hooks/useToolList.ts';
import { useChat } from '../stores/chat-store.ts';
import { pickOf, useToolStore } from '../stores/tool-store.ts';
import { mockApi, ok, queryClient, seedToolList, session, withQueries } from '../test/fixtures.ts';
import { ToolMenu } from './ToolMenu.tsx';
import '../locales.ts';

const ECHO = { name: 'everything__echo', server: 'everything', tool: 'echo', title: 'Echo', description: 'Echoes back the input string', price: 2 };
const ADD = { name: 'everything__add', server: 'everything', tool: 'add', title: '', description: 'Adds two numbers', price: 0 };
const SUM = { name: 'math__sum', server: 'math', tool: 'sum', title: 'Sum', description: '', price: 1 };

let client: QueryClient;
const renderMenu = (ui: React.ReactElement) => render(ui, { wrapper: withQueries(client) });

beforeEach(() => {
  useChat.getState().reset();
  useToolStore.setState({ picks: {} });
  localStorage.clear();
  session();
  client = queryClient();
});

describe('ToolMenu', () => {
  it('is not there for a model that may use no tools, nor for a guest (whose lists are dropped, never fetched)', async () => {
    const api = mockApi({ 'GET /api/chat/tools': () => ok({ list: [], maxRounds: 5 }) });
    const { container, unmount } = renderMenu(<ToolMenu model="ai_35" mobile={false} />);
    await vi.waitFor(() => expect(client.getQueryState(toolKeys.list('ai_35', 'tok'))?.status).toBe('success'));
    expect(container.innerHTML).toBe('');
    expect(api.find('GET', '/api/chat/tools')[0]!.url.searchParams.get('feature')).toBe('ai_35');
    unmount();
    seedToolList(client, 'ai_35', [ECHO]);
    session({ token: null });
    const guest = renderMenu(<ToolMenu model="ai_35" mobile={false} />);
    expect(guest.container.innerHTML).toBe('');
    expect(client.getQueriesData({ queryKey: toolKeys.all }).filter(([, data]) => data !== undefined)).toEqual([]);
    expect(api.find('GET', '/api/chat/tools')).toHaveLength(1);
  });

  it('desktop: a popover of checkboxes (title, server, description, price when charged); a pick shows on the badge and is kept for the conversation', async () => {
    mockApi({ 'GET /api/chat/tools': () => ok({ list: [ECHO, ADD], maxRounds: 5 }) });
    useChat.setState({ active: 7 });
    renderMenu(<ToolMenu model="ai_35" mobile={false} />);
    const button = await screen.findByRole('button', { name: '工具' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(button);
    const pop = screen.getByRole('dialog', { name: '工具' });
    const echo = within(pop).getByRole('checkbox', { name: /Echo/ });
    expect(echo.closest('label')!.textContent).toContain('Echoes back the input string');
    expect(echo.closest('label')!.textContent).toContain('2 积分/次');
    const add = within(pop).getByRole('checkbox', { name: /add/ });
    expect(add.closest('label')!.textContent).not.toContain('积分');
    fireEvent.click(echo);
    expect(screen.getByRole('button', { name: '工具（已选 1 个）' })).toBeTruthy();
    expect(pickOf(useToolStore.getState().picks, 7)).toEqual(['everything__echo']);
    // Another conversation has its own pick (here: none, the device's for new ones).
    act(() => useChat.setState({ active: 8 }));
    expect(screen.getByRole('button', { name: '工具' })).toBeTruthy();
    // Escape closes it.
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('a phone: a bottom sheet with 完成', async () => {
    await preloadModal();
    mockApi({ 'GET /api/chat/tools': () => ok({ list: [ECHO], maxRounds: 5 }) });
    seedToolList(client, 'ai_35', [ECHO]);
    useToolStore.setState({ picks: { '0': ['everything__echo'] } });
    renderMenu(<ToolMenu model="ai_35" mobile />);
    fireEvent.click(screen.getByRole('button', { name: '工具（已选 1 个）' }));
    const sheet = await screen.findByRole('dialog', { name: '工具' });
    expect(within(sheet).getByRole('checkbox', { name: /Echo/ })).toHaveProperty('checked', true);
    fireEvent.click(within(sheet).getByRole('checkbox', { name: /Echo/ }));
    expect(pickOf(useToolStore.getState().picks, 0)).toEqual([]);
    fireEvent.click(within(sheet).getByRole('button', { name: '完成' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('another model shows its own list; a model without tools, no menu; back on the first, its cached list shows at once (not fetched again while fresh)', async () => {
    const lists: Record<string, unknown[]> = { ai_35: [ECHO, ADD], gpt_4o: [SUM] };
    const api = mockApi({ 'GET /api/chat/tools': (_b, url) => ok({ list: lists[url.searchParams.get('feature')!] ?? [], maxRounds: 5 }) });
    const fetched = () => api.find('GET', '/api/chat/tools').map((c) => c.url.searchParams.get('feature'));
    useToolStore.setState({ picks: { '0': ['everything__echo', 'math__sum'] } });
    const { rerender } = renderMenu(<ToolMenu model="ai_35" mobile={false} />);
    fireEvent.click(await screen.findByRole('button', { name: '工具（已选 1 个）' }));
    const shown = () => within(screen.getByRole('dialog')).getAllByRole('listitem').map((li) => li.dataset.testid);
    expect(shown()).toEqual(['tool-option-everything__echo', 'tool-option-everything__add']);
    // (Picking another model closes the popover: it is reopened.)
    rerender(<ToolMenu model="gpt_4o" mobile={false} />);
    fireEvent.click(await screen.findByRole('button', { name: '工具（已选 1 个）' }));
    await vi.waitFor(() => expect(shown()).toEqual(['tool-option-math__sum']));
    rerender(<ToolMenu model="deepseek_v3" mobile={false} />);
    await vi.waitFor(() => expect(fetched()).toContain('deepseek_v3'));
    expect(screen.queryByTestId('tool-menu-button')).toBeNull();
    const before = fetched().length;
    rerender(<ToolMenu model="ai_35" mobile={false} />);
    expect(screen.getByRole('button', { name: '工具（已选 1 个）' })).toBeTruthy();
    expect(fetched()).toHaveLength(before);
  });

  it("opening the menu fetches the list again: an admin's new price and a tool taken away show without a reload, and the badge counts only what is still listed", async () => {
    let list = [ECHO, ADD];
    const api = mockApi({ 'GET /api/chat/tools': () => ok({ list, maxRounds: 5 }) });
    useToolStore.setState({ picks: { '0': ['everything__echo', 'everything__add'] } });
    renderMenu(<ToolMenu model="ai_35" mobile={false} />);
    const button = await screen.findByRole('button', { name: '工具（已选 2 个）' });
    list = [{ ...ECHO, price: 5 }];
    fireEvent.click(button);
    await vi.waitFor(() => expect(screen.queryByTestId('tool-option-everything__add')).toBeNull());
    expect(api.find('GET', '/api/chat/tools')).toHaveLength(2);
    expect(screen.getByTestId('tool-option-everything__echo').textContent).toContain('5 积分/次');
    expect(screen.getByRole('button', { name: '工具（已选 1 个）' })).toBeTruthy();
    // The pick itself is kept: should the admin enable the tool again, it is picked again.
    expect(pickOf(useToolStore.getState().picks, 0)).toEqual(['everything__echo', 'everything__add']);
    // The admin disables every tool: the menu goes (closed), and does not pop open when they come back.
    list = [];
    fireEvent.click(screen.getByRole('button', { name: '工具（已选 1 个）' }));
    fireEvent.click(screen.getByRole('button', { name: '工具（已选 1 个）' }));
    await vi.waitFor(() => expect(screen.queryByTestId('tool-menu-button')).toBeNull());
    list = [ECHO];
    await act(() => client.refetchQueries({ queryKey: toolKeys.all }));
    expect((await screen.findByRole('button', { name: '工具（已选 1 个）' })).getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('back on the window with a list older than the stale time: fetched again; a fresh one is not', async () => {
    let list = [ECHO];
    const api = mockApi({ 'GET /api/chat/tools': () => ok({ list, maxRounds: 5 }) });
    client.setQueryData(toolKeys.list('ai_35', 'tok'), [ECHO], { updatedAt: Date.now() - TOOL_LIST_STALE_MS - 1000 });
    renderMenu(<ToolMenu model="ai_35" mobile={false} />);
    const idle = () => vi.waitFor(() => expect(client.getQueryState(toolKeys.list('ai_35', 'tok'))?.fetchStatus).toBe('idle'));
    // Mounting with a stale list fetches it again.
    await vi.waitFor(() => expect(api.find('GET', '/api/chat/tools')).toHaveLength(1));
    await idle();
    list = [ECHO, ADD];
    // The client reacts to focus after a microtask or two: let it.
    const refocus = () =>
      act(async () => {
        focusManager.setFocused(false);
        focusManager.setFocused(true);
        await new Promise((resolve) => setTimeout(resolve, 0));
      });
    await refocus();
    await idle();
    expect(api.find('GET', '/api/chat/tools')).toHaveLength(1);
    client.setQueryData(toolKeys.list('ai_35', 'tok'), [ECHO], { updatedAt: Date.now() - TOOL_LIST_STALE_MS - 1000 });
    await refocus();
    await vi.waitFor(() => expect(api.find('GET', '/api/chat/tools')).toHaveLength(2));
    fireEvent.click(await screen.findByRole('button', { name: '工具' }));
    await vi.waitFor(() => expect(screen.getByTestId('tool-option-everything__add')).toBeTruthy());
    focusManager.setFocused(undefined);
  });

  it('signing out drops the lists; another user fetches their own', async () => {
    const api = mockApi({ 'GET /api/chat/tools': () => ok({ list: [ECHO], maxRounds: 5 }) });
    renderMenu(<ToolMenu model="ai_35" mobile={false} />);
    await screen.findByRole('button', { name: '工具' });
    act(() => useSession.setState({ token: null }));
    expect(screen.queryByTestId('tool-menu-button')).toBeNull();
    expect(client.getQueriesData({ queryKey: toolKeys.all }).filter(([, data]) => data !== undefined)).toEqual([]);
    act(() => useSession.setState({ token: 'other' }));
    await screen.findByRole('button', { name: '工具' });
    expect(api.find('GET', '/api/chat/tools')).toHaveLength(2);
    expect(client.getQueryData(toolKeys.list('ai_35', 'other'))).toEqual([ECHO]);
  });
});
