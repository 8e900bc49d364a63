import { useSyncExternalStore } from 'react';

/**
 * The one reply being streamed, outside the chat store: appending a piece notifies only the
 * bubble that shows it, never the message list.
 */
let key: string | null = null;
let text = '';
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((l) => l());

export const streamStore = {
  start(k: string) {
    key = k;
    text = '';
    notify();
  },
  /** The whole text so far (what lib/stream-run hands over once per frame). */
  set(next: string) {
    if (key === null || next === text) return;
    text = next;
    notify();
  },
  append(piece: string) {
    if (key === null) return;
    text += piece;
    notify();
  },
  text: () => text,
  key: () => key,
  clear() {
    key = null;
    text = '';
    notify();
  },
  subscribe(l: () => void) {
    listeners.add(l);
    return () => void listeners.delete(l);
  },
};

/** The live text of message `k` while it streams, else null. */
export function useStreamText(k: string | null): string | null {
  return useSyncExternalStore(streamStore.subscribe, () => (k !== null && key === k ? text : null), () => null);
}
