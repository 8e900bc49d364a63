import { create } from 'zustand';
import type { WebsiteInfoReply } from '@app/shared';
import { useSession } from '../../../lib/session.ts';
import { storage } from '../../../lib/storage.ts';

/** The 联网搜索 toggle of the composer, remembered on this device. */
const KEY = 'webSearch';

interface WebSearchState {
  on: boolean;
  setOn(on: boolean): void;
}

export const useWebSearch = create<WebSearchState>((set) => ({
  on: storage.get<boolean>(KEY) === true,
  setOn: (on) => {
    storage.set(KEY, on, null);
    set({ on });
  },
}));

type SearchInfo = NonNullable<WebsiteInfoReply['search']>;

/** What search costs when `model` may search; null when search is off or not for this model. */
export function searchFor(info: WebsiteInfoReply['search'] | undefined, model: string | undefined): SearchInfo | null {
  if (!info || !model) return null;
  return info.models === null || info.models.includes(model) ? info : null;
}

/** The search settings when the current model may search (the toggle shows), else null. */
export const useSearchFor = (model: string | undefined) => useSession((s) => searchFor(s.website?.search, model));

/** For the send flow: the turn searches when the toggle is on and the model may. */
export const wantsSearch = (model: string) => useWebSearch.getState().on && searchFor(useSession.getState().website?.search, model) !== null;
