import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { emit } from '../lib/events.ts';
import { setLanguage } from '../lib/i18n.ts';
import { useSession } from '../lib/session.ts';
import { tokenStore } from '../lib/storage.ts';
import { toast } from '../lib/toast.ts';
import { resetSession, user } from './test/fixtures.ts';
import { useSessionEvents } from './useSessionEvents.ts';

vi.mock('../lib/toast.ts', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

beforeEach(() => {
  tokenStore.set('t');
  resetSession({ token: 't', userInfo: user(), ready: true });
  vi.mocked(toast.error).mockClear();
});

describe('session events (SPEC §8)', () => {
  it('token-invalid clears the session and opens login', () => {
    renderHook(() => useSessionEvents());
    act(() => emit('token-invalid'));
    expect(useSession.getState()).toMatchObject({ token: null, userInfo: null, loginOpen: true });
  });

  it('need-login clears the session, opens login once ready and toasts the message', () => {
    renderHook(() => useSessionEvents());
    act(() => emit('need-login', { message: '请先登录', url: '/api/x' }));
    expect(useSession.getState()).toMatchObject({ token: null, loginOpen: true });
    expect(toast.error).toHaveBeenCalledWith('请先登录');
  });

  it("need-login says the generic 401 in the user's language, a server's own message as it is (SPEC §8)", async () => {
    renderHook(() => useSessionEvents());
    await act(() => setLanguage('en-US'));
    try {
      vi.setSystemTime(Date.now() + 5000);
      act(() => emit('need-login', { message: '请先登录', url: '/api/x' }));
      expect(toast.error).toHaveBeenLastCalledWith('Unauthorized, please verify first.');
      vi.setSystemTime(Date.now() + 5000); // past the 3 s toast throttle
      act(() => emit('need-login', { message: '', url: '/api/x' }));
      expect(toast.error).toHaveBeenLastCalledWith('Unauthorized, please verify first.');
      vi.setSystemTime(Date.now() + 5000);
      act(() => emit('need-login', { message: '登录已过期，请重新登录', url: '/api/x' }));
      expect(toast.error).toHaveBeenLastCalledWith('登录已过期，请重新登录');
    } finally {
      vi.useRealTimers();
      await act(() => setLanguage('zh-CN'));
    }
  });

  it('need-login before the config has loaded does not open login', () => {
    useSession.setState({ ready: false });
    renderHook(() => useSessionEvents());
    act(() => emit('need-login', { message: '请先登录', url: '/api/x' }));
    expect(useSession.getState()).toMatchObject({ token: null, loginOpen: false });
  });

  it('balance-low opens the goods dialog and ppt-quota the ppt dialog', () => {
    renderHook(() => useSessionEvents());
    act(() => emit('balance-low', { code: 408001, message: '' }));
    expect(useSession.getState().dialog).toBe('goods');
    act(() => emit('ppt-quota', { code: 508001, message: '' }));
    expect(useSession.getState().dialog).toBe('ppt');
  });

  it('stops listening when unmounted', () => {
    const hook = renderHook(() => useSessionEvents());
    hook.unmount();
    act(() => emit('balance-low', { code: 408001, message: '' }));
    expect(useSession.getState().dialog).toBeNull();
  });
});
