import { create } from 'zustand';
import type { UploadFailureKind } from '../logic/upload.ts';

export type UploadPhase = 'idle' | 'checking' | 'uploading' | 'parsing' | 'done' | 'failed';

/** The upload dialog's one file (SPEC §4.8). */
export interface UploadState {
  phase: UploadPhase;
  fileName: string;
  fileSize: number;
  /** 0..1 of the bytes sent. */
  progress: number;
  /** Token of the document once added (its parse is running). */
  token: string | null;
  failure: { kind: UploadFailureKind; detail: string | null } | null;
  set(patch: Partial<Omit<UploadState, 'set' | 'reset'>>): void;
  reset(): void;
}

const idle = { phase: 'idle' as UploadPhase, fileName: '', fileSize: 0, progress: 0, token: null, failure: null };

export const useUpload = create<UploadState>((set) => ({
  ...idle,
  set: (patch) => set(patch),
  reset: () => set(idle),
}));
