import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { usePayment, type PaySource } from './usePayment.ts';

vi.mock('./toast.ts', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const source = (patch: Partial<PaySource<{ id: string }, string>> = {}): PaySource<{ id: string }, string> => ({
  key: 'p1',
  create: vi.fn(async () => ({ code: 200, message: '', success: true, data: { id: 'o1' } })),
  check: vi.fn(async () => null),
  pollMs: 1000,
  expireSeconds: 5,
  ...patch,
});

describe('usePayment', () => {
  it('makes the order, polls until paid, reports success once and stops the countdown', async () => {
    let paid = false;
    const src = source({ check: vi.fn(async () => (paid ? 'order-1' : null)) });
    const onPaid = vi.fn();
    const { result } = renderHook(() => usePayment(src, { onPaid }));
    expect(result.current.phase).toBe('loading');
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(result.current).toMatchObject({ phase: 'ready', order: { id: 'o1' }, secondsLeft: 5 });
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(src.check).toHaveBeenCalledTimes(2);
    expect(result.current.secondsLeft).toBe(3);
    paid = true;
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(result.current.phase).toBe('paid');
    expect(onPaid).toHaveBeenCalledExactlyOnceWith({ id: 'o1' }, 'order-1');
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(src.check).toHaveBeenCalledTimes(3);
    expect(result.current.phase).toBe('paid');
  });

  it('expires when the countdown ends, or makes a new order when the caller asks for one', async () => {
    const onExpired = vi.fn();
    const { result } = renderHook(() => usePayment(source(), { onPaid: vi.fn(), onExpired }));
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(result.current.phase).toBe('expired');
    expect(onExpired).toHaveBeenCalledTimes(1);

    const src = source();
    const again = renderHook(() => usePayment(src, { onPaid: vi.fn(), onExpired: () => 'refresh' }));
    await act(() => vi.advanceTimersByTimeAsync(5000));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(src.create).toHaveBeenCalledTimes(2);
    expect(again.result.current.phase).toBe('ready');
  });

  it('a refused order fails with the server message; idle (no key) makes nothing', async () => {
    const onRefused = vi.fn();
    const { result } = renderHook(() => usePayment(source({ create: async () => ({ code: 400, message: '优惠已使用', success: false, data: null as never }) }), { onPaid: vi.fn(), onRefused }));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(result.current.phase).toBe('failed');
    expect(onRefused).toHaveBeenCalledWith('优惠已使用');

    const idle = source({ key: null });
    renderHook(() => usePayment(idle, { onPaid: vi.fn() }));
    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(idle.create).not.toHaveBeenCalled();
  });

  it('a new key or closing aborts the signal of the create it superseded', async () => {
    const signals: AbortSignal[] = [];
    const create = vi.fn((signal: AbortSignal) => {
      signals.push(signal);
      return new Promise<never>(() => undefined); // still waiting (a guest's client_code)
    });
    const { rerender } = renderHook<unknown, { key: string | null }>(({ key }) => usePayment(source({ key, create }), { onPaid: vi.fn() }), { initialProps: { key: 'p1:wxpay' } });
    rerender({ key: 'p1:alipay' });
    expect(signals.map((s) => s.aborted)).toEqual([true, false]);
    rerender({ key: null });
    expect(signals[1]!.aborted).toBe(true);
    expect(create).toHaveBeenCalledTimes(2);
  });
});
