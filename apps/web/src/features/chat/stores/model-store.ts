import { create } from 'zustand';
import type { Feature } from '@app/shared';
import { useSession } from '../../../lib/session.ts';
import { storage, StorageKey } from '../../../lib/storage.ts';

/** SPEC §3 local setting botType: the selected model code. */
interface ModelState {
  botType: string | null;
  setBotType(code: string): void;
}

export const useModelStore = create<ModelState>((set) => ({
  botType: storage.get<string>(StorageKey.botType),
  setBotType: (botType) => {
    storage.set(StorageKey.botType, botType, null);
    set({ botType });
  },
}));

const NO_FEATURES: Feature[] = [];

export const useFeatures = () => useSession((s) => s.website?.features ?? NO_FEATURES);

/** The stored model when it still exists, else the first feature (SPEC §3 default). */
export function resolveFeature(features: Feature[], botType: string | null): Feature | null {
  return features.find((f) => f.code === botType) ?? features[0] ?? null;
}

export function useCurrentFeature(): Feature | null {
  const features = useFeatures();
  const botType = useModelStore((s) => s.botType);
  return resolveFeature(features, botType);
}

/** For non-React callers (the send flow). */
export function currentFeature(): Feature | null {
  return resolveFeature(useSession.getState().website?.features ?? NO_FEATURES, useModelStore.getState().botType);
}
