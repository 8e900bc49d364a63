import { create } from 'zustand';
import { useAppSetting } from '../lib/app-setting.ts';
import { setLanguage } from '../lib/i18n.ts';
import { takePrefetchedGlobal, useSession } from '../lib/session.ts';
import { isWechatBrowser } from '../lib/env.ts';
import { ApiError } from '../lib/http.ts';
import { tokenStore } from '../lib/storage.ts';
import { withTracking } from './tracking-loader.ts';

export type BootStatus = 'loading' | 'ready' | 'error';

interface BootState {
  status: BootStatus;
  /** SPEC §8 menu load failure: the server's message when it answered one (null: unreachable). */
  failure: string | null;
  /** Loads the global config (the layout waits for it), then the user when a token is stored. */
  start(): Promise<void>;
}

export const useBoot = create<BootState>((set) => ({
  status: 'loading',
  failure: null,
  async start() {
    const session = useSession.getState();
    // A retry after a failure asks again (the prefetched download is taken once).
    const loading = takePrefetchedGlobal() ?? session.loadGlobal();
    // Issue 30: with the config of an earlier visit in hand (lib/session.ts) the layout paints at
    // once; the fetch replaces the copy when it answers, and what followed the config before (the
    // silent login, the stored user) still follows it. A failed fetch keeps the copy (the next
    // focus refreshes it, app/useConfigRefresh.ts).
    if (session.globalConfig && session.website) {
      set({ status: 'ready', failure: null });
      await loading.catch(() => {});
      afterReady();
      return;
    }
    set({ status: 'loading', failure: null });
    try {
      await loading;
    } catch (e) {
      set({ status: 'error', failure: serverMessage(e) });
      return;
    }
    set({ status: 'ready' });
    afterReady();
  },
}));

/** Once the layout can paint: the silent WeChat login or the stored user. */
function afterReady() {
  const session = useSession.getState();
  // SPEC §4.3: inside WeChat with no token, log in silently through the OAuth redirect.
  if (!tokenStore.get() && isWechatBrowser()) void import('../features/auth/silent-login.ts').then((m) => m.silentLogin());
  if (tokenStore.get()) {
    session.loadUser().catch(() => {
      // A bad token is handled by the token-invalid / need-login events.
    });
  }
}

/** What the server said, if it answered (a network error or a non-JSON reply says nothing). */
function serverMessage(e: unknown) {
  if (!(e instanceof ApiError) || e.code === -1 || !e.message || e.message.startsWith('HTTP ')) return null;
  return e.message;
}

let booted = false;

/** Once per page load: language, tracking, client code and visit, then the config and the user. */
export function bootOnce() {
  if (booted) return;
  booted = true;
  // SPEC §4.9 forces zh-CN at start, §3 keeps appSetting.language: a language the user chose
  // stays across reloads, zh-CN otherwise (readAppSetting's default).
  void setLanguage(useAppSetting.getState().language);
  void useBoot.getState().start();
  withTracking((t) => {
    t.initTracking();
    void t.ensureClientCode().then(() => t.collectVisit());
  });
}
