import { useEffect, useSyncExternalStore } from 'react';
import { useAppSetting, type Theme } from './app-setting.ts';

const DARK_QUERY = '(prefers-color-scheme: dark)';

export function systemPrefersDark() {
  return typeof matchMedia === 'function' && matchMedia(DARK_QUERY).matches;
}

export const isDarkTheme = (theme: Theme) => theme === 'dark' || (theme === 'auto' && systemPrefersDark());

/** Puts `dark` on <html> and keeps the browser chrome colour in step. */
export function applyTheme(theme: Theme) {
  const dark = isDarkTheme(theme);
  document.documentElement.classList.toggle('dark', dark);
  document.documentElement.style.colorScheme = dark ? 'dark' : 'light';
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', dark ? '#0a0a0a' : '#ffffff');
}

/** Applies the stored theme now and whenever it or (in auto) the system preference changes. */
export function useThemeSync() {
  const theme = useAppSetting((s) => s.theme);
  useEffect(() => {
    applyTheme(theme);
    if (theme !== 'auto' || typeof matchMedia !== 'function') return;
    const mq = matchMedia(DARK_QUERY);
    const onChange = () => applyTheme('auto');
    mq.addEventListener('change', onChange);
    return () => mq.removeEventListener('change', onChange);
  }, [theme]);
}

function subscribeSystem(onChange: () => void) {
  if (typeof matchMedia !== 'function') return () => {};
  const mq = matchMedia(DARK_QUERY);
  mq.addEventListener('change', onChange);
  return () => mq.removeEventListener('change', onChange);
}

/** 'dark' or 'light' as shown now, for components that take a theme prop (the toaster). */
export function useResolvedTheme(): 'dark' | 'light' {
  const theme = useAppSetting((s) => s.theme);
  const systemDark = useSyncExternalStore(subscribeSystem, systemPrefersDark, () => false);
  return theme === 'dark' || (theme === 'auto' && systemDark) ? 'dark' : 'light';
}
