import { create } from 'zustand';
import { storage, StorageKey } from '../../lib/storage.ts';
import { PROMPT_CONTENT_MAX, PROMPT_LIST_MAX, PROMPT_TITLE_MAX, type PromptItem } from './prompt-rules.ts';

function readList(): PromptItem[] {
  const saved = storage.get<{ promptList?: unknown }>(StorageKey.prompts);
  const list = saved && typeof saved === 'object' && Array.isArray(saved.promptList) ? saved.promptList : [];
  return list
    .filter((p): p is PromptItem => !!p && typeof p === 'object' && typeof (p as PromptItem).key === 'string' && typeof (p as PromptItem).value === 'string')
    .map((p) => ({ key: p.key.slice(0, PROMPT_TITLE_MAX), value: p.value.slice(0, PROMPT_CONTENT_MAX) }))
    .slice(0, PROMPT_LIST_MAX);
}

interface PromptState {
  promptList: PromptItem[];
  setList(list: PromptItem[]): void;
}

/** SPEC §3 prompt store, kept under the local key promptStore without expiry. */
export const usePromptStore = create<PromptState>((set) => ({
  promptList: readList(),
  setList: (promptList) => {
    storage.set(StorageKey.prompts, { promptList }, null);
    set({ promptList });
  },
}));
