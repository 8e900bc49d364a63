import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { ReplyAnnouncer, type AnnouncedReply } from './ReplyAnnouncer.tsx';

const reply = (over: Partial<AnnouncedReply>): AnnouncedReply => ({ key: 'r1', loading: false, error: false, ...over });

describe('ReplyAnnouncer', () => {
  it('stays silent while a reply streams and speaks once when it ends', () => {
    const { rerender } = render(<ReplyAnnouncer reply={reply({ loading: true })} />);
    const region = screen.getByRole('status');
    expect(region.getAttribute('aria-live')).toBe('polite');
    expect(region.textContent).toBe('');
    rerender(<ReplyAnnouncer reply={reply({ loading: true })} />);
    expect(region.textContent).toBe('');
    rerender(<ReplyAnnouncer reply={reply({})} />);
    expect(region.textContent).toBe('AI 回复已完成');
    // The next reply clears it while it streams, so its end is a new announcement.
    rerender(<ReplyAnnouncer reply={reply({ key: 'r2', loading: true })} />);
    expect(region.textContent).toBe('');
    rerender(<ReplyAnnouncer reply={reply({ key: 'r2' })} />);
    expect(region.textContent).toBe('AI 回复已完成');
  });

  it('does not announce a reply that was already finished (history)', () => {
    render(<ReplyAnnouncer reply={reply({})} />);
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('says when a reply failed or was stopped', () => {
    const { rerender } = render(<ReplyAnnouncer reply={reply({ loading: true })} />);
    rerender(<ReplyAnnouncer reply={reply({ error: true })} />);
    expect(screen.getByRole('status').textContent).toBe('AI 回复失败');
    rerender(<ReplyAnnouncer reply={reply({ key: 'r2', loading: true })} />);
    rerender(<ReplyAnnouncer reply={reply({ key: 'r2', status: 'stopped' })} />);
    expect(screen.getByRole('status').textContent).toBe('AI 回复已停止');
  });
});
