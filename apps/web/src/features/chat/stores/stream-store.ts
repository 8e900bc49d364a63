import { useSyncExternalStore } from 'react';

/**
 * The one reply being streamed, outside the chat store: appending a piece notifies only the
 * bubble that shows it, never the message list.
 */
let key: string | null = null;
let text = '';
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((l) => l());

/** A reasoning model's thinking so far: shown apart from the answer. */
export interface LiveThinking {
  text: string;
  /** When it began (Date.now() scale; moved back by what a resumed turn had thought already). */
  startedAt: number;
  /** How long it thought, once the answer began; null while it still thinks. */
  ms: number | null;
}
let thinking: LiveThinking | null = null;

/** The answer began: the thinking's time is settled. */
const answerBegins = () => {
  if (thinking && thinking.ms === null) thinking = { ...thinking, ms: Date.now() - thinking.startedAt };
};

export const streamStore = {
  start(k: string) {
    key = k;
    text = '';
    thinking = null;
    notify();
  },
  /** The whole text so far (what lib/stream-run hands over once per frame). */
  set(next: string) {
    if (key === null || next === text) return;
    text = next;
    if (next) answerBegins();
    notify();
  },
  append(piece: string) {
    if (key === null) return;
    text += piece;
    if (piece) answerBegins();
    notify();
  },
  /** More of the thinking (pieces coalesced per frame). */
  appendThinking(piece: string) {
    if (key === null || !piece) return;
    thinking = thinking ? { ...thinking, text: thinking.text + piece } : { text: piece, startedAt: Date.now(), ms: null };
    notify();
  },
  /** A resumed turn: the thinking so far and how long it has thought (`answering`: the answer began already). */
  resumeThinking(all: string, ms: number, answering: boolean) {
    if (key === null) return;
    thinking = { text: all, startedAt: Date.now() - ms, ms: answering ? ms : null };
    notify();
  },
  thinking: () => thinking,
  text: () => text,
  key: () => key,
  clear() {
    key = null;
    text = '';
    thinking = null;
    notify();
  },
  subscribe(l: () => void) {
    listeners.add(l);
    return () => void listeners.delete(l);
  },
};

/** The live thinking of message `k` while it streams, else null. */
export function useStreamThinking(k: string | null): LiveThinking | null {
  return useSyncExternalStore(streamStore.subscribe, () => (k !== null && key === k ? thinking : null), () => null);
}

/** The live text of message `k` while it streams, else null. */
export function useStreamText(k: string | null): string | null {
  return useSyncExternalStore(streamStore.subscribe, () => (k !== null && key === k ? text : null), () => null);
}
