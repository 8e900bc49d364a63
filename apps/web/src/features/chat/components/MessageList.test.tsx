import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { useRef } from 'react';
import { BlockSplitter } from '../../../components/markdown/split-blocks.ts';
import { streamStore } from '../stores/stream-store.ts';
import type { ChatItem } from '../types.ts';
import { MessageList } from './MessageList.tsx';

const item = (i: number, patch: Partial<ChatItem> = {}): ChatItem => ({
  key: `m${i}`,
  id: i,
  dateTime: '',
  text: `消息 ${i}`,
  inversion: i % 2 === 0,
  error: false,
  errorText: null,
  loading: false,
  images: [],
  model: 'ai_35',
  status: 'complete',
  ...patch,
});

function List({ items }: { items: ChatItem[] }) {
  const scrollRef = useRef<HTMLDivElement>(null);
  return (
    <div ref={scrollRef}>
      <MessageList items={items} modelCode="ai_35" generating mobile={false} scrollRef={scrollRef} contentRef={() => {}} />
    </div>
  );
}

afterEach(() => {
  streamStore.clear();
  vi.restoreAllMocks();
});

describe('MessageList while streaming', () => {
  it('a streamed frame re-renders only the reply that grows', () => {
    const items = [...Array.from({ length: 20 }, (_, i) => item(i)), item(20, { inversion: false, text: '', loading: true })];
    streamStore.start('m20');
    render(<List items={items} />);
    const updates = vi.spyOn(BlockSplitter.prototype, 'update');
    act(() => streamStore.append('你好'));
    act(() => streamStore.append('，世界'));
    // One ReplyMarkdown render per frame: the other 19 replies and questions stay untouched.
    expect(updates).toHaveBeenCalledTimes(2);
    expect(screen.getByText('你好，世界')).toBeTruthy();
  });
});
