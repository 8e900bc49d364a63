import { STORAGE_DEFAULT_EXPIRE_SECONDS } from '@app/shared/constants';

/** Local keys of SPEC §3. */
export const StorageKey = {
  token: 'SECRET_TOKEN',
  clientCode: 'client_code',
  previousPage: 'previous_page',
  currentPage: 'current_page',
  settings: 'settingsStorage',
  prompts: 'promptStore',
  appSetting: 'appSetting',
  chat: 'chatStorage',
  invitedBy: 'invitedBy',
  noticeHidden: 'noticeHidden',
  botType: 'botType',
  /** SPEC §3 local setting: the document chat's output language. */
  outLang: 'outLang',
  /** Issue 30: the last global config and website info, painted from on the next visit (lib/session.ts). */
  configCache: 'configCache',
} as const;

interface Entry<T> {
  data: T;
  /** Epoch ms; null never expires. */
  expire: number | null;
}

/**
 * localStorage with an optional expiry per entry; an expired entry is removed on read.
 * `expireSeconds` undefined uses the default (604800 s); null stores without expiry.
 */
export const storage = {
  set<T>(key: string, data: T, expireSeconds: number | null = STORAGE_DEFAULT_EXPIRE_SECONDS) {
    const entry: Entry<T> = { data, expire: expireSeconds === null ? null : Date.now() + expireSeconds * 1000 };
    try {
      localStorage.setItem(key, JSON.stringify(entry));
    } catch {
      // Private mode or a full quota: the app keeps working without persistence.
    }
  },
  get<T>(key: string): T | null {
    let raw: string | null;
    try {
      raw = localStorage.getItem(key);
    } catch {
      return null;
    }
    if (raw === null) return null;
    try {
      const entry = JSON.parse(raw) as Entry<T>;
      if (entry && typeof entry === 'object' && 'data' in entry) {
        if (entry.expire !== null && entry.expire !== undefined && entry.expire < Date.now()) {
          localStorage.removeItem(key);
          return null;
        }
        return entry.data;
      }
      return entry;
    } catch {
      return raw as unknown as T;
    }
  },
  remove(key: string) {
    try {
      localStorage.removeItem(key);
    } catch {
      /* ignore */
    }
  },
};

export const tokenStore = {
  get: () => storage.get<string>(StorageKey.token),
  set: (token: string) => storage.set(StorageKey.token, token),
  clear: () => storage.remove(StorageKey.token),
};
