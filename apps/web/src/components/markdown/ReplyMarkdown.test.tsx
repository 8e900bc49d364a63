import { beforeAll, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { rendererModule } from './modules.ts';
import { ReplyMarkdown } from './ReplyMarkdown.tsx';

const parsed: string[] = [];
// Count parses: every render of react-markdown is one parse of its source.
vi.mock('react-markdown', () => ({
  default: ({ children }: { children: string }) => {
    parsed.push(children);
    return <p>{children}</p>;
  },
}));

beforeAll(async () => {
  await rendererModule.load();
});

describe('ReplyMarkdown', () => {
  it('parses only the growing tail while streaming, each finished block once', () => {
    const paragraphs = Array.from({ length: 30 }, (_, i) => `第${i}段，内容`);
    const { rerender } = render(<ReplyMarkdown text="" streaming />);
    parsed.length = 0;
    let text = '';
    let frames = 0;
    for (const p of paragraphs) {
      for (const piece of [p.slice(0, 2), p.slice(2), '\n\n']) {
        text += piece;
        rerender(<ReplyMarkdown text={text} streaming />);
        frames++;
      }
    }
    // Linear: about one parse per frame (the tail) plus at most one per finished block.
    expect(parsed.length).toBeLessThanOrEqual(frames + paragraphs.length);
    // No parse ever saw the whole reply again once it had several blocks.
    expect(parsed.every((source) => source.length < 20)).toBe(true);
    expect(screen.getByText('第29段，内容')).toBeTruthy();
  });
});
