import { useEffect } from 'react';
import { useSession } from '../lib/session.ts';

const MIN_GAP_MS = 2000;
const POLL_MS = 5 * 60_000;

/**
 * Open pages pick up the operator's changes (site name, menu, notice, login ways) without a reload:
 * the global config and website info are fetched again when the page comes back into view or gets
 * focus, and every few minutes while visible. The server drops its cached config on every instance
 * when an admin saves, so the next fetch sees the change.
 */
export function useConfigRefresh() {
  useEffect(() => {
    let last = Date.now();
    const refresh = () => {
      if (document.visibilityState !== 'visible' || Date.now() - last < MIN_GAP_MS) return;
      const s = useSession.getState();
      if (!s.ready) return;
      last = Date.now();
      s.loadGlobal().catch(() => {
        // Keep what the page has; the next focus tries again.
      });
    };
    const timer = setInterval(refresh, POLL_MS);
    window.addEventListener('focus', refresh);
    document.addEventListener('visibilitychange', refresh);
    return () => {
      clearInterval(timer);
      window.removeEventListener('focus', refresh);
      document.removeEventListener('visibilitychange', refresh);
    };
  }, []);
}
