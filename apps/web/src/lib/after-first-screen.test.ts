import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { globalConfig } from '../app/test/fixtures.ts';
import { FIRST_SCREEN_SETTLE_MS } from './first-screen-settle.ts';

/** Its 5 s fallback: the tests below stay well under it, so a pass means the config was waited for. */
const FALLBACK_MS = 5000;

// Once per page load: each test takes a fresh copy of the module, and of the session store it reads.
const fresh = async () => {
  vi.resetModules();
  const { useSession } = await import('./session.ts');
  return { ...(await import('./after-first-screen.ts')), useSession };
};

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('warmAfterFirstScreen (issue 30)', () => {
  it('fetches nothing until the config is in and the first screen has had its settle time, then once', async () => {
    const { warmAfterFirstScreen, useSession } = await fresh();
    const load = vi.fn(() => Promise.resolve());
    warmAfterFirstScreen(load);
    await vi.advanceTimersByTimeAsync(1000);
    expect(load).not.toHaveBeenCalled(); // no config yet: the layout has not drawn

    useSession.setState({ globalConfig: globalConfig() });
    await vi.advanceTimersByTimeAsync(FIRST_SCREEN_SETTLE_MS - 10);
    expect(load).not.toHaveBeenCalled();
    // The settle time, then the idle callback (jsdom has none: 200 ms), still before the fallback.
    await vi.advanceTimersByTimeAsync(300);
    expect(1000 + FIRST_SCREEN_SETTLE_MS + 290).toBeLessThan(FALLBACK_MS);
    expect(load).toHaveBeenCalledTimes(1);

    // Later screens (a navigation after the first) warm at once.
    const later = vi.fn(() => Promise.resolve());
    warmAfterFirstScreen(later);
    await vi.advanceTimersByTimeAsync(0);
    expect(later).toHaveBeenCalledTimes(1);
  });

  it('leaves a failed download to the import that needs it (no unhandled rejection)', async () => {
    const { warmAfterFirstScreen, useSession } = await fresh();
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    try {
      useSession.setState({ globalConfig: globalConfig() });
      const load = vi.fn(() => Promise.reject(new Error('chunk failed')));
      warmAfterFirstScreen(load);
      await vi.advanceTimersByTimeAsync(FIRST_SCREEN_SETTLE_MS + 300);
      expect(load).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(0);
      expect(unhandled).not.toHaveBeenCalled();
    } finally {
      process.off('unhandledRejection', unhandled);
    }
  });
});
