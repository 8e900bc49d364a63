import { useSession } from './session.ts';

let ready: Promise<void> | null = null;

/**
 * Resolves once the first screen has had its chance to paint: the global config is in (the layout
 * waits for it to draw) and the browser is idle after that — at the latest 5 s after the first
 * call. Code no screen draws (tracking, the toaster) waits for it, so its downloads do not share
 * the network with the first screen's.
 */
export function afterFirstScreen(): Promise<void> {
  return (ready ??= new Promise<void>((resolve) => {
    const fallback = window.setTimeout(resolve, 5000);
    const whenIdle = () => {
      window.clearTimeout(fallback);
      const idle = window.requestIdleCallback ?? ((cb: () => void) => window.setTimeout(cb, 200));
      // The frame that draws the screen comes first, then the idle time after it.
      requestAnimationFrame(() => idle(() => resolve(), { timeout: 1500 }));
    };
    if (useSession.getState().globalConfig) return whenIdle();
    const stop = useSession.subscribe((s) => {
      if (!s.globalConfig) return;
      stop();
      whenIdle();
    });
  }));
}
