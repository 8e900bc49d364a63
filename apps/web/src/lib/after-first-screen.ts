import { FIRST_SCREEN_SETTLE_MS } from './first-screen-settle.ts';
import { useSession } from './session.ts';

let ready: Promise<void> | null = null;

/**
 * Resolves once the first screen has had its chance to paint: the global config is in (the layout
 * waits for it to draw), the screen's own follow-up downloads (its lists, the notice) have had a
 * moment, and the browser is idle — at the latest 5 s after the first call. Code no screen draws
 * (tracking, the toaster) waits for it, so its downloads do not share the network with the first
 * screen's.
 */
export function afterFirstScreen(): Promise<void> {
  return (ready ??= new Promise<void>((resolve) => {
    const fallback = window.setTimeout(resolve, 5000);
    const whenIdle = () => {
      window.clearTimeout(fallback);
      const idle = window.requestIdleCallback ?? ((cb: () => void) => window.setTimeout(cb, 200));
      window.setTimeout(() => idle(() => resolve(), { timeout: 2000 }), FIRST_SCREEN_SETTLE_MS);
    };
    if (useSession.getState().globalConfig) return whenIdle();
    const stop = useSession.subscribe((s) => {
      if (!s.globalConfig) return;
      stop();
      whenIdle();
    });
  }));
}

/**
 * Fetches code a screen may soon need but does not draw at first (the markdown renderer of a chat
 * with no messages yet) once the first screen is up, so it never lands before that screen's
 * largest paint. A failed download is left to the import that needs it.
 */
export function warmAfterFirstScreen(load: () => Promise<unknown>) {
  void afterFirstScreen()
    .then(load)
    .catch(() => {});
}
