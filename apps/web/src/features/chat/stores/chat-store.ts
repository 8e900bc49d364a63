import { create } from 'zustand';
import { storage, StorageKey } from '../../../lib/storage.ts';
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
  generating: boolean;

  setGroups(groups: Group[]): void;
  setActive(uuid: number): void;
  setMessages(uuid: number, list: ChatItem[]): void;
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
  generating: false,

  setGroups: (groupList) => set({ groupList }),
  setActive: (active) => set({ active }),
  setMessages: (uuid, chatList) => set({ listOf: uuid, chatList }),
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
  reset: () => set({ ...defaults, groupsLoaded: false, historyLoading: null, listOf: -1, generating: false }),
}));

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
