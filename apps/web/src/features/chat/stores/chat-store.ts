import { create } from 'zustand';
import { storage, StorageKey } from '../../../lib/storage.ts';
import { buildTree, pathItems, subtreeOf } from '../logic/tree.ts';
import type { ChatItem, ChatMeta, Group } from '../types.ts';

/** SPEC §3 "Chat state" (local key chatStorage). */
export interface PersistedChat {
  active: number;
  usingContext: boolean;
  usingNetwork: boolean;
  groupList: Group[];
  /** Always saved empty: histories are reloaded from the server, never kept in localStorage. */
  chatList: ChatItem[];
  groupKeyWord: string;
  chatMeta: ChatMeta | null;
}

export interface ChatState extends PersistedChat {
  groupsLoading: boolean;
  /** The group list came from the server at least once this session. */
  groupsLoaded: boolean;
  /** Uuid whose history is loading, else null. */
  historyLoading: number | null;
  /** Which group `chatList` belongs to. */
  listOf: number;
  /** Every saved message of that group, all branches, oldest first; `chatList` is one path through them. */
  branches: ChatItem[];
  /** The message whose branch is on screen (see logic/tree.ts). */
  activeId: number | null;
  generating: boolean;

  setGroups(groups: Group[]): void;
  setActive(uuid: number): void;
  /** A path shown as it is (read as one line). */
  setMessages(uuid: number, list: ChatItem[]): void;
  /** A conversation as the history gives it: all its messages and the branch on screen. */
  setHistory(uuid: number, all: ChatItem[], activeId: number | null): void;
  /** Shows the branch through `activeId`. */
  showBranch(activeId: number): void;
  /** Takes what a turn saved on screen into the tree (each item follows the one before it on screen); its end becomes the branch on screen. */
  absorbPath(): void;
  /** Drops a deleted message and what follows it; when the branch on screen went, its parent's newest branch shows. */
  dropSubtree(id: number): void;
  patchMessage(key: string, patch: Partial<ChatItem>): void;
  removeMessages(keys: string[]): void;
  setKeyword(k: string): void;
  reset(): void;
}

/** Bounds what localStorage holds: enough groups for an instant sidebar, no messages. */
const MAX_SAVED_GROUPS = 100;

const defaults: PersistedChat = {
  active: 0,
  usingContext: true,
  usingNetwork: false,
  groupList: [],
  chatList: [],
  groupKeyWord: '',
  chatMeta: null,
};

function readSaved(): PersistedChat {
  const saved = storage.get<Partial<PersistedChat>>(StorageKey.chat);
  if (!saved || typeof saved !== 'object') return defaults;
  const groups = Array.isArray(saved.groupList) ? saved.groupList.filter((g) => g && typeof g.uuid === 'number' && typeof g.title === 'string') : [];
  return {
    active: typeof saved.active === 'number' ? saved.active : 0,
    usingContext: saved.usingContext !== false,
    usingNetwork: saved.usingNetwork === true,
    groupList: groups,
    chatList: [],
    groupKeyWord: typeof saved.groupKeyWord === 'string' ? saved.groupKeyWord : '',
    chatMeta: saved.chatMeta ?? null,
  };
}

export const useChat = create<ChatState>((set) => ({
  ...readSaved(),
  groupsLoading: false,
  groupsLoaded: false,
  historyLoading: null,
  listOf: -1,
  branches: [],
  activeId: null,
  generating: false,

  setGroups: (groupList) => set({ groupList }),
  setActive: (active) => set({ active }),
  setMessages: (uuid, chatList) => set({ listOf: uuid, chatList, branches: chatList.filter((m) => m.id !== null), activeId: lastSaved(chatList) }),
  setHistory: (uuid, all, activeId) => {
    const chatList = pathItems(buildTree(all), activeId);
    set({ listOf: uuid, branches: all, chatList, activeId: lastSaved(chatList) });
  },
  showBranch: (activeId) => set((s) => ({ chatList: pathItems(buildTree(s.branches), activeId), activeId })),
  absorbPath: () =>
    set((s) => {
      const fresh = new Map<number, ChatItem>();
      s.chatList.forEach((m, i) => {
        if (m.id === null) return;
        const before = i === 0 ? null : s.chatList[i - 1]!.id;
        // A message whose predecessor has no id yet is left to the next history load.
        if (i > 0 && before === null) return;
        fresh.set(m.id, { ...m, parentId: before });
      });
      // Known messages take the screen's fresh copy but keep the parent the server gave.
      const branches = s.branches.map((m) => {
        const f = m.id === null ? undefined : fresh.get(m.id);
        return f ? { ...f, parentId: m.parentId !== undefined ? m.parentId : f.parentId } : m;
      });
      const known = new Set(s.branches.map((m) => m.id));
      const added = [...fresh.values()].filter((m) => !known.has(m.id));
      const all = added.length ? [...branches, ...added].sort((a, b) => a.id! - b.id!) : branches;
      return { branches: all, activeId: lastSaved(s.chatList) ?? s.activeId };
    }),
  dropSubtree: (id) =>
    set((s) => {
      const tree = buildTree(s.branches);
      const gone = subtreeOf(tree, id);
      if (!gone.size) return { chatList: s.chatList.filter((m) => m.id !== id) };
      const branches = s.branches.filter((m) => m.id === null || !gone.has(m.id));
      const active = s.activeId !== null && !gone.has(s.activeId) ? s.activeId : (tree.parentOf.get(id) ?? null);
      const chatList = pathItems(buildTree(branches), active);
      return { branches, chatList, activeId: lastSaved(chatList) };
    }),
  patchMessage: (key, patch) =>
    set((s) => {
      const i = s.chatList.findIndex((m) => m.key === key);
      if (i < 0) return s;
      const chatList = s.chatList.slice();
      chatList[i] = { ...chatList[i]!, ...patch };
      return { chatList };
    }),
  removeMessages: (keys) => set((s) => ({ chatList: s.chatList.filter((m) => !keys.includes(m.key)) })),
  setKeyword: (groupKeyWord) => set({ groupKeyWord }),
  // SPEC §4.1: clearing chat resets the list, groups, active 0 and meta null.
  reset: () => set({ ...defaults, groupsLoaded: false, historyLoading: null, listOf: -1, branches: [], activeId: null, generating: false }),
}));

function lastSaved(list: ChatItem[]): number | null {
  for (let i = list.length - 1; i >= 0; i--) if (list[i]!.id !== null) return list[i]!.id;
  return null;
}

function persisted(s: ChatState): PersistedChat {
  return {
    active: s.active,
    usingContext: s.usingContext,
    usingNetwork: s.usingNetwork,
    groupList: s.groupList.slice(0, MAX_SAVED_GROUPS),
    chatList: [],
    groupKeyWord: s.groupKeyWord,
    chatMeta: s.chatMeta,
  };
}

// Saves only when a saved field changes: streaming and message edits never touch localStorage.
useChat.subscribe((s, prev) => {
  if (
    s.active === prev.active &&
    s.usingContext === prev.usingContext &&
    s.usingNetwork === prev.usingNetwork &&
    s.groupList === prev.groupList &&
    s.groupKeyWord === prev.groupKeyWord &&
    s.chatMeta === prev.chatMeta
  )
    return;
  storage.set(StorageKey.chat, persisted(s));
});
