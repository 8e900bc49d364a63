import { create } from 'zustand';

export type Confirm = { kind: 'delete'; uuid: number; title: string } | { kind: 'clear'; uuid: number; title: string } | { kind: 'deleteAll' } | { kind: 'deleteMessage'; key: string; count: number };

/** Transient state of the chat screen's overlays. */
interface ChatUiState {
  historyOpen: boolean;
  confirm: Confirm | null;
  /** The cap shown by the input-limit warning, when open. */
  capNotice: number | null;
  exporting: boolean;
  set(patch: Partial<Omit<ChatUiState, 'set'>>): void;
}

export const useChatUi = create<ChatUiState>((set) => ({
  historyOpen: false,
  confirm: null,
  capNotice: null,
  exporting: false,
  set: (patch) => set(patch),
}));
