import { create } from 'zustand';
import type { DocumentGroup } from '@app/shared';
import { storage, StorageKey } from '../../../lib/storage.ts';
import type { DocItem } from '../types.ts';

/** The document chat screen: its documents (SPEC §3 document groups), the open one's messages, the live reply. */
export interface DocumentState {
  groups: DocumentGroup[];
  groupsLoading: boolean;
  /** The list came from the server at least once. */
  groupsLoaded: boolean;
  /** Token of the open document. */
  active: string | null;
  messages: DocItem[];
  /** Which document `messages` belong to. */
  messagesOf: string | null;
  historyLoading: string | null;
  generating: boolean;
  /** The reply being streamed: only its bubble subscribes to the text. */
  live: { key: string; text: string } | null;
  /** The chosen action (value). */
  action: string | null;
  /** SPEC §3 local setting outLang: the chosen output language. */
  outLang: string | null;
  draft: string;

  setGroups(groups: DocumentGroup[]): void;
  patchGroup(token: string, patch: Partial<DocumentGroup>): void;
  setMessages(token: string | null, list: DocItem[]): void;
  patchMessage(key: string, patch: Partial<DocItem>): void;
  removeMessages(keys: string[]): void;
  setAction(action: string): void;
  setOutLang(lang: string): void;
  setDraft(text: string): void;
  reset(): void;
}

const initial = {
  groups: [] as DocumentGroup[],
  groupsLoading: false,
  groupsLoaded: false,
  active: null,
  messages: [] as DocItem[],
  messagesOf: null,
  historyLoading: null,
  generating: false,
  live: null,
};

export const useDocuments = create<DocumentState>((set) => ({
  ...initial,
  action: null,
  outLang: storage.get<string>(StorageKey.outLang),
  draft: '',

  setGroups: (groups) => set({ groups }),
  patchGroup: (token, patch) => set((s) => ({ groups: s.groups.map((g) => (g.token === token ? { ...g, ...patch } : g)) })),
  setMessages: (messagesOf, messages) => set({ messagesOf, messages }),
  patchMessage: (key, patch) =>
    set((s) => {
      const i = s.messages.findIndex((m) => m.key === key);
      if (i < 0) return s;
      const messages = s.messages.slice();
      messages[i] = { ...messages[i]!, ...patch };
      return { messages };
    }),
  removeMessages: (keys) => set((s) => ({ messages: s.messages.filter((m) => !keys.includes(m.key)) })),
  setAction: (action) => set({ action }),
  setOutLang: (outLang) => {
    storage.set(StorageKey.outLang, outLang, null);
    set({ outLang });
  },
  setDraft: (draft) => set({ draft }),
  // Logging out clears the documents; the chosen language stays (a local setting).
  reset: () => set({ ...initial, draft: '' }),
}));

export const activeGroup = (s: DocumentState) => (s.active ? (s.groups.find((g) => g.token === s.active) ?? null) : null);
