import { create } from 'zustand';
import type { BalanceReply, GlobalConfigFields, Mask, Notice, PackageItem, UserInfo, WebsiteInfoReply } from '@app/shared';
import { callRoute, endpoint } from './api.ts';
import { forgetFirstFrame } from './first-frame.ts';
import { storage, StorageKey, tokenStore } from './storage.ts';

const globalConfigEp = endpoint('config.globalConfig', 'GET', '/api/config/global');
const websiteInfo = endpoint('config.websiteInfo', 'GET', '/api/website/info');
const userInfoEp = endpoint('user.info', 'GET', '/api/user/info');
const balanceEp = endpoint('user.balance', 'GET', '/balance/query');
const packagesEp = endpoint('billing.packages', 'GET', '/api/package/index');
const logoutEp = endpoint('auth.logout', 'POST', '/api/logout');

export type GlobalConfig = GlobalConfigFields & { masks: Mask[]; notice: Notice };

/**
 * The last global config and website info this browser received (issue 30): the layout paints from
 * it at once on a later visit while boot fetches both again in the background. Both are the site's,
 * the same for every visitor (no user data). The shape version drops a copy written by a build whose
 * fields differ; the copy expires after the storage default (7 days).
 */
const CONFIG_CACHE_VERSION = 1;
interface CachedConfig {
  v: number;
  globalConfig: GlobalConfig;
  website: WebsiteInfoReply;
}

export function readCachedConfig(): { globalConfig: GlobalConfig; website: WebsiteInfoReply } | null {
  const c = storage.get<CachedConfig>(StorageKey.configCache);
  if (!c || typeof c !== 'object' || c.v !== CONFIG_CACHE_VERSION || !c.globalConfig || typeof c.globalConfig !== 'object') return null;
  if (!c.website || typeof c.website !== 'object' || !c.website.website) return null;
  return { globalConfig: c.globalConfig, website: c.website };
}

function writeCachedConfig(globalConfig: GlobalConfig, website: WebsiteInfoReply) {
  storage.set<CachedConfig>(StorageKey.configCache, { v: CONFIG_CACHE_VERSION, globalConfig, website });
}

const cached = readCachedConfig();

export type { PackageItem };

/** Dialog kinds the layout hosts (SPEC §2.3). The login dialog has its own flag. */
export type DialogKind = 'pay' | 'goods' | 'notice' | 'bindWechat' | 'signIn' | 'ppt' | 'feedback' | 'redeem';

interface SessionState {
  token: string | null;
  userInfo: UserInfo | null;
  balance: BalanceReply | null;
  globalConfig: GlobalConfig | null;
  website: WebsiteInfoReply | null;
  packages: PackageItem[];
  /** True once the global config has loaded (SPEC §8: 401 opens login only after this). */
  ready: boolean;
  loginOpen: boolean;
  /** A paid guest order waiting to be bound after login (SPEC §2.6). */
  showOrder: boolean;
  orderSn: string;
  dialog: DialogKind | null;

  loadGlobal(): Promise<void>;
  loadUser(): Promise<void>;
  loadPackages(): Promise<void>;
  login(token: string): Promise<void>;
  /** Drops the session locally (after logout or an invalid token). */
  clearSession(): void;
  logout(): Promise<void>;
  openLogin(order?: { orderSn: string }): void;
  closeLogin(): void;
  openDialog(kind: DialogKind): void;
  closeDialog(): void;
}

export const useSession = create<SessionState>((set, get) => ({
  token: tokenStore.get(),
  userInfo: null,
  balance: null,
  // A cached copy is shown until boot's fetch replaces it; `ready` still waits for that fetch.
  globalConfig: cached?.globalConfig ?? null,
  website: cached?.website ?? null,
  packages: [],
  ready: false,
  loginOpen: false,
  showOrder: false,
  orderSn: '',
  dialog: null,

  async loadGlobal() {
    const [global, website] = await Promise.all([
      callRoute(globalConfigEp, undefined, { silent: true }),
      callRoute(websiteInfo, undefined, { silent: true }),
    ]);
    const globalConfig = { ...global.list, masks: global.masks, notice: global.notice };
    set({ globalConfig, website, ready: true });
    writeCachedConfig(globalConfig, website);
  },

  async loadUser() {
    if (!tokenStore.get()) return;
    const [userInfo, balance] = await Promise.all([
      callRoute(userInfoEp, undefined, { silent: true }),
      callRoute(balanceEp, undefined, { silent: true }),
    ]);
    set({ userInfo, balance });
  },

  async loadPackages() {
    const data = await callRoute(packagesEp, undefined, { silent: true });
    set({ packages: data.list });
  },

  async login(token) {
    tokenStore.set(token);
    storage.remove(StorageKey.invitedBy);
    set({ token, loginOpen: false });
    await get().loadUser();
  },

  clearSession() {
    tokenStore.clear();
    // The next visit's first frame shows what this user saw (app/layout/Layout.tsx).
    forgetFirstFrame();
    set({ token: null, userInfo: null, balance: null });
  },

  async logout() {
    try {
      if (tokenStore.get()) await callRoute(logoutEp, undefined, { silent: true });
    } catch {
      // The local session ends regardless.
    }
    // SPEC §4.3: logout also drops the saved chat.
    storage.remove(StorageKey.chat);
    get().clearSession();
  },

  openLogin(order) {
    set({ loginOpen: true, showOrder: !!order, orderSn: order?.orderSn ?? '' });
  },
  closeLogin() {
    set({ loginOpen: false, showOrder: false, orderSn: '' });
  },
  openDialog(kind) {
    set({ dialog: kind });
  },
  closeDialog() {
    set({ dialog: null });
  },
}));

let prefetched: Promise<void> | null = null;

/**
 * Issue 30: starts the global config download (the layout waits for it) as the entry's first
 * module runs (app/config-prefetch.ts), not once the whole entry has been evaluated; boot's start
 * takes it up instead of asking again.
 */
export function prefetchGlobalConfig() {
  if (prefetched) return;
  prefetched = useSession.getState().loadGlobal();
  prefetched.catch(() => {}); // boot's start reports the failure
}

/** The download prefetchGlobalConfig started, once (a retry after a failure asks again). */
export function takePrefetchedGlobal(): Promise<void> | null {
  const p = prefetched;
  prefetched = null;
  return p;
}
