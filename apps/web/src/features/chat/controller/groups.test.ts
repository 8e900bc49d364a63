import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../../lib/toast.ts';
import { useChat } from '../stores/chat-store.ts';
import { mockApi, ok, serverGroup, serverMessage, session } from '../test/fixtures.ts';
import { loadGroups, newConversation, removeAllGroups, removeGroup, switchModel } from './groups.ts';

vi.mock('../../../lib/toast.ts', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

beforeEach(() => {
  useChat.getState().reset();
  vi.mocked(toast.error).mockClear();
  session();
});
afterEach(() => vi.unstubAllGlobals());

function serverWith(list: number[]) {
  let groups = list;
  return mockApi({
    'GET /api/chat/histories': () => ok({ list: groups.map((u) => serverGroup(u)) }),
    'GET /api/chat/history': (_b, url) => ok({ list: [serverMessage(Number(url.searchParams.get('uuid')) * 10, true, '问')] }),
    'POST /api/chat/history/delete': (body) => {
      groups = groups.filter((u) => u !== (body as { uuid: number }).uuid);
      return ok(null, '删除成功');
    },
    'POST /group/delAll': () => {
      groups = [];
      return ok({ count: 3 });
    },
  });
}

describe('new conversation (SPEC §4.1)', () => {
  it('adds a session with uuid 0 on top, and refuses a second one with 新会话已存在！', async () => {
    serverWith([1]);
    await loadGroups();
    expect(await newConversation()).toBe(true);
    expect(useChat.getState().groupList.map((g) => g.uuid)).toEqual([0, 1]);
    expect(useChat.getState().active).toBe(0);
    expect(await newConversation()).toBe(false);
    expect(toast.error).toHaveBeenCalledWith('新会话已存在！');
    expect(useChat.getState().groupList.map((g) => g.uuid)).toEqual([0, 1]);
  });

  it('switching model starts a new group (reusing the unsaved one)', async () => {
    serverWith([1]);
    await loadGroups();
    useChat.setState({ active: 1 });
    await switchModel('ai_4o');
    expect(useChat.getState().groupList[0]).toMatchObject({ uuid: 0, model: 'ai_4o' });
    expect(useChat.getState().active).toBe(0);
    await switchModel('deepseek_v3');
    expect(useChat.getState().groupList.filter((g) => g.uuid === 0)).toHaveLength(1);
    expect(useChat.getState().groupList[0]!.model).toBe('deepseek_v3');
  });
});

describe('selection after delete (SPEC §4.1)', () => {
  it('moves to the group at the same position', async () => {
    const api = serverWith([1, 2, 3]);
    await loadGroups();
    useChat.setState({ active: 2 });
    await removeGroup(2);
    expect(api.find('POST', '/api/chat/history/delete')[0]!.body).toEqual({ uuid: 2, model: 'ai_35' });
    expect(useChat.getState().groupList.map((g) => g.uuid)).toEqual([1, 3]);
    expect(useChat.getState().active).toBe(3);
    expect(useChat.getState().chatList.map((m) => m.text)).toEqual(['问']);
  });

  it('else the previous one, else 0 when none is left', async () => {
    serverWith([1, 2]);
    await loadGroups();
    useChat.setState({ active: 2 });
    await removeGroup(2);
    expect(useChat.getState().active).toBe(1);
    await removeGroup(1);
    expect(useChat.getState().active).toBe(0);
    expect(useChat.getState().groupList).toEqual([]);
  });

  it('deletes group 0 only locally', async () => {
    const api = serverWith([5]);
    await loadGroups();
    await newConversation();
    await removeGroup(0);
    expect(api.find('POST', '/api/chat/history/delete')).toHaveLength(0);
    expect(useChat.getState().groupList.map((g) => g.uuid)).toEqual([5]);
    expect(useChat.getState().active).toBe(5);
  });

  it('delete-all reloads and selects the first group or 0', async () => {
    serverWith([1, 2, 3]);
    await loadGroups();
    useChat.setState({ active: 2 });
    await removeAllGroups();
    expect(useChat.getState().groupList).toEqual([]);
    expect(useChat.getState().active).toBe(0);
  });
});

describe('loading', () => {
  it('loads nothing without a token', async () => {
    session({ token: null });
    const api = serverWith([1]);
    await loadGroups();
    expect(api.calls).toHaveLength(0);
  });

  it('asks for chat and template groups (types 1 and 3)', async () => {
    const api = serverWith([1]);
    await loadGroups();
    expect(api.calls[0]!.url.searchParams.get('type')).toBe('1,3');
  });
});
