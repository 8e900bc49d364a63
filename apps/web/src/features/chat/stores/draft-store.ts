import { create } from 'zustand';

export interface PendingImage {
  id: string;
  name: string;
  /** Local preview (object URL) while uploading. */
  preview: string;
  /** Server URL once uploaded. */
  url: string | null;
  status: 'uploading' | 'done' | 'error';
}

/** What the composer holds; the send flow clears it and puts the text back when a send fails. */
interface DraftState {
  text: string;
  images: PendingImage[];
  setText(text: string): void;
  addImage(img: PendingImage): void;
  patchImage(id: string, patch: Partial<PendingImage>): void;
  removeImage(id: string): void;
  clear(): void;
}

const revoke = (img: PendingImage) => {
  if (img.preview.startsWith('blob:')) URL.revokeObjectURL(img.preview);
};

export const useDraft = create<DraftState>((set) => ({
  text: '',
  images: [],
  setText: (text) => set({ text }),
  addImage: (img) => set((s) => ({ images: [...s.images, img] })),
  patchImage: (id, patch) => set((s) => ({ images: s.images.map((i) => (i.id === id ? { ...i, ...patch } : i)) })),
  removeImage: (id) =>
    set((s) => {
      s.images.filter((i) => i.id === id).forEach(revoke);
      return { images: s.images.filter((i) => i.id !== id) };
    }),
  clear: () =>
    set((s) => {
      s.images.forEach(revoke);
      return { text: '', images: [] };
    }),
}));
