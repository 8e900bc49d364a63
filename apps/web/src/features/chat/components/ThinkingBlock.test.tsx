import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { useRef } from 'react';
import { streamStore } from '../stores/stream-store.ts';
import type { ChatItem } from '../types.ts';
import { MessageList } from './MessageList.tsx';
import { ThinkingBlock } from './ThinkingBlock.tsx';
import '../locales.ts';

afterEach(() => {
  streamStore.clear();
  vi.useRealTimers();
});

const reply = (patch: Partial<ChatItem>): ChatItem => ({
  key: 'r1',
  id: 2,
  dateTime: '',
  text: '',
  inversion: false,
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
      <MessageList items={items} modelCode="ai_35" generating={false} mobile={false} scrollRef={scrollRef} contentRef={() => {}} />
    </div>
  );
}

describe('ThinkingBlock', () => {
  it('open while it thinks, the seconds counting; folded to 已深度思考 N 秒 once the answer begins; opens again on a click', () => {
    vi.useFakeTimers();
    const startedAt = Date.now() - 3000;
    const { rerender } = render(<ThinkingBlock text="先想一想" ms={null} startedAt={startedAt} />);
    const button = screen.getByRole('button', { name: '深度思考中… 3 秒' });
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('region', { name: '思考过程' }).textContent).toBe('先想一想');
    act(() => void vi.advanceTimersByTime(2000));
    expect(screen.getByRole('button', { name: '深度思考中… 5 秒' })).toBeTruthy();

    rerender(<ThinkingBlock text="先想一想" ms={5400} startedAt={startedAt} />);
    const folded = screen.getByRole('button', { name: '已深度思考 5 秒' });
    expect(folded.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('region', { name: '思考过程' })).toBeNull();
    fireEvent.click(folded);
    expect(screen.getByRole('region', { name: '思考过程' }).textContent).toBe('先想一想');
  });

  it('a saved reply shows its thinking folded above the answer, and the answer alone is the text', () => {
    render(<List items={[reply({ text: '答案是 42。', thinking: '想了又想', thinkingMs: 12_000 })]} />);
    expect(screen.getByRole('button', { name: '已深度思考 12 秒' }).getAttribute('aria-expanded')).toBe('false');
    expect(screen.getByText('答案是 42。')).toBeTruthy();
    // Out of picture exports (copy and read-aloud take item.text, which holds the answer only).
    expect(screen.getByRole('button', { name: '已深度思考 12 秒' }).closest('[data-export-ignore]')).toBeTruthy();
  });

  it('a streaming reply: the thinking shows as it comes, and folds when the answer starts', () => {
    render(<List items={[reply({ id: null, loading: true })]} />);
    act(() => {
      streamStore.start('r1');
      streamStore.appendThinking('第一步，');
      streamStore.appendThinking('第二步。');
    });
    expect(screen.getByRole('region', { name: '思考过程' }).textContent).toBe('第一步，第二步。');
    expect(screen.getByRole('button', { name: /深度思考中/ }).getAttribute('aria-expanded')).toBe('true');
    act(() => streamStore.set('答案'));
    expect(screen.getByRole('button', { name: /已深度思考 \d+ 秒/ }).getAttribute('aria-expanded')).toBe('false');
    expect(screen.getByText('答案')).toBeTruthy();
  });
});
