import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, waitFor } from '@testing-library/react';
import { mockApi, ok, resetSession } from '../../app/test/fixtures.ts';
import { useSession } from '../../lib/session.ts';
import { storage, StorageKey } from '../../lib/storage.ts';
import { resetClientOrderCheck } from './guest-order.ts';
import { useGuestOrderBinding } from './hooks/useGuestOrderBinding.ts';

vi.mock('../../lib/toast.ts', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

function Host() {
  useGuestOrderBinding();
  return null;
}

beforeEach(() => {
  resetClientOrderCheck();
  resetSession({ ready: false });
});
afterEach(() => vi.unstubAllGlobals());

describe('guest orders (SPEC §2.6)', () => {
  it('on start, a guest with a paid unbound order is offered to log in with its number', async () => {
    storage.set(StorageKey.clientCode, 'cc1', null);
    const api = mockApi({ 'GET /api/order/client-order': () => ok({ order_sn: 'G1' }) });
    render(<Host />);
    act(() => useSession.setState({ ready: true }));
    await waitFor(() => expect(useSession.getState()).toMatchObject({ loginOpen: true, showOrder: true, orderSn: 'G1' }));
    expect(api.count('GET', '/api/order/client-order')).toBe(1);
  });

  it('logging in while the order waits binds it and refreshes the user', async () => {
    const api = mockApi({
      'GET /api/order/client-order': () => ok({ order_sn: null }),
      'POST /api/order/bind': () => ok({ order_sn: 'G2', package_name: '体验月卡' }),
      'GET /api/user/info': () => ok(null),
      'GET /balance/query': () => ok(null),
    });
    render(<Host />);
    act(() => useSession.getState().openLogin({ orderSn: 'G2' }));
    await act(() => useSession.getState().login('tok'));
    await waitFor(() => expect(api.count('POST', '/api/order/bind')).toBe(1));
    expect(api.calls.find((c) => c.path === '/api/order/bind')?.body).toEqual({ order_sn: 'G2' });
    await waitFor(() => expect(useSession.getState()).toMatchObject({ showOrder: false, orderSn: '' }));
    await waitFor(() => expect(api.count('GET', '/api/user/info')).toBeGreaterThanOrEqual(2));
  });

  it('a plain login binds nothing; a logged-in start asks nothing', async () => {
    const api = mockApi({ 'GET /api/user/info': () => ok(null), 'GET /balance/query': () => ok(null) });
    storage.set(StorageKey.clientCode, 'cc1', null);
    render(<Host />);
    await act(() => useSession.getState().login('tok'));
    act(() => useSession.setState({ ready: true }));
    await new Promise((r) => setTimeout(r, 20));
    expect(api.count('POST', '/api/order/bind')).toBe(0);
    expect(api.count('GET', '/api/order/client-order')).toBe(0);
  });
});
