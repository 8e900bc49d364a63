import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { mmss, useCountdown } from './useCountdown.ts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('useCountdown', () => {
  it('ticks once a second against the clock and calls onEnd once at 0', () => {
    const onEnd = vi.fn();
    const { result } = renderHook(() => useCountdown(onEnd));
    act(() => result.current.start(3));
    expect(result.current).toMatchObject({ left: 3, running: true });
    act(() => void vi.advanceTimersByTime(1000));
    expect(result.current.left).toBe(2);
    act(() => void vi.advanceTimersByTime(2000));
    expect(result.current).toMatchObject({ left: 0, running: false });
    act(() => void vi.advanceTimersByTime(5000));
    expect(onEnd).toHaveBeenCalledTimes(1);
  });

  it('stop freezes it without calling onEnd', () => {
    const onEnd = vi.fn();
    const { result } = renderHook(() => useCountdown(onEnd));
    act(() => result.current.start(120));
    act(() => result.current.stop());
    act(() => void vi.advanceTimersByTime(200_000));
    expect(onEnd).not.toHaveBeenCalled();
    expect(result.current.running).toBe(false);
  });

  it('mmss', () => {
    expect(mmss(299)).toBe('04:59');
    expect(mmss(0)).toBe('00:00');
  });
});
