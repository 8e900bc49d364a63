import { beforeEach, describe, expect, it } from 'vitest';
import { draftMessage } from '../logic/messages.ts';
import type { ChatItem } from '../types.ts';
import { useChat } from './chat-store.ts';

const saved = (id: number, parentId: number | null, inversion: boolean): ChatItem => ({ ...draftMessage({ inversion, model: 'ai_35', text: `m${id}` }), key: `m${id}`, id, parentId });
const shown = () => useChat.getState().chatList.map((m) => m.id);

/** 1 → 2 → 3 → 4, and 5 (an edit of 3) → 6. */
const all = [saved(1, null, true), saved(2, 1, false), saved(3, 2, true), saved(4, 3, false), saved(5, 2, true), saved(6, 5, false)];

beforeEach(() => useChat.getState().reset());

describe('the chat store keeps the tree and the path on screen', () => {
  it('shows the remembered branch of a loaded history, and another on ‹ ›', () => {
    useChat.getState().setHistory(7, all, 4);
    expect(shown()).toEqual([1, 2, 3, 4]);
    expect(useChat.getState().activeId).toBe(4);
    useChat.getState().showBranch(6);
    expect(shown()).toEqual([1, 2, 5, 6]);
    useChat.getState().setHistory(7, all, null);
    expect(shown()).toEqual([1, 2, 5, 6]);
  });

  it('takes a settled edit into the tree under the message before it on screen', () => {
    useChat.getState().setHistory(7, all, 4);
    // An edit of 3 was sent and settled: the screen shows 1, 2, then the new question 7 and reply 8.
    const list = useChat.getState().chatList.slice(0, 2);
    useChat.setState({ chatList: [...list, saved(7, null, true), saved(8, null, false)].map((m) => ({ ...m, parentId: undefined })) });
    useChat.getState().absorbPath();
    const s = useChat.getState();
    expect(s.activeId).toBe(8);
    expect(s.branches.map((m) => [m.id, m.parentId])).toEqual([
      [1, null],
      [2, 1],
      [3, 2],
      [4, 3],
      [5, 2],
      [6, 5],
      [7, 2],
      [8, 7],
    ]);
    useChat.getState().showBranch(4);
    expect(shown()).toEqual([1, 2, 3, 4]);
  });

  it('a deleted message takes its subtree; when the branch on screen went, the parent’s newest branch shows', () => {
    useChat.getState().setHistory(7, all, 6);
    useChat.getState().dropSubtree(5);
    expect(shown()).toEqual([1, 2, 3, 4]);
    expect(useChat.getState().branches.map((m) => m.id)).toEqual([1, 2, 3, 4]);
    useChat.getState().dropSubtree(2);
    expect(shown()).toEqual([1]);
    expect(useChat.getState().activeId).toBe(1);
  });
});
