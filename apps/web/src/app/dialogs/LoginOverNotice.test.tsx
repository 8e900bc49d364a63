import { beforeEach, describe, expect, it } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import { Code } from '@app/shared/codes';
import { emit, on } from '../../lib/events.ts';
import { handleReplyCode } from '../../lib/http.ts';
import { useSession } from '../../lib/session.ts';
import { globalConfig, mockApi, ok, resetSession, website } from '../test/fixtures.ts';
import { useSessionEvents } from '../useSessionEvents.ts';
import { DialogHost } from './DialogHost.tsx';
import { resetNoticeAutoOpen, useNoticeAutoOpen } from './useNoticeAutoOpen.ts';

const LAZY = { timeout: 5000 };
const notice = { has: true, id: 9, title: '系统公告', content: '公告内容', noticeInfo: '' };

function Host() {
  useSessionEvents();
  useNoticeAutoOpen(true);
  return <DialogHost />;
}

beforeEach(() => {
  mockApi({
    'GET /api/login/wechat-qrcode': () => ok({ wxUrl: 'http://localhost/api/dev/wechat/scan?scene=login_x', isImage: false, loginTicket: 'login_x', expiresIn: 300 }),
    'GET /api/login/wechat': () => ({ body: { code: 202 } }),
  });
  resetNoticeAutoOpen();
  resetSession({ ready: true, website: website(), globalConfig: globalConfig({ notice, isAutoOpenNotice: 1 }) });
});

describe('a bad stored token (403000) and the notice (SPEC §8)', () => {
  it('opens the login dialog alone: the open notice waits closed, then comes back', { timeout: 20_000 }, async () => {
    render(<Host />);
    await screen.findByRole('dialog', { name: /系统公告/ }, LAZY);
    act(() => handleReplyCode({ code: Code.TOKEN_INVALID, message: '登录已失效', success: false, data: null }, '/api/user/info', true));
    const login = await screen.findByRole('dialog', { name: /欢迎使用 测试站/ }, LAZY);
    // One dialog in the document, none hidden from screen readers, focus inside it.
    await waitFor(() => expect(screen.queryAllByRole('dialog', { hidden: true })).toEqual([login]));
    expect(login.closest('[aria-hidden="true"]')).toBeNull();
    await waitFor(() => expect(login.contains(document.activeElement)).toBe(true));
    expect(useSession.getState().loginOpen).toBe(true);

    act(() => useSession.getState().closeLogin());
    const notice = await screen.findByRole('dialog', { name: /系统公告/ }, LAZY);
    await waitFor(() => expect(screen.queryAllByRole('dialog', { hidden: true })).toEqual([notice]));
    await waitFor(() => expect(notice.contains(document.activeElement)).toBe(true));
  });

  it('is not lost when it comes before the app listens', async () => {
    emit('token-invalid');
    let seen = 0;
    const off = on('token-invalid', () => seen++);
    expect(seen).toBe(1);
    off();
    const off2 = on('token-invalid', () => seen++);
    expect(seen).toBe(1);
    off2();
  });

  it('the notice waits while the login is open', { timeout: 20_000 }, async () => {
    act(() => useSession.getState().openLogin());
    render(<Host />);
    await screen.findByRole('dialog', { name: /欢迎使用 测试站/ }, LAZY);
    await waitFor(() => expect(screen.getAllByRole('dialog')).toHaveLength(1));
    expect(useSession.getState().dialog).toBeNull();
  });
});
