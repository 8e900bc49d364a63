import { create } from 'zustand';

/** Transient state of the document screen's overlays. */
interface DocUiState {
  drawerOpen: boolean;
  uploadOpen: boolean;
  /** The document whose delete waits for confirmation. */
  confirm: { token: string; title: string } | null;
  set(patch: Partial<Omit<DocUiState, 'set'>>): void;
}

export const useDocUi = create<DocUiState>((set) => ({
  drawerOpen: false,
  uploadOpen: false,
  confirm: null,
  set: (patch) => set(patch),
}));
