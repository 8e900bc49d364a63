import { create } from 'zustand';
import type { BalanceReply, GlobalConfigFields, Mask, Notice, PackageItem, UserInfo, WebsiteInfoReply } from '@app/shared';
import { callRoute, endpoint } from './api.ts';
import { storage, StorageKey, tokenStore } from './storage.ts';

const globalConfigEp = endpoint('config.globalConfig', 'GET', '/api/config/global');
const websiteInfo = endpoint('config.websiteInfo', 'GET', '/api/website/info');
const userInfoEp = endpoint('user.info', 'GET', '/api/user/info');
const balanceEp = endpoint('user.balance', 'GET', '/balance/query');
const packagesEp = endpoint('billing.packages', 'GET', '/api/package/index');
const logoutEp = endpoint('auth.logout', 'POST', '/api/logout');

export type GlobalConfig = GlobalConfigFields & { masks: Mask[]; notice: Notice };

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
  globalConfig: null,
  website: null,
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
    set({ globalConfig: { ...global.list, masks: global.masks, notice: global.notice }, website, ready: true });
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
