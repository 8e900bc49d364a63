import { create } from 'zustand';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '@app/shared/constants';
import { detectEnv, type ClientEnv } from './env.ts';
import { storage, StorageKey } from './storage.ts';

export type Theme = 'auto' | 'light' | 'dark';
export const THEMES: readonly Theme[] = ['auto', 'light', 'dark'];

/** SPEC §3 "App settings" (local key appSetting, stored without expiry). */
export interface AppSetting {
  siderCollapsed: boolean;
  theme: Theme;
  language: Locale;
  env: ClientEnv;
}

interface AppSettingState extends AppSetting {
  setTheme(theme: Theme): void;
  setLanguage(language: Locale): void;
  setSiderCollapsed(collapsed: boolean): void;
}

export function readAppSetting(): AppSetting {
  const saved = storage.get<Partial<AppSetting>>(StorageKey.appSetting) ?? {};
  return {
    siderCollapsed: saved.siderCollapsed === true,
    theme: THEMES.includes(saved.theme as Theme) ? (saved.theme as Theme) : 'auto',
    language: LOCALES.includes(saved.language as Locale) ? (saved.language as Locale) : DEFAULT_LOCALE,
    env: detectEnv(),
  };
}

const persist = (s: AppSetting) =>
  storage.set<AppSetting>(StorageKey.appSetting, { siderCollapsed: s.siderCollapsed, theme: s.theme, language: s.language, env: s.env }, null);

export const useAppSetting = create<AppSettingState>((set, get) => {
  const update = (patch: Partial<AppSetting>) => {
    set(patch);
    persist(get());
  };
  return {
    ...readAppSetting(),
    setTheme: (theme) => update({ theme }),
    setLanguage: (language) => update({ language }),
    setSiderCollapsed: (siderCollapsed) => update({ siderCollapsed }),
  };
});
