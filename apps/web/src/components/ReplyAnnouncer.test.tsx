import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { ReplyAnnouncer, spokenText, type AnnouncedReply } from './ReplyAnnouncer.tsx';

const reply = (over: Partial<AnnouncedReply>): AnnouncedReply => ({ key: 'r1', text: '', loading: false, error: false, ...over });

describe('ReplyAnnouncer', () => {
  it('stays silent while a reply streams and speaks it once when it ends', () => {
    const { rerender } = render(<ReplyAnnouncer reply={reply({ loading: true, text: '你' })} />);
    const region = screen.getByRole('status');
    expect(region.getAttribute('aria-live')).toBe('polite');
    expect(region.textContent).toBe('');
    rerender(<ReplyAnnouncer reply={reply({ loading: true, text: '你好，' })} />);
    rerender(<ReplyAnnouncer reply={reply({ loading: true, text: '你好，**世界**' })} />);
    expect(region.textContent).toBe('');
    rerender(<ReplyAnnouncer reply={reply({ text: '你好，**世界**' })} />);
    expect(region.textContent).toBe('AI 回复：你好，世界');
    // Re-renders of the finished reply say nothing new; the next reply clears it while it streams.
    rerender(<ReplyAnnouncer reply={reply({ text: '你好，**世界**' })} />);
    expect(region.textContent).toBe('AI 回复：你好，世界');
    rerender(<ReplyAnnouncer reply={reply({ key: 'r2', loading: true, text: '再' })} />);
    expect(region.textContent).toBe('');
  });

  it('does not announce a reply that was already finished (history)', () => {
    render(<ReplyAnnouncer reply={reply({ text: '旧的回答' })} />);
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('says when a reply failed or was stopped', () => {
    const { rerender } = render(<ReplyAnnouncer reply={reply({ loading: true })} />);
    rerender(<ReplyAnnouncer reply={reply({ error: true, errorText: '网络异常' })} />);
    expect(screen.getByRole('status').textContent).toBe('AI 回复失败：网络异常');
    rerender(<ReplyAnnouncer reply={reply({ key: 'r2', loading: true, text: '一半' })} />);
    rerender(<ReplyAnnouncer reply={reply({ key: 'r2', text: '一半', status: 'stopped' })} />);
    expect(screen.getByRole('status').textContent).toBe('AI 回复已停止：一半');
  });

  it('reads Markdown as plain text, cut to a length', () => {
    expect(spokenText('# 标题\n- 一项 [链接](https://x.cn)\n```py\nprint(1)\n```')).toBe('标题 一项 链接 print(1)');
    expect(spokenText('字'.repeat(700))).toHaveLength(601);
  });
});
