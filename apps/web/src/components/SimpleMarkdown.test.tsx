import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { parseBlocks, SimpleMarkdown } from './SimpleMarkdown.tsx';

describe('SimpleMarkdown', () => {
  it('parses headings, bullet and numbered lists and paragraphs', () => {
    expect(parseBlocks('# 标题\n\n- 一\n- 二\n\n1. 甲\n2. 乙\n\n第一行\n第二行')).toEqual([
      { kind: 'heading', level: 1, text: '标题' },
      { kind: 'ul', items: ['一', '二'] },
      { kind: 'ol', items: ['甲', '乙'] },
      { kind: 'p', lines: ['第一行', '第二行'] },
    ]);
  });

  it('renders bold, code and safe links, and never raw HTML', () => {
    const { container } = render(
      <SimpleMarkdown source={'**重要** 请看 `code` 和 [文档](https://example.com) [坏](javascript:alert(1))\n<script>alert(1)</script><b onclick="x">粗</b>'} />,
    );
    expect(screen.getByText('重要').tagName).toBe('STRONG');
    expect(screen.getByText('code').tagName).toBe('CODE');
    const link = screen.getByRole('link', { name: '文档' });
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(screen.queryByRole('link', { name: '坏' })).toBeNull();
    expect(container.querySelector('script, b')).toBeNull();
    expect(container.textContent).toContain('粗');
  });
});
